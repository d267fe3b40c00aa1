import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppApi } from '../../../src/core/contract/app-api';
import { useAppStore } from '../../../src/renderer/stores/app';

const info = { name: 'Muster', version: '2.0.0', platform: 'win32', dataDir: 'C:\\Users\\ada\\AppData\\Roaming\\Muster' };

describe('the app store', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('loads the app details through the api', async () => {
    const store = useAppStore();
    expect(store.state).toBe('idle');
    const pending = store.loadInfo({ 'app.info': async () => info });
    expect(store.state).toBe('loading');
    await pending;
    expect(store.state).toBe('ready');
    expect(store.info).toEqual(info);
  });

  it('keeps the failure as a sentence and recovers on the next try', async () => {
    const store = useAppStore();
    let fail = true;
    const api: AppApi = {
      'app.info': async () => {
        if (fail) throw new Error('The preview host is not answering.');
        return info;
      },
    };
    await store.loadInfo(api);
    expect([store.state, store.error, store.info]).toEqual(['failed', 'The preview host is not answering.', null]);
    fail = false;
    await store.loadInfo(api);
    expect([store.state, store.error, store.info]).toEqual(['ready', '', info]);
  });
});
