import { resolve } from 'node:path';
import { mergeConfig } from 'vite';
import release from './vite.cli.config';

// The command line with test-only seams (test/support/cli-test-entry.ts), kept apart from the
// release bundle in out/cli and left out of the installers (electron-builder.yml). The
// end-to-end tests that need it build it themselves (test/support/built-cli.ts).
export default mergeConfig(release, {
  logLevel: 'warn',
  build: {
    outDir: 'out/cli-test',
    rollupOptions: { input: { index: resolve('test/support/cli-test-entry.ts') } },
  },
});
