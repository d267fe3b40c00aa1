import { defineStore } from 'pinia';
import type { AppApi, AppInfo } from '../../core/contract/app-api';
import { api as defaultApi } from '../api';

export type LoadState = 'idle' | 'loading' | 'ready' | 'failed';

/** What the app knows about itself: version and data folder for the About panel. */
export const useAppStore = defineStore('app', {
  state: () => ({
    info: null as AppInfo | null,
    state: 'idle' as LoadState,
    error: '',
  }),
  actions: {
    async loadInfo(api: AppApi = defaultApi) {
      this.state = 'loading';
      this.error = '';
      try {
        this.info = await api['app.info']();
        this.state = 'ready';
      } catch (error) {
        this.error = error instanceof Error ? error.message : 'Muster could not read its details.';
        this.state = 'failed';
      }
    },
  },
});
