import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startPreviewHost, type PreviewHost } from '../../src/cli/preview/host';
import { createAppService, type AppService, type AppServiceDeps } from '../../src/services/app/app-api';
import { launchIsolatedBrowser, type TestBrowser } from './browser';
import { ROOT } from './built-cli';

export interface AppPreview {
  app: AppService;
  host: PreviewHost;
  browser: TestBrowser;
  /** Closes the browser, the preview host and the app's main side, in that order. */
  close(): Promise<void>;
}

/** The app's main side over `dataDir`, the built page served by the preview, and a fresh headless Chromium. */
export async function startAppPreview(dataDir: string, options: { demo?: AppServiceDeps['demo']; sampleSheet?: string; viewport?: { width: number; height: number } } = {}): Promise<AppPreview> {
  const rendererDir = join(ROOT, 'out/renderer');
  if (!existsSync(join(rendererDir, 'index.html'))) throw new Error('out/renderer is missing: run `npm run build` first.');
  const app = createAppService({ dataDir, ...(options.demo ? { demo: options.demo } : {}), ...(options.sampleSheet ? { sampleSheet: options.sampleSheet } : {}) });
  const host = await startPreviewHost({ rendererDir, port: 0, api: app.api, subscribe: app.subscribe, downloads: app.downloads });
  const browser = await launchIsolatedBrowser(options.viewport ? { viewport: options.viewport } : {});
  return {
    app,
    host,
    browser,
    async close() {
      await browser.close();
      await host.close();
      await app.close();
    },
  };
}
