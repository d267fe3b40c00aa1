// Lint rules of the whole tree. The layering (core ← services ← main/cli, core ← server,
// core ← renderer; only main and preload touch Electron) is described in docs/architecture.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import vue from 'eslint-plugin-vue';
import globals from 'globals';

// Which layer may import which is checked by dependency-cruiser (.dependency-cruiser.cjs, run by
// `npm run lint`), which sees dynamic import() and require() as well as static imports. What it
// cannot see is a global, so src/core's ban on Node and browser globals lives here.

/**
 * Globals of Node or of a browser page. ECMAScript's own (URL, TextEncoder, structuredClone,
 * setTimeout, AbortController, console…) run in every host src/core is loaded into — Node,
 * Electron's renderer, a worker — so they stay allowed.
 */
const HOST_GLOBALS = {
  Node: ['process', 'Buffer', 'global', '__dirname', '__filename', 'require', 'module', 'exports', 'setImmediate', 'clearImmediate'],
  browser: ['window', 'document', 'navigator', 'location', 'localStorage', 'sessionStorage', 'indexedDB', 'self', 'fetch', 'XMLHttpRequest', 'WebSocket', 'alert'],
};

const hostGlobal = (host) => (name) => ({ name, message: `src/core is pure TypeScript that runs anywhere, so it may not use ${host}'s \`${name}\`; take what you need as an argument from services or the renderer.` });

export const coreGlobalRules = {
  files: ['src/core/**'],
  rules: {
    'no-restricted-globals': ['error', ...HOST_GLOBALS.Node.map(hostGlobal('Node')), ...HOST_GLOBALS.browser.map(hostGlobal('the browser'))],
    // `globalThis.process` is the same global by another name.
    'no-restricted-properties': [
      'error',
      ...[...HOST_GLOBALS.Node, ...HOST_GLOBALS.browser].map((property) => ({ object: 'globalThis', property, message: `src/core may not reach the host's \`${property}\` through globalThis.` })),
    ],
  },
};

/** SQL runs in one place per database: the service's store and the mirror's query modules. */
const RUNS_SQL = 'CallExpression[callee.property.name=/^(prepare|pragma)$/]';
export const sqlPlaceRules = [
  {
    files: ['src/server/**'],
    ignores: ['src/server/store/**', 'src/server/db/**'],
    rules: { 'no-restricted-syntax': ['error', { selector: RUNS_SQL, message: "The service's SQL lives in src/server/store: add a function there and call it." }] },
  },
  {
    files: ['src/services/**'],
    ignores: ['src/services/mirror/**'],
    rules: { 'no-restricted-syntax': ['error', { selector: RUNS_SQL, message: "The mirror's SQL lives in src/services/mirror/queries: add a function there and call it." }] },
  },
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
  coreGlobalRules,
  ...sqlPlaceRules,
);
