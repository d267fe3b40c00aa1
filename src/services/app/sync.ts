/**
 * sync.*: where syncing stands and what waits, for the status indicator and the sync panel.
 * "Sync now" sends what the outbox holds, then pulls what changed; one sync runs at a time,
 * and a second request joins the running one. The same work runs by itself every
 * `autoSyncMs` while an account is active.
 */
import type { SyncStatus } from '../../core/contract/app-api';
import { ApiError } from '../../core/contract/api-error';
import type { Message } from '../../core/i18n';
import { discardFromOutbox, listOutbox, listOutboxChanges, outboxOverview, pullMirror, whyUnreachable, retryOutbox, syncOnce, UseCaseError } from '../usecases';
import type { AppContext, Domain } from './context';
import type { StoredAccount } from './settings-file';

export interface SyncControl {
  methods: Domain<'sync'>;
  /** Stops the timer and any running sync. */
  stop(): Promise<void>;
}

export function syncMethods(ctx: AppContext): SyncControl {
  let running: { controller: AbortController; done: Promise<void> } | null = null;

  const status = (): SyncStatus => {
    const account = ctx.activeOrNull();
    if (!account) return { connected: false, online: null, syncing: false, pending: 0, failed: 0, blocked: 0, lastSyncAt: null, error: null, tokenRefused: false, busy: false };
    // Counted per change (a push is one change of five steps), as the panel lists them.
    const { outbox, changes } = outboxOverview(ctx.place(account));
    const count = (...states: string[]) => changes.filter((c) => states.includes(c.state)).length;
    const contact = ctx.contact.get(account.id);
    const tokenRefused = contact?.tokenRefused === true || outbox.pausedReason === 'unauthorized';
    return {
      connected: true,
      online: contact?.online ?? null,
      syncing: running !== null,
      pending: count('pending', 'in_flight'),
      failed: count('rejected'),
      blocked: count('blocked'),
      lastSyncAt: outbox.lastSyncAt,
      error: contact?.error ?? outbox.currentError,
      // Until this session has its own sentence, the outbox's: in the page's language too.
      errorWords: contact?.error ? (contact.errorWords ?? null) : outbox.currentErrorWords,
      tokenRefused,
      busy: contact?.online === true && contact.busy,
    };
  };

  const announce = () => {
    ctx.emit({ type: 'sync.status', status: status() });
    ctx.emit({ type: 'changed', what: 'outbox' });
    ctx.emit({ type: 'changed', what: 'events' });
    ctx.emit({ type: 'changed', what: 'subjects' });
  };

  // `errorWords`: the sentence as data when it is Muster's own, so the page says it in its language.
  const remember = (account: StoredAccount, online: boolean | null, tokenRefused: boolean, error: string | null, errorWords: Message[] | null = null): void => {
    ctx.contact.set(account.id, { online, tokenRefused, error, errorWords, busy: online === true && (ctx.contact.get(account.id)?.busy ?? false) });
  };
  // Any call that reached the service, or failed to, moves the status at once, not at the next sync.
  ctx.contactListeners.add(() => ctx.emit({ type: 'sync.status', status: status() }));

  async function work(account: StoredAccount, signal: AbortSignal): Promise<void> {
    try {
      const connection = await ctx.connection(account);
      // Offline is normal: say so at once instead of waiting out the outbox's backoff.
      const unreachable = await whyUnreachable(connection.serverUrl);
      if (unreachable) return remember(account, false, false, unreachable.message, unreachable.words);
      const outcome = await syncOnce(connection, { signal, onEvent: () => ctx.emit({ type: 'sync.status', status: status() }) });
      if (outcome.end === 'interrupted') return remember(account, ctx.contact.get(account.id)?.online ?? null, false, null);
      if (outcome.end === 'paused') return remember(account, true, outcome.outbox.pausedReason === 'unauthorized', outcome.outbox.currentError);
      // Stalled: the calls' own contact says whether the service was out of reach or answered busy.
      if (outcome.end === 'stalled') return remember(account, ctx.contact.get(account.id)?.online ?? false, false, outcome.outbox.currentError, outcome.outbox.currentErrorWords);
      await pullMirror(connection, { signal, onEvent: (e) => ctx.emit({ type: 'progress', task: 'pull', done: e.pulled, total: e.total }) });
      remember(account, true, false, null);
    } catch (error) {
      if (!(error instanceof UseCaseError)) throw error;
      if (error.reason === 'interrupted') return;
      remember(account, error.reason === 'unreachable' ? false : true, error.reason === 'token_refused', error.message);
    }
  }

  async function syncNow(): Promise<SyncStatus> {
    const account = ctx.active();
    if (!running) {
      const controller = new AbortController();
      const done = ctx.oneOutboxRun(() => work(account, controller.signal)).finally(() => {
        running = null;
        announce();
      });
      running = { controller, done };
      announce();
    }
    await running.done;
    return status();
  }

  const every = ctx.deps.autoSyncMs ?? 0;
  const timer =
    every > 0
      ? setInterval(() => {
          if (!running && ctx.activeOrNull()) syncNow().catch(() => undefined);
        }, every)
      : null;
  timer?.unref?.();

  return {
    methods: {
      'sync.status': async () => status(),
      'sync.items': async () => {
        const account = ctx.activeOrNull();
        return account ? listOutboxChanges(ctx.place(account)) : [];
      },
      'sync.now': syncNow,
      async 'sync.cancel'() {
        if (!running) return false;
        running.controller.abort();
        await running.done.catch(() => undefined);
        return true;
      },
      async 'sync.retry'(id) {
        const place = ctx.place(ctx.active());
        const item = listOutbox(place).find((i) => i.id === id);
        if (!item) throw new ApiError('not_found', 'That change is no longer waiting; it may have been sent meanwhile.');
        if (item.state === 'rejected' || item.state === 'blocked') retryOutbox(place, id);
        return syncNow();
      },
      async 'sync.discard'(id) {
        const account = ctx.active();
        try {
          discardFromOutbox(ctx.place(account), id, true);
          // The last sync's failure was about what waited; with nothing waiting it no longer applies.
          const contact = ctx.contact.get(account.id);
          if (contact?.error && listOutbox(ctx.place(account)).length === 0) ctx.contact.set(account.id, { ...contact, error: null });
        } catch (error) {
          if (error instanceof UseCaseError) throw new ApiError(error.reason === 'input' ? 'not_discardable' : 'busy', error.message);
          throw error;
        }
        announce();
        return status();
      },
    },
    async stop() {
      if (timer) clearInterval(timer);
      running?.controller.abort();
      await running?.done.catch(() => undefined);
    },
  };
}
