// The import rules of docs/architecture.md, checked on what the code really loads: static
// imports, dynamic import() and require() alike, resolved to files. `npm run lint` runs it.
// A rule's comment is what the person who broke it reads; it says what to do instead.

/** Packages src/core may import: pure TypeScript that runs anywhere (Node, browser, worker). */
const CORE_PACKAGES = ['typebox'];
/** Packages the renderer may import besides src/core: the UI framework and its parts. */
const RENDERER_PACKAGES = ['vue', '@vue', 'pinia', 'vue-router', 'vue-i18n', '@intlify', '@revolist'];

const packages = (names) => names.map((name) => `^node_modules/${name.replace(/[.]/g, '\\.')}/`);
const ELECTRON = '^node_modules/electron/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import circles make load order matter and hide which module owns what; move the shared part into a module both can import.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'core-is-pure',
      severity: 'error',
      comment: `src/core is pure TypeScript that runs anywhere: no Node, Electron, DOM or other layer; packages only from its list (${CORE_PACKAGES.join(', ')}) in .dependency-cruiser.cjs, added there with a reason.`,
      from: { path: '^src/core/' },
      to: { pathNot: ['^src/core/', ...packages(CORE_PACKAGES)] },
    },
    {
      name: 'contract-is-the-floor',
      severity: 'error',
      comment: 'src/core/contract is what every layer stands on: it imports only itself (and core\'s packages); a word it needs moves into it, as core/contract/vocabulary.ts.',
      from: { path: '^src/core/contract/' },
      to: { path: '^src/', pathNot: '^src/core/contract/' },
    },
    {
      name: 'services-below-the-shell',
      severity: 'error',
      comment: 'src/services is Node code without Electron: it may use core, never main, preload, renderer, server or cli; pass what Electron provides in as an argument.',
      from: { path: '^src/services/' },
      to: { path: ['^src/(main|preload|renderer|server|cli)/', ELECTRON] },
    },
    {
      name: 'server-stands-on-core',
      severity: 'error',
      comment: 'The reference service stands on core alone: no services, main, preload, renderer, cli or Electron.',
      from: { path: '^src/server/' },
      to: { path: ['^src/(services|main|preload|renderer|cli)/', ELECTRON] },
    },
    {
      name: 'cli-without-electron',
      severity: 'error',
      comment: 'The command line runs without Electron: no main, preload, renderer or electron.',
      from: { path: '^src/cli/' },
      to: { path: ['^src/(main|preload|renderer)/', ELECTRON] },
    },
    {
      name: 'cli-calls-use-cases',
      severity: 'error',
      comment: 'A command parses arguments, calls a use case (src/services/usecases) and renders; raw mirror queries and the service database belong behind a use case or a src/server function.',
      from: { path: '^src/cli/' },
      to: { path: ['^src/services/[^/]+/queries/', '^src/server/(db|store)/'] },
    },
    {
      name: 'renderer-through-its-api',
      severity: 'error',
      comment: `The renderer reaches the main side only through src/renderer/api.ts: it may import src/core and its UI packages (${RENDERER_PACKAGES.join(', ')}), nothing of Node, Electron or the other layers.`,
      from: { path: '^src/renderer/' },
      // vite/client's types declare import.meta.env for the page; they are types, not code.
      to: { pathNot: ['^src/renderer/', '^src/core/', ...packages(RENDERER_PACKAGES), '^node_modules/vite/client\\.d\\.ts$'] },
    },
    {
      name: 'screens-through-stores',
      severity: 'error',
      comment: 'A component renders and emits: it reaches the main side through a Pinia store (features/*/store.ts, *-store.ts), which alone call src/renderer/api.ts, with the event relay and the page\'s entry that provides the client.',
      from: { path: '^src/renderer/', pathNot: ['store\\.ts$', '^src/renderer/event-relay\\.ts$', '^src/renderer/main\\.ts$'] },
      to: { path: '^src/renderer/api\\.ts$' },
    },
    {
      name: 'main-hands-calls-to-services',
      severity: 'error',
      comment: 'The Electron shell hands AppApi calls to services: no renderer, server or cli. The one exception is src/server/demo.ts, the built-in demo the app starts on loopback.',
      from: { path: '^src/main/' },
      to: { path: '^src/(renderer|server|cli)/', pathNot: '^src/server/demo\\.ts$' },
    },
    {
      name: 'preload-bridges-the-contract',
      severity: 'error',
      comment: 'The preload only bridges the AppApi: it may import electron and src/core/contract, nothing else (it runs sandboxed).',
      from: { path: '^src/preload/' },
      to: { pathNot: ['^src/preload/', '^src/core/contract/', ELECTRON] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(out|dist)/' },
    // Type-only imports count: a layer that names another's types depends on it.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.js', '.mjs', '.cjs', '.vue', '.json', '.d.ts'] },
  },
};
