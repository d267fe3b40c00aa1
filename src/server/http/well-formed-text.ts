import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors';

/** A UTF-16 surrogate without its partner: not a character, and SQLite would store U+FFFD. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const MAX_REPORTED = 20;

function findLoneSurrogates(value: unknown, path: string, found: string[]): void {
  if (found.length >= MAX_REPORTED) return;
  if (typeof value === 'string') {
    if (LONE_SURROGATE.test(value)) found.push(path || '(body)');
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => findLoneSurrogates(item, path ? `${path}.${i}` : String(i), found));
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const here = path ? `${path}.${key}` : key;
      if (LONE_SURROGATE.test(key)) found.push(here);
      findLoneSurrogates(item, here, found);
    }
  }
}

/**
 * Refuses a body holding text that is not valid Unicode (422, each field named) instead of
 * storing it altered: the database would turn a lone surrogate into U+FFFD silently, and the
 * client would get back another text than it sent (docs/interface.md, "Text").
 */
export function refuseIllFormedText(scope: FastifyInstance): void {
  scope.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) return;
    const found: string[] = [];
    findLoneSurrogates(request.body, '', found);
    if (found.length > 0) {
      throw new ApiError(
        'validation_failed',
        'Some text is not valid Unicode (it holds half of a character); send it as valid UTF-8.',
        found.map((field) => ({ field, message: 'holds a lone UTF-16 surrogate' })),
      );
    }
  });
}
