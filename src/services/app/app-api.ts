/**
 * The Node implementation of every AppApi method, one module per domain. The Electron main
 * process and the browser-preview host both build it, so the UI sees the same behaviour in
 * either; what only a host can give (the keychain, the demo service, the file manager)
 * comes in through AppServiceDeps.
 */
import type { AppApi, AppEvent, FileGrant } from '../../core/contract/app-api';
import type { Offered } from './downloads';
import { ApiError } from '../../core/contract/api-error';
import { UseCaseError } from '../usecases';
import { accountMethods } from './accounts';
import { draftMethods } from './drafts';
import { createContext, type AppServiceDeps } from './context';
import { eventMethods } from './events';
import { fileMethods } from './files';
import { importMethods } from './imports';
import { listMethods } from './lists';
import { appInfo } from './identity';
import { settingsMethods } from './settings';
import { subjectMethods } from './subjects';
import { suggestionMethods } from './suggestions';
import { syncMethods } from './sync';
import { valueMapMethods } from './value-map';

export { APP_IDENTITY, appInfo } from './identity';
export type { AppServiceDeps, DemoLauncher, DemoService } from './context';

export interface AppService {
  api: AppApi;
  /** For the host only (its open dialog, a dropped file's path from the preload): a grant for a file the person chose. */
  grantFile(path: string): FileGrant;
  /** For the preview host only: exports waiting for the browser, each taken once and removed once sent. */
  downloads: { take(id: string): Offered | null; sent(offered: Offered): void };
  /** Calls `listener` with every event until the returned function is called. */
  subscribe(listener: (event: AppEvent) => void): () => void;
  /** Stops background syncing and the demo service. */
  close(): Promise<void>;
}

/** A use case's refusal as the contract's one error, its sentence starting as a sentence does. */
function asApiError(error: unknown): unknown {
  if (!(error instanceof UseCaseError)) return error;
  const message = error.message.charAt(0).toUpperCase() + error.message.slice(1);
  return new ApiError(error.reason === 'input' ? 'bad_input' : error.reason, message, [], error.words ? { words: error.words } : {});
}

export function createAppService(deps: AppServiceDeps): AppService {
  const listeners = new Set<(event: AppEvent) => void>();
  const emit = (event: AppEvent) => {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch {
        // one broken listener must not silence the others
      }
    }
  };
  const ctx = createContext(deps, emit);
  const sync = syncMethods(ctx);
  const drafts = draftMethods(ctx);
  const methods: AppApi = {
    'app.info': async () => appInfo(deps),
    ...accountMethods(ctx),
    ...eventMethods(ctx),
    ...drafts.methods,
    ...suggestionMethods(drafts.session),
    ...importMethods(ctx, drafts),
    ...listMethods(ctx, drafts),
    ...subjectMethods(ctx),
    ...sync.methods,
    ...settingsMethods(ctx),
    ...fileMethods(ctx),
    ...valueMapMethods(ctx, drafts.session),
  };
  const api = Object.fromEntries(
    Object.entries(methods).map(([name, method]) => [
      name,
      async (...args: unknown[]) => {
        try {
          return await (method as (...a: unknown[]) => Promise<unknown>)(...args);
        } catch (error) {
          throw asApiError(error);
        }
      },
    ]),
  ) as unknown as AppApi;
  return {
    api,
    grantFile: (path) => ctx.grants.grant(path),
    downloads: { take: (id) => ctx.downloads.take(id), sent: (offered) => ctx.downloads.done(offered) },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await sync.stop();
      drafts.close();
      ctx.mirrors.close();
      ctx.grants.clear();
      ctx.uploads.clear();
      ctx.downloads.clear();
      await ctx.demoStarting?.catch(() => undefined);
      await ctx.demoService?.close();
      ctx.demoService = null;
      ctx.demoStarting = null;
    },
  };
}

/** The methods alone, for hosts and tests that need no events and no cleanup. */
export function createAppApi(deps: AppServiceDeps): AppApi {
  return createAppService(deps).api;
}
