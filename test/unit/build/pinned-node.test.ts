import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ES module next to the launcher, without type declarations
import { nodeDecision, pinnedMajor } from '../../../bin/pinned-node.js';

describe('which Node runs the command line', () => {
  it('reads the pinned major version from the node devDependency', () => {
    expect(pinnedMajor({ devDependencies: { node: '22.23.3' } })).toBe(22);
    expect(pinnedMajor({ devDependencies: {} })).toBeNull();
  });

  it('runs here on the pinned major, whatever the minor', () => {
    expect(nodeDecision({ running: '22.1.0', pinned: 22, path: '/x/node', guard: undefined })).toEqual({ action: 'run' });
  });

  it('re-executes under the pinned Node when started by another', () => {
    expect(nodeDecision({ running: '20.20.2', pinned: 22, path: '/x/node', guard: undefined })).toEqual({ action: 'reexec', path: '/x/node' });
  });

  it('refuses in one sentence when the pinned Node is missing, or a re-execution did not help', () => {
    for (const decision of [
      nodeDecision({ running: '20.20.2', pinned: 22, path: null, guard: undefined }),
      nodeDecision({ running: '20.20.2', pinned: 22, path: '/x/node', guard: '1' }),
    ]) {
      expect(decision.action).toBe('refuse');
      expect(decision.message).toMatch(/needs Node 22 \(it is running on Node 20\.20\.2\); run `npm ci`/);
      expect(decision.message).not.toContain('\n');
    }
  });
});
