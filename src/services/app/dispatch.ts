import {
  isAppApiMethod,
  type AppApi,
  type AppApiEnvelope,
  type AppApiFailure,
  type AppApiMethod,
} from '../../core/contract/app-api';
import Value from 'typebox/value';
import { APP_API_SCHEMAS } from '../../core/contract/app-api-schemas/index';
import { ApiError } from '../../core/contract/api-error';
import type { ErrorDetail } from '../../core/contract/errors';

/**
 * Why the arguments do not fit the method's schema, as a sentence naming the argument
 * (`argument 1`, `argument 1.serverUrl`), or null when they fit.
 */
function argumentProblem(method: AppApiMethod, args: unknown[]): string | null {
  // TypeBox writes a tuple as `items` (one schema per place) and `minItems`, no `maxItems`.
  const schema = APP_API_SCHEMAS[method].args as { minItems?: number; maxItems?: number; items?: unknown[] };
  const most = schema.maxItems ?? schema.items?.length ?? 0;
  const least = schema.minItems ?? 0;
  if (args.length < least || args.length > most) {
    const takes = least === most ? `${most} argument${most === 1 ? '' : 's'}` : `${least} to ${most} arguments`;
    return `The action "${method}" takes ${takes}, not ${args.length}.`;
  }
  if (Value.Check(APP_API_SCHEMAS[method].args, args)) return null;
  const [first] = Value.Errors(APP_API_SCHEMAS[method].args, args);
  const [index, ...rest] = (first?.instancePath ?? '').split('/').filter(Boolean);
  const where = index === undefined ? 'its arguments' : `argument ${Number(index) + 1}${rest.length ? `.${rest.join('.')}` : ''}`;
  return `The action "${method}" was called with ${where} that ${(first?.message ?? 'does not fit').replace(/^must /, 'should ')}.`;
}

/** The code of a failure nobody planned for; hosts answer it with 500, anything else with 400. */
export const INTERNAL_ERROR = 'internal_error';

export function failure(code: string, message: string, details: ErrorDetail[] = [], words?: AppApiFailure['words']): AppApiFailure {
  return words && words.length > 0 ? { ok: false, code, message, details, words } : { ok: false, code, message, details };
}

const MAX_MESSAGE = 300;

/** Turns anything thrown into one sentence; stacks and multi-line dumps never cross. */
export function failureFrom(error: unknown): AppApiFailure {
  // A failure raised on purpose (by an app service, or a service's answer passed on) keeps
  // its code and details; its message is already written for the person using the app.
  if (error instanceof ApiError) return failure(error.code, oneLine(error.message), error.details.map((d) => ({ ...d, message: oneLine(d.message) })), error.words);
  const detail = error instanceof Error ? oneLine(error.message) : '';
  return failure(INTERNAL_ERROR, detail ? `Muster could not do that: ${detail}` : 'Muster could not do that because of an unexpected error.');
}

function oneLine(text: string): string {
  const line = text.split(/\r?\n/, 1)[0].trim();
  return line.length > MAX_MESSAGE ? `${line.slice(0, MAX_MESSAGE - 1)}…` : line;
}

/**
 * Validates a call that arrived from outside (IPC or HTTP) and runs it. Never throws:
 * every outcome is an envelope.
 */
export async function dispatchAppApi(api: AppApi, method: unknown, args: unknown): Promise<AppApiEnvelope<unknown>> {
  if (!isAppApiMethod(method)) {
    const name = typeof method === 'string' ? `"${oneLine(method).slice(0, 60)}"` : 'without a name';
    return failure('unknown_method', `Muster has no action ${name}.`);
  }
  if (!Array.isArray(args)) return failure('bad_arguments', `The action "${method}" was called without a list of arguments.`);
  const problem = argumentProblem(method, args);
  if (problem) return failure('bad_arguments', problem);
  try {
    const call = api[method] as (...a: unknown[]) => Promise<unknown>;
    return { ok: true, value: await call.apply(api, args) };
  } catch (error) {
    return failureFrom(error);
  }
}
