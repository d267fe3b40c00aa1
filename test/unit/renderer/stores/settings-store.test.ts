// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../../src/renderer/i18n';
import { useSettingsStore } from '../../../../src/renderer/features/settings/store';
import { fakeClient, storesWith } from '../../../support/fake-client';

const settings = (language: 'system' | 'de' | 'fr') => ({ language, dataDir: '/home/ada/.muster', dataBytes: 4096 });

describe('the settings store', () => {
  it('reads the preferences and the app’s facts once, and applies the language chosen', async () => {
    const fake = fakeClient({
      'settings.get': async () => settings('de'),
      'app.info': async () => ({ name: 'Muster', version: '1.2.3', platform: 'linux', dataDir: '/home/ada/.muster' }),
      'settings.setLanguage': async (choice) => settings(choice as 'fr'),
    });
    storesWith(fake.client);
    const store = useSettingsStore();
    await store.load();
    await store.load();
    expect(store.info?.version).toBe('1.2.3');
    expect(i18n.global.locale.value).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    await store.setLanguage('fr');
    expect(store.settings?.language).toBe('fr');
    expect(i18n.global.locale.value).toBe('fr');
    expect(fake.calls.filter((c) => c.method === 'app.info')).toHaveLength(1);
  });
});
