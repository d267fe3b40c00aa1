import { defineConfig } from 'vitest/config';
import vue from '@vitejs/plugin-vue';

export default defineConfig({
  plugins: [vue()],
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A screen's answer (a connection test, a sync) can take seconds on a busy 2-core machine
    // running two browsers; vitest's 1 s default made such waits fail while the app was still working.
    expect: { poll: { timeout: 10_000 } },
    // `muster check` speaks the language of the locale variables: the tests expect its English
    // unless they set a language, whatever the machine that runs them is set to.
    env: { LANG: 'C.UTF-8', LC_ALL: '', LC_MESSAGES: '' },
  },
});
