/**
 * Hostile requests for every operation of the OpenAPI document: malformed JSON, wrong types,
 * huge and negative numbers, long strings, odd Unicode, missing and extra fields, bad ids and
 * bad authorization headers, deep nesting, bytes that are not UTF-8 and odd content types;
 * header abuse that fetch cannot send goes over raw sockets (fuzz-raw.ts). `fuzzService`
 * sends them one at a time and checks each answer:
 * never a 5xx, every error in the one error body, no stack in the log, and a refused write
 * leaves the database as it was. The suite sends a few hundred; `npm run bench -- fuzz`
 * sends 10,000.
 */
import fc from 'fast-check';
import type { Db } from '../../src/server/db/open';
import { OPENAPI_PATH } from '../../src/server/openapi';

interface FuzzOperation {
  method: string;
  /** With `{id}` where the path takes one. */
  path: string;
  properties: string[];
}

export interface FuzzReport {
  requests: number;
  byStatus: Record<string, number>;
  /** Sentences, one per broken rule, with the request that broke it. */
  problems: string[];
}

const HOSTILE_VALUES: unknown[] = [
  null, true, false, 0, -1, -1e308, 1e308, Number('9223372036854775807'), 2 ** 53 + 1, 0.5, Number.MIN_VALUE,
  '', ' ', 'a'.repeat(70_000), '\u0000', '\ud800', '\udfff', 'e\u0301', '\u202eevil', '😀'.repeat(50), '<script>x</script>',
  "'; DROP TABLE subjects; --", '=1+1', '../../etc/passwd', [], [null], [1, 'two'], {}, { __proto__: { polluted: true } }, { constructor: { prototype: {} } },
];
const BAD_IDS = ['0', '-1', 'abc', '1.5', '99999999999999999999', '%00', '1%2F2', "1'", ' ', '9007199254740993'];
const BAD_AUTH = [undefined, '', 'Bearer', 'Bearer ', 'Basic abc', 'Bearer not-a-token', `Bearer ${'x'.repeat(10_000)}`, 'Bearer \u00ff'];

/** The operations of the served document, with the top-level body properties each takes. */
export async function fuzzOperations(baseUrl: string): Promise<FuzzOperation[]> {
  const document = (await (await fetch(`${baseUrl}${OPENAPI_PATH}`)).json()) as { paths: Record<string, Record<string, any>> };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      properties: Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
    })),
  );
}

interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
}

const CONTENT_TYPES = [
  'application/json', 'application/json; charset=utf-8', 'application/json; charset=iso-8859-1', 'application/json; charset=',
  'application/json;;;', 'APPLICATION/JSON', 'application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x',
  'application/vnd.api+json', '*/*', 'application/json, text/plain', `application/${'j'.repeat(2000)}`,
];
/** Byte sequences no UTF-8 decoder may accept: Latin-1 letters, lone continuations, overlongs, surrogates, beyond U+10FFFF. */
const INVALID_UTF8 = [[0xe9], [0x80], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xff, 0xfe], [0xe2, 0x82]];

/** Arrays and objects nested `levels` deep around a value, in one of a few shapes. */
function nestedText(levels: number, shape: number): string {
  if (shape === 0) return `${'['.repeat(levels)}1${']'.repeat(levels)}`;
  if (shape === 1) return `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
  return `${'[{"a":'.repeat(levels)}1${'}]'.repeat(levels)}`;
}

/** `text` as UTF-8 with one invalid sequence put in at `at` (a fraction of its length). */
function withInvalidBytes(text: string, bytes: number[], at: number): Uint8Array<ArrayBuffer> {
  const encoded = Buffer.from(text, 'utf8');
  const cut = Math.floor(encoded.length * at);
  return new Uint8Array(Buffer.concat([encoded.subarray(0, cut), Buffer.from(bytes), encoded.subarray(cut)]));
}

function requestArbitrary(operations: FuzzOperation[], token: string): fc.Arbitrary<FuzzRequest> {
  const value = fc.oneof(fc.constantFrom(...HOSTILE_VALUES), fc.anything({ maxDepth: 2 }), fc.string({ unit: 'binary', maxLength: 40 }), fc.double(), fc.bigInt().map(String));
  return fc
    .record({
      op: fc.constantFrom(...operations),
      id: fc.oneof(fc.constantFrom(...BAD_IDS), fc.integer({ min: 1, max: 300 }).map(String)),
      auth: fc.oneof({ weight: 5, arbitrary: fc.constant(`Bearer ${token}`) }, { weight: 1, arbitrary: fc.constantFrom(...BAD_AUTH) }),
      shape: fc.constantFrom('fields', 'fields', 'fields', 'broken-json', 'not-object', 'empty', 'deep', 'invalid-bytes', 'odd-type'),
      depth: fc.oneof(fc.integer({ min: 60, max: 70 }), fc.integer({ min: 100, max: 20_000 })),
      nesting: fc.integer({ min: 0, max: 2 }),
      invalid: fc.constantFrom(...INVALID_UTF8),
      at: fc.double({ min: 0, max: 1, noNaN: true }),
      type: fc.constantFrom(...CONTENT_TYPES),
      fields: fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), fc.constant('participants'), fc.constant('external_event_id')), value, { maxKeys: 4 }),
      known: fc.array(value, { maxLength: 6 }),
      broken: fc.constantFrom('{', '{"a":', '[1,2', '{"a":1}}', 'null', '"text"', '\u0000', '{"a": NaN}', '{"__proto__": {"x": 1}}'),
    })
    .map(({ op, id, auth, shape, fields, known, broken, depth, nesting, invalid, at, type }) => {
      const headers: Record<string, string> = auth === undefined ? {} : { authorization: auth };
      const path = op.path.replace('{id}', encodeURIComponent(id).replace(/%25/g, '%'));
      if (op.method === 'GET' || op.method === 'DELETE') return { method: op.method, path, headers };
      headers['content-type'] = shape === 'odd-type' ? type : 'application/json';
      const body: Record<string, unknown> = { ...fields };
      op.properties.forEach((name, i) => {
        if (i < known.length) body[name] = known[i];
      });
      if (shape === 'deep') return { method: op.method, path, headers, body: `{"${op.properties[0] ?? 'a'}": ${nestedText(depth, nesting)}}` };
      if (shape === 'invalid-bytes') return { method: op.method, path, headers, body: withInvalidBytes(JSON.stringify(body), invalid, at) };
      const text = shape === 'broken-json' ? broken : shape === 'not-object' ? JSON.stringify(known) : shape === 'empty' ? '' : JSON.stringify(body);
      return { method: op.method, path, headers, body: text };
    });
}

/** Rows the service's connection has inserted, changed or deleted since it opened. */
function fingerprint(db: Db): number {
  return db.prepare('SELECT total_changes() AS n').pluck().get() as number;
}

/** Sends `count` generated requests (from `seed`) one at a time; `logs` collects the service's log lines. */
export async function fuzzService(options: { baseUrl: string; token: string; db: Db; logs: string[]; count: number; seed: number }): Promise<FuzzReport> {
  const operations = await fuzzOperations(options.baseUrl);
  const requests = fc.sample(requestArbitrary(operations, options.token), { numRuns: options.count, seed: options.seed });
  const report: FuzzReport = { requests: 0, byStatus: {}, problems: [] };
  for (const request of requests) {
    const before = fingerprint(options.db);
    const logged = options.logs.length;
    let status: number;
    let text: string;
    try {
      const answer = await fetch(`${options.baseUrl}${request.path}`, { method: request.method, headers: request.headers, body: request.body });
      status = answer.status;
      text = await answer.text();
    } catch (error) {
      report.problems.push(`no answer to ${request.method} ${request.path}: ${(error as Error).message}`);
      continue;
    }
    report.requests++;
    report.byStatus[status] = (report.byStatus[status] ?? 0) + 1;
    const shown = typeof request.body === 'string' ? request.body : request.body ? Buffer.from(request.body).toString('latin1') : '';
    const what = `${request.method} ${request.path} ${shown.slice(0, 120)}`;
    if (status >= 500) report.problems.push(`${status} for ${what}`);
    if (status >= 400) {
      let body: any = null;
      try {
        body = JSON.parse(text);
      } catch {
        // reported below
      }
      const shaped = body && typeof body.error?.code === 'string' && typeof body.error?.message === 'string' && Array.isArray(body.error?.details);
      if (!shaped) report.problems.push(`${status} not in the one error body for ${what}: ${text.slice(0, 80)}`);
      if (fingerprint(options.db) !== before) report.problems.push(`${status} changed the database for ${what}`);
    }
    const stack = options.logs.slice(logged).find((line) => /\n\s+at |"stack"/.test(line));
    if (stack) report.problems.push(`a stack in the log after ${what}`);
  }
  return report;
}
