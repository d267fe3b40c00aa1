import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../core/contract/api-error';

/**
 * How deep arrays and objects may nest in a body. The interface's deepest body (an import's
 * participant with its fields) is four levels; 64 leaves room while keeping every walk over
 * a body (validation, the Unicode check, hashing) far from the stack's end: 3,000 levels in
 * 5 KB once answered 500.
 */
export const MAX_BODY_DEPTH = 64;

const FORM_TYPE = 'application/x-www-form-urlencoded';

// JSON is UTF-8 (RFC 8259 §8.1) whatever charset a client declares; a lenient decoder
// would store each broken byte as U+FFFD and answer 201 with another text than was sent.
const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeUtf8(body: Buffer): string {
  try {
    return utf8.decode(body);
  } catch {
    throw new ApiError('invalid_encoding', 'The request body is not valid UTF-8; send text encoded as UTF-8.');
  }
}

/** Whether arrays and objects nest deeper than `max`, counted in one pass without recursion. */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character, a quote included
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * Parses JSON bodies from their bytes: refused as `invalid_encoding` when they are not UTF-8,
 * and as malformed when they nest deeper than MAX_BODY_DEPTH, before anything walks them.
 * Fastify's own parser (with its prototype-poisoning checks) does the rest.
 */
export function parseJsonStrictly(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request: FastifyRequest, body: Buffer, done) => {
    const text = decodeUtf8(body);
    if (nestsDeeperThan(text, MAX_BODY_DEPTH)) {
      throw new ApiError('bad_request', `The request body nests arrays and objects deeper than ${MAX_BODY_DEPTH} levels.`);
    }
    parseJson(request, text, done);
  });
}

function decodeFormComponent(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    throw new ApiError('invalid_encoding', 'The form body is not valid percent-encoded UTF-8.');
  }
}

/**
 * Form bodies (the OAuth grant) from their bytes, held to UTF-8 like JSON, their escapes
 * too. A field sent twice becomes a list, which the schema then refuses.
 */
export function parseFormsStrictly(scope: FastifyInstance): void {
  scope.addContentTypeParser(FORM_TYPE, { parseAs: 'buffer' }, (_request: FastifyRequest, body: Buffer, done) => {
    const fields: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
    for (const pair of decodeUtf8(body).split('&')) {
      if (pair === '') continue;
      const equals = pair.indexOf('=');
      const key = decodeFormComponent(equals < 0 ? pair : pair.slice(0, equals));
      const value = equals < 0 ? '' : decodeFormComponent(pair.slice(equals + 1));
      const seen = fields[key];
      if (seen === undefined) fields[key] = value;
      else if (Array.isArray(seen)) seen.push(value);
      else fields[key] = [seen, value];
    }
    done(null, fields);
  });
}
