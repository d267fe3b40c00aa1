import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../support/service';

// Input that once made the service answer 500, alter data or answer in another shape.
let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

const oneShape = (body: any) => expect(body).toEqual({ error: { code: expect.any(String), message: expect.any(String), details: expect.any(Array) } });

/** Sends bytes as they are and answers the raw HTTP response text. */
function raw(request: string): Promise<string> {
  const { port } = new URL(service.url);
  return new Promise((done, fail) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('end', () => done(text));
    socket.on('error', fail);
  });
}

describe('the token grant', () => {
  it('answers broken percent-encoding in Basic credentials with 400 in the one shape, not 500', async () => {
    const basic = Buffer.from('%E0%A4%A:secret').toString('base64');
    const answer = await fetch(`${service.url}/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(answer.status).toBe(400);
    oneShape(await answer.json());
  });
});

describe('numbers a field cannot hold', () => {
  it.each([['1e308', 'page'], ['9223372036854775807', 'page'], ['9223372036854775807', 'recruiting_campaign_id'], ['-1e308', 'min_age']])(
    'refuses %s as %s with 422 naming the field',
    async (number, field) => {
      const answer = await service.client().request('POST', '/api/v1/subjects/search', `{"${field}": ${number}}`);
      expect(answer.status).toBe(422);
      oneShape(answer.body);
      expect(answer.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    },
  );

  it('refuses an event id beyond 2^53 rather than reading it as another number', async () => {
    const answer = await service.client().request('POST', '/api/v1/participant_imports', '{"external_event_id": 9007199254740993, "participants": []}');
    expect(answer.status).toBe(422);
    expect(answer.body.error.details.map((d: { field: string }) => d.field)).toContain('external_event_id');
  });
});

describe('text that is not valid Unicode', () => {
  it('is refused with 422 naming each field, and nothing is stored', async () => {
    const before = (await service.client().post('/api/v1/subjects/search', { search_term: 'Lone', per: 1000 })).body.response.length;
    const answer = await service.client().request('POST', '/api/v1/subjects', '{"first_name": "Lone \\ud800 half", "notes": "fine", "household": {"city": "\\udc00"}}');
    expect(answer.status).toBe(422);
    oneShape(answer.body);
    expect(answer.body.error.details.map((d: { field: string }) => d.field)).toEqual(['first_name', 'household.city']);
    expect((await service.client().post('/api/v1/subjects/search', { search_term: 'Lone', per: 1000 })).body.response.length).toBe(before);
  });

  it('keeps a whole character outside the basic plane', async () => {
    const answer = await service.client().post('/api/v1/subjects', { first_name: 'Emoji 😀', last_name: 'Kept' });
    expect(answer.status).toBe(201);
    expect(answer.body.response.first_name).toBe('Emoji 😀');
  });
});

describe('requests Node refuses before the routes', () => {
  it('answers oversized headers with 431 in the one shape', async () => {
    const text = await raw(`GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(70_000)}\r\n\r\n`);
    expect(text).toMatch(/^HTTP\/1\.1 431 /);
    oneShape(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)));
  });

  it('answers an HTTP/1.1 request without a Host header with 400 in the one shape', async () => {
    for (const request of ['GET /health HTTP/1.1\r\n\r\n', 'POST /api/v1/subjects/search HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}']) {
      const text = await raw(request);
      expect(text).toMatch(/^HTTP\/1\.1 400 /);
      oneShape(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)));
    }
  });

  it('still answers HTTP/1.0 without a Host header, which that version allows', async () => {
    const text = await raw('GET /health HTTP/1.0\r\n\r\n');
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('answers a malformed request with 400 in the one shape', async () => {
    const text = await raw('POST /api/v1/subjects HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n{}');
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    oneShape(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)));
  });
});
