import { lstatSync, mkdirSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { startService, type RunningService } from '../../server/index';
import { startDemoService } from '../../server/demo';
import { createAppService, type AppService } from '../../services/app/app-api';
import { intOption, parseOptions } from '../args';
import { UsageError } from '../errors';
import type { Io } from '../io';
import { RendererMissingError, startPreviewHost, type PreviewHost } from '../preview/host';
import { builtRendererDir, packageRoot } from '../preview/paths';
import { sampleSheetIn } from '../../services/app/sample-sheet';
import { untilStopped } from '../signals';

export const DEFAULT_PREVIEW_PORT = 4780;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

export interface PreviewRun {
  host: PreviewHost;
  service: RunningService | null;
  close(): Promise<void>;
}

/**
 * The preview's default folder: one per user, owner-only, and refused when someone else
 * made it first (a shared temp folder must not let another user plant or read the data).
 */
function privateTempDir(): string {
  const dir = join(tmpdir(), `muster-preview-${userInfo().username.replace(/[^\w.-]+/g, '_')}`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const info = lstatSync(dir);
  if (!info.isDirectory() || (process.getuid && info.uid !== process.getuid())) {
    throw new UsageError(`${dir} belongs to someone else; give the preview its own folder with --data DIR.`);
  }
  return dir;
}

/** Parses the options and starts everything; the caller decides how long it runs. */
export async function startPreview(args: string[], io: Io, rendererDir = builtRendererDir()): Promise<PreviewRun> {
  const { values } = parseOptions(args, {
    port: { type: 'string' },
    host: { type: 'string' },
    data: { type: 'string' },
    demo: { type: 'boolean' },
  });
  const dataDir = resolve(values.data ?? privateTempDir());
  const bind = values.host ?? '127.0.0.1';
  const port = intOption(values.port, 'port') ?? DEFAULT_PREVIEW_PORT;

  let host: PreviewHost;
  // The preview has no keychain: tokens go to a file only this user can read, and the UI says so.
  const app: AppService = createAppService({ dataDir, demo: startDemoService, sampleSheet: sampleSheetIn(join(packageRoot(), 'resources')), autoSyncMs: 60_000 });
  try {
    host = await startPreviewHost({ rendererDir, port, host: bind, api: app.api, subscribe: app.subscribe, downloads: app.downloads });
  } catch (error) {
    await app.close();
    if (error instanceof RendererMissingError) throw new UsageError(error.message);
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new UsageError(`Port ${port} is already in use; choose another with --port N (0 picks a free one).`);
    }
    throw error;
  }
  if (!LOOPBACK.has(bind)) io.err(`muster preview: listening on ${bind}, so other computers can reach this UI and its data; it has no sign-in.`);
  io.out(`Muster preview: ${host.url} (data in ${dataDir}; Ctrl-C stops it)`);
  io.out('Open that exact link: it carries this run’s key, without which the page cannot use Muster’s actions.');

  let service: RunningService | null = null;
  if (values.demo) {
    const serviceDir = join(dataDir, 'demo-service');
    try {
      service = await startService({ dataDir: serviceDir, port: 0, host: bind, seed: 'demo', tokensOut: join(serviceDir, 'tokens.json') });
    } catch (error) {
      await host.close();
      await app.close();
      throw error;
    }
    io.out(`Demo reference service: ${service.url} (tokens in ${join(serviceDir, 'tokens.json')})`);
  }

  return {
    host,
    service,
    async close() {
      await host.close();
      await app.close();
      await service?.close();
    },
  };
}

/** `muster preview [--port N] [--host H] [--data DIR] [--demo]`: the app's UI in a browser. */
export async function previewCommand(args: string[], io: Io): Promise<number> {
  const stopped = untilStopped();
  const run = await startPreview(args, io);
  await stopped;
  await run.close();
  return 0;
}
