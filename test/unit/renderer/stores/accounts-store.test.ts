import { describe, expect, it } from 'vitest';
import type { AccountsView } from '../../../../src/core/contract/app-api';
import { useAccountsStore } from '../../../../src/renderer/features/accounts/store';
import { accountsView } from '../../../support/contract-values';
import { fakeClient, refusal, storesWith } from '../../../support/fake-client';

const account = { id: 'a1', label: 'Recruiting', serverUrl: 'https://recruit.example', account: 'acme', demo: false, hasToken: true };

describe('the accounts store', () => {
  it('reads the accounts and knows the active one', async () => {
    const { client } = fakeClient({ 'accounts.list': async () => accountsView({ accounts: [account], activeId: 'a1' }) });
    storesWith(client);
    const accounts = useAccountsStore();
    expect(accounts.hasAccount).toBe(false);
    await accounts.load();
    expect(accounts.active?.label).toBe('Recruiting');
    expect(accounts.hasAccount).toBe(true);
  });

  it('says in words why the accounts could not be read, and forgets it once they are', async () => {
    let answer: () => Promise<AccountsView> = () => refusal('The main side is not answering.', 'unreachable');
    const { client } = fakeClient({ 'accounts.list': () => answer() });
    storesWith(client);
    const accounts = useAccountsStore();
    await accounts.load();
    expect(accounts.error).toBe('The main side is not answering.');
    answer = async () => accountsView();
    await accounts.load();
    expect(accounts.error).toBe('');
  });

  it('tests a connection and adds the account through the main side', async () => {
    const fake = fakeClient({
      'accounts.test': async () => ({ ok: false, problem: 'token_refused', detail: 'Unauthorized' }),
      'accounts.add': async (input) => accountsView({ accounts: [{ ...account, label: input.label ?? '' }], activeId: 'a1' }),
    });
    storesWith(fake.client);
    const accounts = useAccountsStore();
    expect(await accounts.test({ serverUrl: 'https://recruit.example', token: 't' })).toMatchObject({ problem: 'token_refused' });
    await accounts.add({ label: 'Mine', serverUrl: 'https://recruit.example', token: 't' });
    expect(accounts.active?.label).toBe('Mine');
    expect(fake.calls.map((c) => c.method)).toEqual(['accounts.test', 'accounts.add']);
  });
});
