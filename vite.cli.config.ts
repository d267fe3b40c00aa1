import { resolve } from 'node:path';
import { defineConfig } from 'vite';

// The `muster` command line and the reference service, built for Node. SSR builds keep
// every package in node_modules external, so better-sqlite3 loads its own binary.
export default defineConfig({
  build: {
    ssr: resolve('src/cli/index.ts'),
    outDir: 'out/cli',
    target: 'node22',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: { output: { entryFileNames: 'index.js', format: 'es' } },
  },
});
