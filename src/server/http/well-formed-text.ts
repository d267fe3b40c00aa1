import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../core/contract/api-error';

/** A UTF-16 surrogate without its partner: not a character, and SQLite would store U+FFFD. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const MAX_REPORTED = 20;

/**
 * The fields of `body` whose text (or key) holds a lone surrogate, in document order, at most
 * MAX_REPORTED. Walked with a list rather than recursion, so no body can exhaust the stack.
 */
export function loneSurrogateFields(body: unknown): string[] {
  interface Pending {
    value: unknown;
    path: string;
    /** The key that leads to `value` holds a lone surrogate itself. */
    badKey: boolean;
  }
  const found: string[] = [];
  const pending: Pending[] = [{ value: body, path: '', badKey: false }];
  while (pending.length > 0 && found.length < MAX_REPORTED) {
    const { value, path, badKey } = pending.pop()!;
    if (badKey) found.push(path);
    if (typeof value === 'string') {
      if (LONE_SURROGATE.test(value)) found.push(path || '(body)');
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    const entries = Array.isArray(value) ? value.map((item, i) => [String(i), item] as const) : Object.entries(value);
    // Last entry first onto the list, so the first is looked at next.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i];
      pending.push({ value: item, path: path ? `${path}.${key}` : key, badKey: !Array.isArray(value) && LONE_SURROGATE.test(key) });
    }
  }
  return found.slice(0, MAX_REPORTED);
}

/**
 * Refuses a body holding text that is not valid Unicode (422, each field named) instead of
 * storing it altered: the database would turn a lone surrogate into U+FFFD silently, and the
 * client would get back another text than it sent (docs/interface.md, "Text").
 */
export function refuseIllFormedText(scope: FastifyInstance): void {
  scope.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) return;
    const found = loneSurrogateFields(request.body);
    if (found.length > 0) {
      throw new ApiError(
        'validation_failed',
        'Some text is not valid Unicode (it holds half of a character); send it as valid UTF-8.',
        found.map((field) => ({ field, message: 'holds a lone UTF-16 surrogate' })),
      );
    }
  });
}
