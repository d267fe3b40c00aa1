import { describe, expect, it } from 'vitest';
import { OPERATIONS, operationPath } from '../../../../src/core/contract/operations';

const segments = (path: string) => path.split('/');

describe('an operation’s path', () => {
  it('fills each parameter as one segment, whatever the value holds', () => {
    const operation = OPERATIONS.importParser;
    const odd = '7/../../oauth/token?x=1#y';
    const path = operationPath(operation, { id: odd });
    expect(segments(path)).toHaveLength(segments(operation.path).length);
    const at = segments(operation.path).indexOf(':id');
    expect(decodeURIComponent(segments(path)[at])).toBe(odd);
    expect(path).not.toMatch(/[?#]/);
  });

  it('is the table’s path when it has no parameters, and refuses to leave one out', () => {
    expect(operationPath(OPERATIONS.importIndex)).toBe(OPERATIONS.importIndex.path);
    expect(() => operationPath(OPERATIONS.subjectShow, {})).toThrow(/needs its id/);
  });
});
