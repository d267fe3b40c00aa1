/** accounts.*: the services the app syncs with, the built-in demo, and their tokens. */
import { randomUUID } from 'node:crypto';
import type { AccountsView } from '../../core/contract/app-api';
import { ApiError } from '../../core/contract/api-error';
import { normaliseServerUrl } from '../mirror/location';
import { checkServerUrl, testConnection, UseCaseError } from '../usecases';
import { ensureDemo, type AppContext, type Domain } from './context';
import type { StoredAccount } from './settings-file';

export const DEMO_LABEL = 'Demo';

async function view(ctx: AppContext): Promise<AccountsView> {
  const { accounts, activeId } = ctx.settings.read();
  const shown = await Promise.all(
    accounts.map(async (a) => ({ ...a, hasToken: (await ctx.vault.load(a.id).catch(() => null)) !== null })),
  );
  return { accounts: shown, activeId, tokenStorage: ctx.vault.storage };
}

/**
 * A mirror is kept per service and account name. The first account of a service is
 * "default", as the command line's is, so both share one mirror; another account of the
 * same service gets a name of its own.
 */
function accountNameFor(accounts: StoredAccount[], serverUrl: string): string {
  const same = new Set(accounts.filter((a) => normaliseServerUrl(a.serverUrl) === normaliseServerUrl(serverUrl)).map((a) => a.account));
  if (!same.has('default')) return 'default';
  let n = 2;
  while (same.has(`account-${n}`)) n++;
  return `account-${n}`;
}

function labelFor(serverUrl: string, label: string | undefined): string {
  const given = label?.trim();
  if (given) return given;
  return new URL(serverUrl).host;
}

function changed(ctx: AppContext): void {
  ctx.emit({ type: 'changed', what: 'accounts' });
  ctx.emit({ type: 'changed', what: 'events' });
  ctx.emit({ type: 'changed', what: 'outbox' });
}

export function accountMethods(ctx: AppContext): Domain<'accounts'> {
  const find = (id: string) => {
    const account = ctx.settings.read().accounts.find((a) => a.id === id);
    if (!account) throw new ApiError('not_found', 'That account is no longer in Muster.');
    return account;
  };

  return {
    'accounts.list': () => view(ctx),

    'accounts.test': ({ serverUrl, token }) => testConnection(serverUrl.trim(), token.trim()),

    async 'accounts.add'({ label, serverUrl, token }) {
      const url = serverUrl.trim();
      try {
        checkServerUrl(url);
      } catch (error) {
        throw new ApiError('bad_url', (error as UseCaseError).message);
      }
      const id = randomUUID();
      await ctx.vault.save(id, token.trim());
      ctx.settings.update((s) => {
        s.accounts.push({ id, label: labelFor(url, label), serverUrl: url, account: accountNameFor(s.accounts, url), demo: false });
        s.activeId = id;
      });
      changed(ctx);
      return view(ctx);
    },

    async 'accounts.startDemo'() {
      if (!ctx.deps.demo) throw new ApiError('demo_unavailable', 'The built-in demo is not available here.');
      let demo = ctx.settings.read().accounts.find((a) => a.demo);
      const made = !demo;
      if (!demo) {
        const id = randomUUID();
        // The address is set when the service has started (ensureDemo), before it is used.
        demo = { id, label: DEMO_LABEL, serverUrl: 'http://127.0.0.1/', account: 'default', demo: true };
        const stored = demo;
        ctx.settings.update((s) => s.accounts.push(stored));
      }
      try {
        await ensureDemo(ctx, demo);
      } catch (error) {
        // A demo that could not start leaves no account behind that points nowhere.
        if (made) ctx.settings.update((s) => (s.accounts = s.accounts.filter((a) => a.id !== demo!.id)));
        throw error instanceof ApiError ? error : new ApiError('demo_failed', `The demo service could not start: ${(error as Error).message}`);
      }
      ctx.settings.update((s) => (s.activeId = demo!.id));
      changed(ctx);
      return view(ctx);
    },

    async 'accounts.activate'(id) {
      find(id);
      ctx.settings.update((s) => (s.activeId = id));
      changed(ctx);
      return view(ctx);
    },

    async 'accounts.remove'(id) {
      const account = find(id);
      await ctx.vault.clear(account.id);
      ctx.mirrors.forget(account.serverUrl, account.account);
      ctx.settings.update((s) => {
        s.accounts = s.accounts.filter((a) => a.id !== id);
        if (s.activeId === id) s.activeId = s.accounts[0]?.id ?? null;
      });
      ctx.contact.delete(id);
      changed(ctx);
      return view(ctx);
    },

    async 'accounts.replaceToken'(id, token) {
      const account = find(id);
      await ctx.vault.save(account.id, token.trim());
      ctx.contact.set(id, { online: ctx.contact.get(id)?.online ?? null, tokenRefused: false, error: null, busy: false });
      changed(ctx);
      return view(ctx);
    },
  };
}
