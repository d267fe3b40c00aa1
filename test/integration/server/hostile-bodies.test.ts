import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH } from '../../../src/server/http/body-parsers';
import { startTestService, type TestService } from '../../support/service';

// Small bodies that once answered 500 (a stack in the log) or stored other text than sent.
const logs: string[] = [];
let service: TestService;
beforeAll(async () => {
  service = await startTestService({ logger: { level: 'info', stream: { write: (line: string) => void logs.push(line) } } });
});
afterAll(() => service.close());

const nested = (levels: number, inner = '0') => `${'['.repeat(levels)}${inner}${']'.repeat(levels)}`;

async function send(path: string, body: string | Buffer, headers: Record<string, string> = {}) {
  const answer = await fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${service.token}`, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  return { status: answer.status, body: (await answer.json()) as any };
}

const noStackLogged = () => expect(logs.filter((line) => /\n\s+at |"stack"/.test(line))).toEqual([]);

describe('deep nesting', () => {
  it('refuses 3,000 nested arrays on the token grant (5 KB, no token needed) with 400 in the one shape', async () => {
    const body = `{"grant_type": ${nested(3000)}}`;
    expect(body.length).toBeLessThan(16 * 1024);
    const answer = await send('/oauth/token', body, { authorization: '' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: { code: 'bad_request', message: expect.stringMatching(/nest/), details: [] } });
    noStackLogged();
  });

  it('refuses 10,000 levels on the subject search with 400', async () => {
    const answer = await send('/api/v1/subjects/search', `{"search_term": ${nested(10_000, '{}')}}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('bad_request');
    expect(answer.body.error.message).toMatch(String(MAX_BODY_DEPTH));
    noStackLogged();
  });

  it('reads a body at the limit and judges its fields; one level more is refused unread', async () => {
    const atLimit = await send('/api/v1/subjects/search', `{"search_term": ${nested(MAX_BODY_DEPTH - 1)}}`);
    expect(atLimit.status).toBe(422);
    expect(atLimit.body.error.details.map((d: { field: string }) => d.field)).toContain('search_term');
    const beyond = await send('/api/v1/subjects/search', `{"search_term": ${nested(MAX_BODY_DEPTH)}}`);
    expect(beyond.status).toBe(400);
  });

  it('counts brackets inside strings as text, not as nesting', async () => {
    const answer = await send('/api/v1/subjects/search', JSON.stringify({ search_term: '['.repeat(500) + '{'.repeat(500) }));
    expect(answer.status).not.toBe(400);
  });
});

describe('bytes that are not UTF-8', () => {
  const latin1 = (text: string) => Buffer.from(text, 'latin1');
  const storedRene = async () =>
    (await service.client().post('/api/v1/subjects/search', { search_term: 'Encodingtest', per: 1000 })).body.response.length as number;

  it.each(['application/json', 'application/json; charset=utf-8', 'application/json; charset=iso-8859-1'])(
    'refuses {"first_name":"Ren\\xe9"} sent as %s with 400 invalid_encoding, and stores nothing',
    async (type) => {
      const before = await storedRene();
      const answer = await send('/api/v1/subjects', latin1('{"first_name":"René","last_name":"Encodingtest"}'), { 'content-type': type });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: { code: 'invalid_encoding', message: expect.stringMatching(/UTF-8/), details: [] } });
      expect(await storedRene()).toBe(before);
    },
  );

  it('keeps the same text sent as UTF-8', async () => {
    const answer = await send('/api/v1/subjects', Buffer.from('{"first_name":"René","last_name":"Encodingtest"}', 'utf8'));
    expect(answer.status).toBe(201);
    expect(answer.body.response.first_name).toBe('René');
  });

  it('refuses a form body on the token grant whose bytes are not UTF-8', async () => {
    const answer = await send('/oauth/token', latin1('grant_type=client_credentials&client_id=Ren\xe9&client_secret=x'), {
      authorization: '',
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('invalid_encoding');
  });
});
