import { resolve } from 'node:path';
import { defineConfig } from 'vite';

// The `muster` command line and the reference service, built for Node. SSR builds keep
// every package in node_modules external, so better-sqlite3 loads its own binary.
export default defineConfig({
  // The message engine under vue-i18n words `muster check` from the app's catalogs; it is a
  // build-time package like vue-i18n itself, so it is bundled rather than left to node_modules.
  ssr: { noExternal: [/^@intlify\//] },
  build: {
    ssr: true,
    outDir: 'out/cli',
    target: 'node22',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      // The sheet reader's worker thread is its own entry, next to the bundle that starts it.
      input: { index: resolve('src/cli/index.ts'), 'sheet-worker': resolve('src/services/sheets/worker.ts') },
      output: { entryFileNames: '[name].js', format: 'es' },
    },
  },
});
