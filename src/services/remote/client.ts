import { Agent as HttpAgent, type IncomingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import got, { type Got } from 'got';
import type { Static, TSchema } from 'typebox';
import { parseRetryAfter } from '../../core/sync/backoff';
import type { CallBase } from '../../core/sync/failure';
import { operationPath, type Operation } from '../../core/contract/operations';
import { answerProblem, expectedAnswer, isAnswer, refusedValue, type AnswerOf } from './answers';
import { RemoteError, failedCallOf } from './errors';
import { serviceBaseUrl } from './server-url';

/** Returns the current access token; asked before every request so a renewed token applies at once. */
export type TokenSource = () => string | null | undefined | Promise<string | null | undefined>;

export interface RemoteTimeouts {
  /** To open the connection (and TLS). */
  connectMs?: number;
  /** From the request being written to the answer's headers (the service works meanwhile). */
  responseMs?: number;
  /** Silence on the socket at any phase, e.g. a body that stops arriving midway. */
  idleMs?: number;
}

/**
 * What one call showed about the service: it answered (with this status), or nothing could
 * be reached. A caller that shows "online" learns it from every call, not only from syncs.
 */
export interface RemoteContact {
  reached: boolean;
  /** The HTTP status when it answered. */
  status: number | null;
}

export interface RemoteClientOptions {
  serverUrl: string;
  token: TokenSource;
  timeouts?: RemoteTimeouts;
  now?: () => number;
  /** Hears each call's contact; cancelled calls say nothing. */
  onContact?: (contact: RemoteContact) => void;
}

/** The path parameters an operation names (`:id`), each as a number or its digits. */
export type ParamsOf<O extends Operation> = O['params'] extends TSchema ? { [K in keyof Static<O['params']>]: number | string } : undefined;

/** One call of an operation: what fills its path (required when it has parameters), its query and its body. */
export type RemoteCall<O extends Operation = Operation> = CallParts<O> & (O['params'] extends TSchema ? { params: ParamsOf<O> } : { params?: undefined });

interface CallParts<O extends Operation> {
  query?: Record<string, string | number | boolean>;
  body?: O['body'] extends TSchema ? Static<O['body']> : never;
  /** A body already serialised as JSON (instead of `body`): a large payload kept as text in
   *  the mirror is sent without being parsed and serialised again. */
  jsonText?: string;
  /** Sent on POSTs as `Idempotency-Key`; the flows do not rely on the service honouring it. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/** Options every endpoint call takes. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** Options of a call that creates something. */
export interface CreateOptions extends CallOptions {
  /** Sent as `Idempotency-Key`; reuse it for every attempt of the same operation. */
  idempotencyKey?: string;
}

export interface RemoteAnswer<T> {
  status: number;
  /** The value inside the `{"response": …}` envelope, checked against the operation's response schema. */
  data: T;
  headers: IncomingHttpHeaders;
  /** The service answered a repeated Idempotency-Key with the first answer. */
  replayed: boolean;
}

export interface RemoteClient {
  /** The checked server address, ending with `/`. */
  readonly baseUrl: string;
  /** Sends one operation of the contract; its path is built from the operation's entry. */
  call<O extends Operation>(operation: O, request: RemoteCall<O>): Promise<RemoteAnswer<AnswerOf<O>>>;
  /** A file the service serves (a document's download), whole, as bytes. */
  fetchFile<O extends Operation>(operation: O, params: ParamsOf<O>, options?: FileOptions): Promise<RemoteFile>;
  /** Closes kept-alive connections. */
  close(): void;
}

export interface FileOptions extends CallOptions {
  maxBytes?: number;
}

export interface RemoteFile {
  bytes: Buffer;
  contentType: string | null;
}

/** The largest file taken from the service: 250,000 subjects, the most one export holds, make about 20 MB. */
export const MAX_FILE_BYTES = 200_000_000;

export const DEFAULT_TIMEOUTS: Required<RemoteTimeouts> = { connectMs: 10_000, responseMs: 60_000, idleMs: 60_000 };

// A bearer token is visible ASCII (RFC 6750 b64token and then some); anything else would
// break the header or smuggle another one.
const TOKEN_CHARS = /^[\x21-\x7e]+$/;
const KEY_CHARS = /^[\x20-\x7e]{1,200}$/;

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** A client for one service address. Retries are the outbox's: got's own are off. */
export function createRemoteClient(options: RemoteClientOptions): RemoteClient {
  const { onContact } = options;
  const baseUrl = serviceBaseUrl(options.serverUrl);
  const secure = baseUrl.startsWith('https:');
  const now = options.now ?? Date.now;
  const t = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const agent = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };
  const http: Got = got.extend({
    prefixUrl: baseUrl,
    allowAbsoluteUrls: false,
    retry: { limit: 0 },
    throwHttpErrors: false,
    followRedirect: false,
    timeout: { connect: t.connectMs, secureConnect: t.connectMs, response: t.responseMs, socket: Math.max(t.idleMs, t.responseMs) },
    agent,
    headers: { accept: 'application/json', 'user-agent': 'Muster' },
  });

  /** A call that got no answer: said to the contact listener when the service was not reached, then thrown. */
  function failed(error: unknown, base: CallBase, path: string): RemoteError {
    const call = failedCallOf(error, base, secure);
    if (call.source === 'network' || (call.source === 'timeout' && !call.sent)) onContact?.({ reached: false, status: null });
    return RemoteError.of(call, path);
  }

  async function bearer(base: CallBase, path: string): Promise<string> {
    let token: string | null | undefined;
    try {
      token = await options.token();
    } catch {
      // A keychain that cannot answer is treated like a missing token: the queue pauses and
      // asks for one, rather than failing operations one by one.
      token = null;
    }
    if (!token) throw RemoteError.of({ ...base, source: 'no_token' }, path);
    if (!TOKEN_CHARS.test(token)) throw RemoteError.of({ ...base, source: 'no_token', message: 'The access token contains characters a token cannot have; give the token again.' }, path);
    return token;
  }

  /** A status outside 2xx, with the error body the service sent and when to try again. */
  function refusal(base: CallBase, path: string, status: number, parsed: ReturnType<typeof parseJson>, headers: IncomingHttpHeaders): RemoteError {
    const retryAfterMs = parseRetryAfter(headers['retry-after'], now()) ?? null;
    return RemoteError.of({ ...base, source: 'http', status, body: parsed.ok ? parsed.value : undefined, retryAfterMs }, path);
  }

  async function call<O extends Operation>(operation: O, request: RemoteCall<O>): Promise<RemoteAnswer<AnswerOf<O>>> {
    const { method } = operation;
    const base: CallBase = { method, readOnly: operation.readOnly };
    const refused = refusedValue(operation, 'params', request.params) ?? refusedValue(operation, 'querystring', request.query);
    if (refused) throw RemoteError.of({ ...base, source: 'invalid_input', message: refused }, operation.path);
    const path = operationPath(operation, request.params);
    const headers: Record<string, string> = { authorization: `Bearer ${await bearer(base, path)}` };
    if (request.idempotencyKey !== undefined && method === 'POST') {
      if (!KEY_CHARS.test(request.idempotencyKey)) {
        throw RemoteError.of({ ...base, source: 'invalid_input', message: 'The Idempotency-Key must be 1 to 200 printable ASCII characters.' }, path);
      }
      headers['idempotency-key'] = request.idempotencyKey;
    }
    // Cancelled before it began: certainly nothing was sent.
    if (request.signal?.aborted) throw RemoteError.of({ ...base, source: 'aborted', sent: false }, path);
    let response;
    try {
      response = await http(path.replace(/^\/+/, ''), {
        method,
        headers,
        ...(request.query && { searchParams: request.query }),
        ...(request.body !== undefined && { json: request.body }),
        ...(request.jsonText !== undefined && { body: request.jsonText, headers: { ...headers, 'content-type': 'application/json' } }),
        ...(request.signal && { signal: request.signal }),
      });
    } catch (error) {
      throw failed(error, base, path);
    }
    const status = response.statusCode;
    onContact?.({ reached: true, status });
    const parsed = parseJson(response.body);
    if (status < 200 || status >= 300) throw refusal(base, path, status, parsed, response.headers);
    const envelope = parsed.ok ? parsed.value : undefined;
    const data = typeof envelope === 'object' && envelope !== null && 'response' in envelope ? (envelope as { response: unknown }).response : undefined;
    if (!isAnswer(operation, data)) throw RemoteError.of({ ...base, source: 'bad_body', status, expected: expectedAnswer(operation), problem: answerProblem(operation, data) }, path);
    return { status, data, headers: response.headers, replayed: response.headers['idempotent-replayed'] === 'true' };
  }

  // A document is at most a few tens of megabytes (250,000 subjects make about 20 MB), so it
  // is read whole: the caller writes it out in one go, and a broken transfer leaves nothing.
  async function fetchFile<O extends Operation>(operation: O, params: ParamsOf<O>, options: FileOptions = {}): Promise<RemoteFile> {
    const most = options.maxBytes ?? MAX_FILE_BYTES;
    const base: CallBase = { method: operation.method };
    const refused = refusedValue(operation, 'params', params);
    if (refused) throw RemoteError.of({ ...base, source: 'invalid_input', message: refused }, operation.path);
    const path = operationPath(operation, params);
    const headers = { authorization: `Bearer ${await bearer(base, path)}`, accept: '*/*' };
    if (options.signal?.aborted) throw RemoteError.of({ ...base, source: 'aborted', sent: false }, path);
    let response;
    let tooLarge = false;
    try {
      // A service that sends without end must not fill this computer's memory.
      const limit = new AbortController();
      const signal = options.signal ? AbortSignal.any([options.signal, limit.signal]) : limit.signal;
      const request = http(path.replace(/^\/+/, ''), { method: operation.method, headers, responseType: 'buffer', signal });
      request.on('downloadProgress', ({ transferred }: { transferred: number }) => {
        if (transferred <= most || tooLarge) return;
        tooLarge = true;
        limit.abort();
      });
      response = await request;
    } catch (error) {
      if (tooLarge) throw RemoteError.of({ ...base, source: 'bad_body', status: 200, expected: `a file of at most ${Math.round(most / 1e6)} MB` }, path);
      throw failed(error, base, path);
    }
    const status = response.statusCode;
    onContact?.({ reached: true, status });
    if (status < 200 || status >= 300) throw refusal(base, path, status, parseJson(Buffer.from(response.body).toString('utf8')), response.headers);
    return { bytes: Buffer.from(response.body), contentType: response.headers['content-type'] ?? null };
  }

  return {
    baseUrl,
    call,
    fetchFile,
    close() {
      agent.http.destroy();
      agent.https.destroy();
    },
  };
}
