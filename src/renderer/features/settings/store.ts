import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { AppInfo, LanguageChoice, Settings } from '../../../core/contract/app-api';
import { useClient } from '../../api';
import { resolveLanguage, setLanguage } from '../../i18n';

/** The person's preferences and the data folder; the language is applied as soon as it is read. */
export const useSettingsStore = defineStore('settings', () => {
  const api = useClient();
  const settings = ref<Settings | null>(null);
  const info = ref<AppInfo | null>(null);
  const message = ref('');

  function apply(next: Settings) {
    settings.value = next;
    setLanguage(resolveLanguage(next.language));
  }

  return {
    settings,
    info,
    message,
    async load() {
      apply(await api['settings.get']());
      info.value ??= await api['app.info']();
    },
    async setLanguage(choice: LanguageChoice) {
      apply(await api['settings.setLanguage'](choice));
    },
    openDataFolder: () => api['files.openDataFolder'](),
    exportDiagnostics: () => api['files.exportDiagnostics'](),
  };
});
