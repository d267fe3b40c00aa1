/**
 * The built-in demo: the reference service with the demo seed, in a folder of the app's, on
 * loopback, with a token for the seed's first company. The app (Electron or the preview)
 * starts it when a newcomer chooses "Try the demo", so everything, sync included, works
 * without an account anywhere.
 */
import { join } from 'node:path';
import { startService } from './index';

export interface DemoServiceHandle {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

/** Starts on `port` when given and free (so the address, and the app's mirror, stay the same), else on any free port. */
export async function startDemoService(options: { dataDir: string; port: number | null }): Promise<DemoServiceHandle> {
  const start = (port: number) => startService({ dataDir: options.dataDir, port, seed: 'demo', tokensOut: join(options.dataDir, 'tokens.json') });
  let service;
  try {
    service = await start(options.port ?? 0);
  } catch (error) {
    if (options.port === null || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    service = await start(0);
  }
  const first = service.tokens[0];
  if (!first) {
    await service.close();
    throw new Error('The demo service has no company to sign in to.');
  }
  const port = Number(new URL(service.url).port);
  return { url: service.url, port, token: first.token, close: () => service.close() };
}
