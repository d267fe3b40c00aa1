/**
 * A stand-in for the main side in store tests: each test answers only the methods it needs.
 * It is held to the contract twice: the AppApi type checks each answer's shape at compile
 * time, and every call's arguments and answer are checked against the contract's schemas at
 * run time, as the main side checks them, so a fake can never say what the app would not.
 */
import Value from 'typebox/value';
import { createApp } from 'vue';
import { createPinia, setActivePinia } from 'pinia';
import { ApiError } from '../../src/core/contract/api-error';
import { APP_API_METHODS, type AppApi, type AppApiMethod, type AppClient, type AppEvent } from '../../src/core/contract/app-api';
import { APP_API_SCHEMAS } from '../../src/core/contract/app-api-schemas/index';
import { APP_CLIENT } from '../../src/renderer/api';

export interface FakeClient {
  client: AppClient;
  /** Every call made, in order, with its arguments. */
  calls: { method: AppApiMethod; args: unknown[] }[];
  /** Says `event` to every subscriber, as the main side's stream would. */
  emit(event: AppEvent): void;
  /** How many listen to the stream now. */
  listeners(): number;
}

function schemaProblem(schema: unknown, value: unknown): string | null {
  if (Value.Check(schema as never, value)) return null;
  const [first] = Value.Errors(schema as never, value);
  return `${first?.instancePath || '(whole)'} ${first?.message ?? 'does not fit'}`;
}

export function fakeClient(answers: Partial<AppApi>): FakeClient {
  const calls: FakeClient['calls'] = [];
  const listeners = new Set<(event: AppEvent) => void>();
  const methods = Object.fromEntries(
    APP_API_METHODS.map((method) => [
      method,
      async (...args: unknown[]) => {
        calls.push({ method, args });
        const wrongArgs = schemaProblem(APP_API_SCHEMAS[method].args, args);
        if (wrongArgs) throw new Error(`The store called ${method} with arguments the contract refuses: ${wrongArgs}`);
        const answer = answers[method] as ((...a: unknown[]) => Promise<unknown>) | undefined;
        if (!answer) throw new ApiError('unexpected', `The test did not expect ${method}.`);
        const value = await answer(...args);
        const wrongResult = schemaProblem(APP_API_SCHEMAS[method].result, value);
        if (wrongResult) throw new Error(`The fake answered ${method} with what the contract refuses: ${wrongResult}`);
        return value;
      },
    ]),
  );
  const client = {
    ...methods,
    subscribe(listener: (event: AppEvent) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  } as AppClient;
  return { client, calls, emit: (event) => listeners.forEach((l) => l(event)), listeners: () => listeners.size };
}

/** A fresh Pinia on an app that provides `client`, active for the stores the test uses. */
export function storesWith(client: AppClient) {
  const app = createApp({});
  app.provide(APP_CLIENT, client);
  const pinia = createPinia();
  app.use(pinia);
  setActivePinia(pinia);
  return { app, pinia };
}

/** A failure as the main side sends one: its sentence and code. */
export const refusal = (message: string, code = 'bad_request') => Promise.reject(new ApiError(code, message));

/** Lets the promise chains a store started run to their end. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
