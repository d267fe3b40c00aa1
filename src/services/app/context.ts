/**
 * What every domain of the app's services shares: the host's gifts (data folder, token
 * vault, demo launcher, a way to show a folder), the settings file, the event stream, and
 * the way from the active account to a mirror place and a connection.
 */
import { join } from 'node:path';
import type { AppApi, AppApiMethod, AppEvent } from '../../core/contract/app-api';
import { ApiError } from '../../core/contract/api-error';
import type { RemoteContact } from '../remote/client';
import { createMirrorPool, type Connection, type MirrorPlace, type MirrorPool } from '../usecases';
import { createDownloads, type Downloads } from './downloads';
import { createFileGrants, type FileGrants } from './file-grants';
import { settingsFile, type SettingsFile, type StoredAccount } from './settings-file';
import { createUploads, type Uploads } from './uploads';
import { fileTokenVault, type TokenVault } from './token-vault';
import type { Message } from '../../core/i18n';

/** The reference service the demo runs on this computer. */
export interface DemoService {
  url: string;
  token: string;
  port: number;
  close(): Promise<void>;
}
export type DemoLauncher = (options: { dataDir: string; port: number | null }) => Promise<DemoService>;

/** What the app services need from their host; Electron and the preview host each supply it. */
export interface AppServiceDeps {
  /** Where the local mirrors and settings live (Electron's userData, or the preview's folder). */
  dataDir: string;
  name?: string;
  version?: string;
  platform?: string;
  /** Default: a file only this user can read (the preview's). Electron passes the keychain. */
  tokens?: TokenVault;
  /** Starts the built-in demo service; without it the demo is not offered. */
  demo?: DemoLauncher;
  /** The OS's open dialog for a spreadsheet; without it (the preview) the page uploads the file the person picked. */
  chooseSheet?: () => Promise<string | null>;
  /** The sample list shipped with the app (resources/sample), offered while the demo is the active service. */
  sampleSheet?: string;
  /** The OS's save dialog, proposing `suggestedName`; null when cancelled. Without it, exports are downloads. */
  chooseSavePath?: (suggestedName: string) => Promise<string | null>;
  /** Shows a folder or file in the OS's file manager; answers whether it could. */
  showPath?: (path: string) => Promise<boolean>;
  /** How often a connected app syncs by itself, in ms; null or 0: only when asked. */
  autoSyncMs?: number | null;
}

/** The part of the AppApi whose method names start with `prefix.`. */
export type Domain<P extends string> = { [M in AppApiMethod as M extends `${P}.${string}` ? M : never]: AppApi[M] };

/** What the calls to one account's service showed: reached or not, busy, the token refused, the last problem. */
export interface Contact {
  online: boolean | null;
  tokenRefused: boolean;
  error: string | null;
  /** `error` as data the catalogs word, when it is Muster's own sentence. */
  errorWords?: Message[] | null;
  busy: boolean;
}

export interface AppContext {
  deps: AppServiceDeps;
  settings: SettingsFile;
  vault: TokenVault;
  emit(event: AppEvent): void;
  /** The active account, or a refusal in words when there is none. */
  active(): StoredAccount;
  activeOrNull(): StoredAccount | null;
  place(account: StoredAccount): MirrorPlace;
  /** The files the person chose, by the grants the page holds. */
  grants: FileGrants;
  uploads: Uploads;
  /** Exports waiting for the preview's browser to take them. */
  downloads: Downloads;
  /** The mirrors' connections, open while the app runs. */
  mirrors: MirrorPool;
  /** A connection for network work: the demo service is started first when it is not running. */
  connection(account: StoredAccount): Promise<Connection>;
  demoService: DemoService | null;
  demoStarting: Promise<DemoService> | null;
  /** What the last contact with each account's service showed. */
  contact: Map<string, Contact>;
  /** Notes what a call showed of an account's service; listeners hear when online or busy changed. */
  noteContact(accountId: string, contact: RemoteContact): void;
  contactListeners: Set<() => void>;
  /**
   * Runs outbox work (a sync, a push) after the one before it has ended. Each run opens its
   * own session, and a session's start puts ops left in flight back to pending: two at once
   * would take each other's op away mid-request.
   */
  oneOutboxRun<T>(work: () => Promise<T>): Promise<T>;
}

export function noAccountError(): ApiError {
  return new ApiError('no_account', 'Connect to a recruiting service or try the demo first.');
}

export function createContext(deps: AppServiceDeps, emit: (event: AppEvent) => void): AppContext {
  const settings = settingsFile(deps.dataDir);
  const grants = createFileGrants();
  let outboxTail: Promise<unknown> = Promise.resolve();
  const context: AppContext = {
    oneOutboxRun(work) {
      const run = outboxTail.then(work, work);
      outboxTail = run.catch(() => undefined);
      return run;
    },
    deps,
    settings,
    vault: deps.tokens ?? fileTokenVault(deps.dataDir),
    emit,
    demoService: null,
    demoStarting: null,
    contact: new Map(),
    contactListeners: new Set(),
    noteContact(accountId, { reached, status }) {
      const was = context.contact.get(accountId) ?? { online: null, tokenRefused: false, error: null, busy: false };
      const busy = reached && (status === 503 || status === 429);
      // Reached again: the sentence about not reaching it no longer holds.
      const next = reached && was.online === false ? { ...was, online: reached, busy, error: null, errorWords: null } : { ...was, online: reached, busy };
      context.contact.set(accountId, next);
      if (was.online !== next.online || was.busy !== next.busy) for (const listener of context.contactListeners) listener();
    },
    mirrors: createMirrorPool(),
    grants,
    uploads: createUploads(deps.dataDir, grants),
    downloads: createDownloads(deps.dataDir),
    activeOrNull() {
      const { accounts, activeId } = settings.read();
      return accounts.find((a) => a.id === activeId) ?? null;
    },
    active() {
      const account = context.activeOrNull();
      if (!account) throw noAccountError();
      return account;
    },
    place(account) {
      return { dataDir: deps.dataDir, serverUrl: account.serverUrl, account: account.account, mirrors: context.mirrors };
    },
    async connection(account) {
      if (account.demo) await ensureDemo(context, account);
      const current = settings.read().accounts.find((a) => a.id === account.id) ?? account;
      const { vault } = context;
      return { ...context.place(current), token: () => vault.load(current.id), onContact: (contact) => context.noteContact(current.id, contact) };
    },
  };
  return context;
}

/**
 * The demo's service runs while the app does. It is started again on the port it had, so
 * its address (and with it the mirror) stays the same; when that port is taken, it gets a
 * new one and the account follows.
 */
export async function ensureDemo(context: AppContext, account: StoredAccount): Promise<void> {
  const launch = context.deps.demo;
  if (!launch) throw new ApiError('demo_unavailable', 'The built-in demo is not available here.');
  // One start however many callers ask at once (auto-sync, Sync now, a double click).
  context.demoStarting ??= launch({ dataDir: join(context.deps.dataDir, DEMO_FOLDER), port: context.settings.read().demoPort }).then(
    (service) => (context.demoService = service),
    (error: unknown) => {
      context.demoStarting = null;
      throw error;
    },
  );
  const service = await context.demoStarting;
  // Also when the service was already running for a demo account removed and added again.
  await context.vault.save(account.id, service.token);
  context.settings.update((s) => {
    s.demoPort = service.port;
    const stored = s.accounts.find((a) => a.id === account.id);
    // A new address is a new mirror: the old one's connection is not needed any more.
    if (stored && stored.serverUrl !== service.url) context.mirrors.forget(stored.serverUrl, stored.account);
    if (stored) stored.serverUrl = service.url;
  });
}

/** The in-app demo's folder, apart from `muster preview --demo`'s `demo-service`. */
export const DEMO_FOLDER = 'app-demo-service';
