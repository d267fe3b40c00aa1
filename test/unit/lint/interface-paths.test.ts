import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The interface's paths are written once, in the contract's operation table: the service
 * registers its routes from it and the client builds its requests from it. A path written
 * anywhere else (code or comment) could drift from the table without a test noticing.
 */
const root = resolve(__dirname, '../../..');
const CONTRACT = 'src/core/contract/';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mts|vue)$/.test(entry.name) ? [path] : [];
  });
}

/** Every line of src/ outside the contract that writes `text`, as `file:line`. */
function writtenOutsideContract(text: string): string[] {
  return sourceFiles(join(root, 'src'))
    .map((path) => relative(root, path).split('\\').join('/'))
    .filter((path) => !path.startsWith(CONTRACT))
    .flatMap((path) =>
      readFileSync(join(root, path), 'utf8')
        .split('\n')
        .flatMap((line, index) => (line.includes(text) ? [`${path}:${index + 1}`] : [])),
    );
}

describe('the interface paths', () => {
  it('are written nowhere in src/ but the contract', () => {
    expect(writtenOutsideContract('/api/v1')).toEqual([]);
    expect(writtenOutsideContract("'/v1/")).toEqual([]);
  });
});
