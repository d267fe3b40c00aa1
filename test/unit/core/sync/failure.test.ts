import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { classifyFailure, neverSent, type FailedCall, type FailureKind } from '../../../../src/core/sync/failure';
import { cleanText, serviceErrorOf } from '../../../../src/core/sync/service-error';

const errorBody = (code: string, message: string, details: unknown[] = []) => ({ error: { code, message, details } });

describe('classifyFailure: HTTP answers', () => {
  // [method, status, kind, mayHaveApplied]
  const table: [string, number, FailureKind, boolean][] = [
    ['GET', 401, 'unauthorized', false],
    ['POST', 401, 'unauthorized', false],
    ['GET', 404, 'not_found', false],
    ['DELETE', 404, 'not_found', false],
    ['PATCH', 409, 'conflict', false],
    ['POST', 409, 'conflict', false],
    ['POST', 408, 'retry', false],
    ['GET', 408, 'retry', false],
    ['POST', 429, 'retry', false],
    ['GET', 429, 'retry', false],
    ['POST', 400, 'rejected', false],
    ['POST', 403, 'rejected', false],
    ['POST', 413, 'rejected', false],
    ['POST', 422, 'rejected', false],
    ['PATCH', 422, 'rejected', false],
    ['GET', 400, 'rejected', false],
    ['POST', 500, 'ambiguous', true],
    ['POST', 502, 'ambiguous', true],
    ['POST', 503, 'ambiguous', true],
    ['POST', 504, 'ambiguous', true],
    ['GET', 500, 'retry', false],
    ['GET', 502, 'retry', false],
    ['GET', 503, 'retry', false],
    ['GET', 504, 'retry', false],
    ['PATCH', 502, 'retry', true],
    ['PUT', 503, 'retry', true],
    ['DELETE', 504, 'retry', true],
    ['POST', 501, 'rejected', false],
    ['GET', 505, 'rejected', false],
    ['GET', 301, 'retry', false],
    ['POST', 307, 'ambiguous', true],
    ['post', 503, 'ambiguous', true],
  ];

  it.each(table)('%s answered %i → %s', (method, status, kind, mayHaveApplied) => {
    const failure = classifyFailure({ source: 'http', method, status });
    expect(failure).toMatchObject({ kind, status, source: 'http', mayHaveApplied, error: null, retryAfterMs: null });
    expect(failure.message).toMatch(/^[A-Z].*\.$/);
  });

  it('treats a search sent as POST as a read: a 503 is retried, not looked for', () => {
    expect(classifyFailure({ source: 'http', method: 'POST', readOnly: true, status: 503 })).toMatchObject({ kind: 'retry', mayHaveApplied: false });
  });

  it('keeps the service’s error message and details for the user, quoted as text', () => {
    const body = errorBody('validation_failed', 'The request body has invalid fields.', [
      { field: 'participants.0.bogus', message: 'must NOT have additional properties' },
      { message: 'a detail without a field' },
    ]);
    const failure = classifyFailure({ source: 'http', method: 'POST', status: 422, body });
    expect(failure.kind).toBe('rejected');
    expect(failure.error).toEqual(body.error);
    expect(failure.message).toBe(
      'The service rejected the request (422). The service said: “The request body has invalid fields.” The fields it refused: participants.0.bogus (must NOT have additional properties).',
    );
    expect(failure.words).toEqual([
      { key: 'transport.rejected', params: { status: 422 } },
      { key: 'transport.said', params: { message: 'The request body has invalid fields.' } },
      { key: 'transport.fields', params: { fields: 'participants.0.bogus (must NOT have additional properties)' } },
    ]);
  });

  it('carries the Retry-After and says when syncing resumes', () => {
    const failure = classifyFailure({ source: 'http', method: 'GET', status: 429, retryAfterMs: 42_000, body: errorBody('rate_limited', 'Too many requests.') });
    expect(failure).toMatchObject({ kind: 'retry', retryAfterMs: 42_000 });
    expect(failure.message).toBe('The service is receiving too many requests; syncing resumes in 42 s.');
    expect(classifyFailure({ source: 'http', method: 'GET', status: 429 }).message).toContain('resumes shortly');
    expect(classifyFailure({ source: 'http', method: 'POST', status: 503, retryAfterMs: 5_000 }).retryAfterMs).toBe(5_000);
  });

  it('asks for a new token on 401 and says that the change may have happened on an ambiguous POST', () => {
    expect(classifyFailure({ source: 'http', method: 'GET', status: 401, body: errorBody('unauthorized', 'The access token has expired.') }).message).toBe(
      'The service did not accept the access token; give a new token to resume syncing. The service said: “The access token has expired.”',
    );
    expect(classifyFailure({ source: 'http', method: 'POST', status: 502 }).message).toContain('may or may not have been made');
    expect(classifyFailure({ source: 'http', method: 'GET', status: 502 }).message).not.toContain('may or may not');
  });

  it('does not take a body of another shape for the service’s error', () => {
    for (const body of [undefined, null, 'oops', { error: 'text' }, { error: { code: 'x' } }, ['error']]) {
      expect(classifyFailure({ source: 'http', method: 'GET', status: 500, body }).error).toBeNull();
    }
  });
});

describe('classifyFailure: no answer', () => {
  const cases: [string, FailedCall, FailureKind, boolean][] = [
    ['a POST timed out after sending', { source: 'timeout', method: 'POST', sent: true }, 'ambiguous', true],
    ['a GET timed out after sending', { source: 'timeout', method: 'GET', sent: true }, 'retry', false],
    ['a PATCH timed out after sending', { source: 'timeout', method: 'PATCH', sent: true }, 'retry', true],
    ['a POST timed out connecting', { source: 'timeout', method: 'POST', sent: false }, 'retry', false],
    ['a search timed out', { source: 'timeout', method: 'POST', readOnly: true, sent: true }, 'retry', false],
    ['a POST was reset', { source: 'network', method: 'POST', code: 'ECONNRESET', sent: true }, 'ambiguous', true],
    ['a POST hit a broken pipe', { source: 'network', method: 'POST', code: 'EPIPE', sent: true }, 'ambiguous', true],
    ['a DELETE was reset', { source: 'network', method: 'DELETE', code: 'ECONNRESET', sent: true }, 'retry', true],
    ['a POST was refused', { source: 'network', method: 'POST', code: 'ECONNREFUSED', sent: false }, 'retry', false],
    ['refused even if the transport guessed sent', { source: 'network', method: 'POST', code: 'ECONNREFUSED', sent: true }, 'retry', false],
    ['a POST to an unknown host', { source: 'network', method: 'POST', code: 'ENOTFOUND', sent: false }, 'retry', false],
    ['a POST with a bad certificate', { source: 'network', method: 'POST', code: 'DEPTH_ZERO_SELF_SIGNED_CERT', sent: true }, 'retry', false],
    ['a POST cancelled after sending', { source: 'aborted', method: 'POST', sent: true }, 'ambiguous', true],
    ['a POST cancelled before connecting', { source: 'aborted', method: 'POST', sent: false }, 'retry', false],
    ['a POST answered 201 with garbage', { source: 'bad_body', method: 'POST', status: 201, expected: 'a subject' }, 'ambiguous', true],
    ['a GET answered 200 with garbage', { source: 'bad_body', method: 'GET', status: 200, expected: 'a subject' }, 'retry', false],
    ['no token', { source: 'no_token', method: 'POST' }, 'unauthorized', false],
    ['a bad id', { source: 'invalid_input', method: 'GET', message: 'Subject id “0” is not a positive whole number.' }, 'rejected', false],
  ];

  it.each(cases)('%s', (_name, call, kind, mayHaveApplied) => {
    const failure = classifyFailure(call);
    expect(failure).toMatchObject({ kind, mayHaveApplied, source: call.source, error: null, retryAfterMs: null });
    expect(failure.message).toMatch(/^[A-Z].*\.$/);
    expect(failure.message).not.toMatch(/ECONN|EPIPE|ENOTFOUND|CERT|RequestError|at .*\(/);
  });

  it('says the change may have happened only when it may have', () => {
    expect(classifyFailure({ source: 'timeout', method: 'POST', sent: true }).message).toBe(
      'The service did not answer in time. The change may or may not have been made, so the next attempt checks first.',
    );
    expect(classifyFailure({ source: 'network', method: 'POST', code: 'ECONNREFUSED', sent: false }).message).toBe(
      'Could not connect to the service (connection refused); it may be down, or the server address may be wrong.',
    );
    expect(classifyFailure({ source: 'bad_body', method: 'GET', status: 200, expected: 'a subject' })).toMatchObject({
      status: 200,
      message: 'The service answered (200) with something this app cannot read: expected a subject.',
    });
  });

  it('classifies every status into one of the six kinds with a sentence', () => {
    fc.assert(
      fc.property(fc.constantFrom('GET', 'POST', 'PATCH', 'PUT', 'DELETE'), fc.integer({ min: 100, max: 999 }), fc.anything(), (method, status, body) => {
        const failure = classifyFailure({ source: 'http', method, status, body });
        expect(['ambiguous', 'retry', 'unauthorized', 'conflict', 'rejected', 'not_found']).toContain(failure.kind);
        if (failure.kind === 'ambiguous') expect(method).toBe('POST');
        expect(failure.message.length).toBeGreaterThan(10);
      }),
    );
  });
});

describe('neverSent', () => {
  it('knows the codes that mean nothing left this computer', () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'CERT_HAS_EXPIRED', 'ERR_TLS_CERT_ALTNAME_INVALID']) {
      expect(neverSent(code)).toBe(true);
    }
    for (const code of ['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'UNKNOWN']) expect(neverSent(code)).toBe(false);
  });
});

describe('service error text', () => {
  it('flattens control characters and cuts long text', () => {
    expect(cleanText('line one\r\nline\u0000two\u2028three')).toBe('line one line two three');
    const long = cleanText('x'.repeat(2_000));
    expect(long).toHaveLength(500);
    expect(long.endsWith('…')).toBe(true);
  });

  it('keeps only well-formed details and keeps unknown codes', () => {
    const error = serviceErrorOf({ error: { code: 'teapot', message: 'Short and stout.', details: [{ field: 'a', message: 'b' }, { field: 3, message: 'c' }, 'junk', { field: 'd' }] } });
    expect(error).toEqual({ code: 'teapot', message: 'Short and stout.', details: [{ field: 'a', message: 'b' }, { message: 'c' }] });
    expect(serviceErrorOf({ error: { message: 'no code, no details' } })).toEqual({ code: 'unknown', message: 'no code, no details', details: [] });
  });
});
