import { createPinia } from 'pinia';
import { createApp } from 'vue';
import { api, APP_CLIENT } from './api';
import App from './App.vue';
import { useAccountsStore } from './features/accounts/store';
import { warmGridWhenIdle } from './features/workspace/grid-warmup';
import { useSettingsStore } from './features/settings/store';
import { i18n } from './i18n';
import { createAppRouter } from './router';
import './styles/base.css';
import './styles/layout.css';
import './styles/controls.css';

const pinia = createPinia();
// Provided before any store is made: each store reaches the main side through this client.
const app = createApp(App).provide(APP_CLIENT, api).use(pinia).use(i18n);
const accounts = useAccountsStore(pinia);
const settings = useSettingsStore(pinia);

// Language and accounts first, so the first screen is the right one in the right language.
async function start() {
  await Promise.all([accounts.load(), settings.load().catch(() => undefined)]);
  app.use(createAppRouter(() => accounts.hasAccount));
  app.mount('#app');
  warmGridWhenIdle();
}
void start();
