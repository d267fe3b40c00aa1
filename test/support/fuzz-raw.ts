/**
 * Header abuse that fetch will not send, written over raw sockets: no Host, huge or many
 * headers, duplicate or contradicting lengths, broken chunking, control characters, odd
 * request lines. Every answer must be a 4xx (or a success) in the one error body, never a
 * 5xx, an empty refusal, silence or a stack in the log.
 */
import { connect } from 'node:net';
import fc from 'fast-check';
import type { FuzzReport } from './fuzz';

const ANSWER_WAIT_MS = 5_000;

type RawCase = (path: string, token: string) => string;

const json = '{"search_term":"x"}';
const framed = (head: string, body = json) => `${head}Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;

/** Each builds one whole request (so the service never waits for bytes that do not come). */
const CASES: Record<string, RawCase> = {
  'no host': (path, token) => `GET ${path} HTTP/1.1\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`,
  'no host with a body': (path, token) => framed(`POST ${path} HTTP/1.1\r\nAuthorization: Bearer ${token}\r\n`),
  'two hosts': (path) => `GET ${path} HTTP/1.1\r\nHost: a\r\nHost: b\r\nConnection: close\r\n\r\n`,
  'empty host': (path) => `GET ${path} HTTP/1.1\r\nHost:\r\nConnection: close\r\n\r\n`,
  'huge header': (path) => `GET ${path} HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(70_000)}\r\nConnection: close\r\n\r\n`,
  'many headers': (path) => `GET ${path} HTTP/1.1\r\nHost: x\r\n${Array.from({ length: 3000 }, (_, i) => `X-${i}: ${i}\r\n`).join('')}Connection: close\r\n\r\n`,
  'huge token': (path) => `GET ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${'t'.repeat(60_000)}\r\nConnection: close\r\n\r\n`,
  'two different lengths': (path, token) => `POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 19\r\nConnection: close\r\n\r\n${json}`,
  'two equal lengths': (path, token) => `POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 19\r\nContent-Length: 19\r\nConnection: close\r\n\r\n${json}`,
  'length and chunked': (path, token) => `POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 19\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n13\r\n${json}\r\n0\r\n\r\n`,
  'negative length': (path) => `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\nConnection: close\r\n\r\n`,
  'length beyond 2^64': (path) => `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\nConnection: close\r\n\r\n`,
  'broken chunk size': (path, token) => `POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n${json}\r\n0\r\n\r\n`,
  'unknown transfer coding': (path, token) => `POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nTransfer-Encoding: gzip\r\nConnection: close\r\n\r\n`,
  'bad content type': (path, token) => framed(`POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: \u0001/\u0002\r\n`),
  'two content types': (path, token) => framed(`POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: text/plain\r\n`),
  'control character in a value': (path) => `GET ${path} HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0000b\r\nConnection: close\r\n\r\n`,
  'space in a header name': (path) => `GET ${path} HTTP/1.1\r\nHost: x\r\nX Bad: 1\r\nConnection: close\r\n\r\n`,
  'folded header': (path) => `GET ${path} HTTP/1.1\r\nHost: x\r\nX-Folded: a\r\n b\r\nConnection: close\r\n\r\n`,
  'bare line feeds': (path) => `GET ${path} HTTP/1.1\nHost: x\nConnection: close\n\n`,
  'unknown version': (path) => `GET ${path} HTTP/9.9\r\nHost: x\r\nConnection: close\r\n\r\n`,
  'absolute form': (path) => `GET http://elsewhere.example${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
  'unknown method': (path) => `BREW ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
  'two bearer headers': (path, token) => `GET ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nAuthorization: Bearer other\r\nConnection: close\r\n\r\n`,
  'latin-1 header value': (path) => `GET ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer Ren\u00e9\r\nConnection: close\r\n\r\n`,
  'expect continue': (path, token) => framed(`POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nExpect: 100-continue-please\r\n`),
  'garbage line': () => '\u0016\u0003\u0001\u0000\u00a5\u0001\u0000\u0000\u00a1\u0003\u0003\r\n\r\n',
};

/** Sends `request` as bytes and answers the raw response text, or null when none came. */
function sendRaw(port: number, request: string): Promise<string | null> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(Buffer.from(request, 'latin1')));
    let text = '';
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      done(text === '' ? null : text);
    };
    const timer = setTimeout(finish, ANSWER_WAIT_MS);
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.on('end', finish);
    socket.on('error', finish);
  });
}

/** The status and body of the first answer in `text` (a 100 Continue skipped). */
function firstAnswer(text: string): { status: number; body: string } | null {
  const rest = text.replace(/^HTTP\/1\.[01] 100 [^\r\n]*\r\n\r\n/, '');
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(rest);
  if (!match) return null;
  return { status: Number(match[1]), body: rest.slice(rest.indexOf('\r\n\r\n') + 4) };
}

/** Sends `count` raw requests picked (from `seed`) among the cases and the given paths. */
export async function fuzzRawRequests(options: { baseUrl: string; token: string; paths: string[]; logs: string[]; count: number; seed: number }): Promise<FuzzReport> {
  const port = Number(new URL(options.baseUrl).port);
  const picks = fc.sample(fc.tuple(fc.constantFrom(...Object.keys(CASES)), fc.constantFrom(...options.paths)), { numRuns: options.count, seed: options.seed });
  const report: FuzzReport = { requests: 0, byStatus: {}, problems: [] };
  for (const [name, path] of picks) {
    const logged = options.logs.length;
    const what = `${name} (${path})`;
    const text = await sendRaw(port, CASES[name](path, options.token));
    const answer = text === null ? null : firstAnswer(text);
    if (!answer) {
      report.problems.push(`no HTTP answer to ${what}: ${String(text).slice(0, 80)}`);
      continue;
    }
    report.requests++;
    report.byStatus[answer.status] = (report.byStatus[answer.status] ?? 0) + 1;
    if (answer.status >= 500) report.problems.push(`${answer.status} for ${what}`);
    if (answer.status >= 400) {
      let body: any = null;
      try {
        body = JSON.parse(answer.body);
      } catch {
        // reported below
      }
      const shaped = body && typeof body.error?.code === 'string' && typeof body.error?.message === 'string' && Array.isArray(body.error?.details);
      if (!shaped) report.problems.push(`${answer.status} not in the one error body for ${what}: ${answer.body.slice(0, 80)}`);
    }
    if (options.logs.slice(logged).some((line) => /\n\s+at |"stack"/.test(line))) report.problems.push(`a stack in the log after ${what}`);
  }
  return report;
}

/** Paths the raw requests go to: open, guarded, body-taking and unknown. */
export const RAW_FUZZ_PATHS = ['/health', '/oauth/token', '/api/v1/subjects/search', '/api/v1/participant_imports', '/api/v1/subjects/1', '/nowhere'];
