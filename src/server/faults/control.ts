import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ErrorDetail } from '../../core/contract/errors';
import { ApiError } from '../../core/contract/api-error';
import type { FaultPlan } from './plan';
import { FAULT_KINDS, type Fault, type FaultKind } from './types';
import type { Db } from '../db/open';
import { bearerOf, hashSecret } from '../http/auth';
import { prepareTokenLookups } from '../store/access-tokens';

export const CONTROL_PATH = '/__faults';

const isLoopback = (address: string | undefined): boolean =>
  !!address && (address === '::1' || /^(::ffff:)?127\./.test(address));

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** A fault from JSON, or a detail saying what is wrong with it. */
function faultFrom(value: unknown, field: string, problems: ErrorDetail[]): Fault | null {
  if (!isObject(value) || !FAULT_KINDS.includes(value.kind as FaultKind)) {
    problems.push({ field: `${field}.kind`, message: `must be one of ${FAULT_KINDS.join(', ')}` });
    return null;
  }
  const kind = value.kind as FaultKind;
  if (value.retryAfter !== undefined && (kind !== '429' || !isCount(value.retryAfter))) problems.push({ field: `${field}.retryAfter`, message: 'is whole seconds, for 429 only' });
  if (kind === 'latency' && !isCount(value.ms)) problems.push({ field: `${field}.ms`, message: 'is the delay in whole milliseconds' });
  if (kind !== 'latency' && value.ms !== undefined) problems.push({ field: `${field}.ms`, message: 'is for latency only' });
  return { kind, ...(kind === '429' ? { retryAfter: (value.retryAfter as number | undefined) ?? 1 } : {}), ...(kind === 'latency' ? { ms: value.ms as number } : {}) };
}

interface ControlBody {
  clear: boolean;
  next: Fault[];
  when: { method?: string; path?: string; fault: Fault; times: number }[];
}

function readBody(body: unknown): ControlBody {
  const problems: ErrorDetail[] = [];
  const b = isObject(body) ? body : {};
  if (!isObject(body)) problems.push({ field: '(body)', message: 'must be an object with "clear", "next" and/or "when"' });
  const list = (name: string) => {
    if (b[name] === undefined) return [];
    if (Array.isArray(b[name])) return b[name] as unknown[];
    problems.push({ field: name, message: 'must be a list' });
    return [];
  };
  const next = list('next').map((f, i) => faultFrom(f, `next.${i}`, problems));
  const when = list('when').map((raw, i) => {
    const rule = isObject(raw) ? raw : {};
    for (const key of ['method', 'path'] as const) {
      if (rule[key] !== undefined && typeof rule[key] !== 'string') problems.push({ field: `when.${i}.${key}`, message: 'must be a string' });
    }
    const times = rule.times === undefined ? 1 : rule.times === 'always' ? Infinity : rule.times;
    if (!isCount(times) && times !== Infinity) problems.push({ field: `when.${i}.times`, message: 'is a whole number or "always"' });
    return { method: rule.method as string | undefined, path: rule.path as string | undefined, fault: faultFrom(rule.fault, `when.${i}.fault`, problems), times: times as number };
  });
  if (b.clear !== undefined && typeof b.clear !== 'boolean') problems.push({ field: 'clear', message: 'must be true or false' });
  if (problems.length) throw new ApiError('validation_failed', 'The fault schedule is invalid.', problems);
  return { clear: b.clear === true, next: next as Fault[], when: when as ControlBody['when'] };
}

/**
 * `POST /__faults` programs faults into a service that runs in a child process; `GET`
 * reads back every decision. Only in fault mode, only from this machine (anyone else gets
 * the same 404 as an unknown path), and only with a token the service issued, as the API
 * needs: another local process must not be able to program failures into it.
 */
export function registerFaultControl(app: FastifyInstance, plan: FaultPlan, db: Db, now: () => Date): void {
  const tokens = prepareTokenLookups(db);
  const guard = async (request: FastifyRequest) => {
    if (!isLoopback(request.socket.remoteAddress)) throw new ApiError('not_found', `No operation answers ${request.method} ${CONTROL_PATH}.`);
    const token = bearerOf(request);
    const row = token ? tokens.find(hashSecret(token)) : undefined;
    const live = row && !row.revoked_at && !(row.expires_at && Date.parse(row.expires_at) <= now().getTime());
    if (!live) {
      throw new ApiError('unauthorized', 'The fault control needs the same bearer token as the API.', [], { headers: { 'www-authenticate': 'Bearer realm="muster"' } });
    }
  };
  const state = () => ({ seed: plan.seed, requests: plan.requests, pending: plan.pending });

  app.get(CONTROL_PATH, { onRequest: guard }, async () => ({ response: { ...state(), decisions: plan.decisions } }));
  app.post(CONTROL_PATH, { onRequest: guard }, async (request) => {
    const body = readBody(request.body ?? {});
    if (body.clear) plan.clear();
    plan.next(body.next);
    for (const rule of body.when) plan.when({ method: rule.method, path: rule.path }, rule.fault, rule.times);
    request.log.warn({ next: body.next.length, when: body.when.length, clear: body.clear }, 'fault schedule programmed');
    return { response: state() };
  });
}
