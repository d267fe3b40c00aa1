// Layering is checked here, not remembered: core ← services ← main/cli, core ← server,
// core ← renderer; only main and preload may touch Electron (see docs/architecture.md).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import vue from 'eslint-plugin-vue';
import globals from 'globals';

const nodeBuiltins = ['node:*', 'fs', 'fs/*', 'path', 'os', 'crypto', 'child_process', 'worker_threads', 'http', 'https', 'net', 'url', 'stream', 'util', 'zlib', 'events', 'buffer'];
const nativeOrNode = ['electron', 'better-sqlite3', 'got', 'fastify', '@fastify/*', '@e965/xlsx', 'xlsx'];

/** A rule that forbids importing the listed layers and packages from a folder. */
function layer(files, forbiddenDirs, forbiddenPackages, why) {
  return {
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...forbiddenDirs.map((dir) => ({ group: [`**/${dir}/*`, `**/${dir}`], message: `${why} (no import of src/${dir}).` })),
            ...(forbiddenPackages.length ? [{ group: forbiddenPackages, message: why }] : []),
          ],
        },
      ],
    },
  };
}

export const layerRules = [
  layer(['src/core/**'], ['services', 'main', 'preload', 'renderer', 'server', 'cli'], [...nodeBuiltins, ...nativeOrNode], 'src/core is pure TypeScript that runs anywhere'),
  layer(['src/services/**'], ['main', 'preload', 'renderer', 'server', 'cli'], ['electron'], 'src/services is Node code without Electron'),
  layer(['src/server/**'], ['services', 'main', 'preload', 'renderer', 'cli'], ['electron'], 'the reference service stands on core alone'),
  layer(['src/cli/**'], ['main', 'preload', 'renderer'], ['electron'], 'the command line runs without Electron'),
  layer(['src/renderer/**'], ['services', 'main', 'preload', 'server', 'cli'], [...nodeBuiltins, ...nativeOrNode], 'the renderer reaches the main side only through its api module'),
  layer(['src/main/**'], ['renderer', 'server', 'cli'], [], 'the Electron shell hands AppApi calls to services'),
  layer(['src/preload/**'], ['services', 'renderer', 'server', 'cli'], [...nodeBuiltins.filter((p) => p !== 'node:*'), 'better-sqlite3', 'got'], 'the preload only bridges the AppApi'),
];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', '.bench/**', '.tmp/**', 'test/fixtures/generated/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'vue/no-v-html': 'error',
      'vue/multi-word-component-names': 'off',
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
    },
  },
  {
    // Tests read JSON answers whose shape the assertions check; typing each is noise.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  ...layerRules,
);
