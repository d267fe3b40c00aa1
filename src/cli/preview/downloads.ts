/**
 * The preview hands an export to the browser once: the id came to the page over its
 * authenticated socket, the file is sent as an attachment and removed after.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';

export interface DownloadSource {
  take(id: string): { path: string; name: string } | null;
  sent(offered: { path: string; name: string }): void;
}

/** `filename*` per RFC 6266/5987 (any language's name), with a plain ASCII fallback. */
function disposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** False when the id names nothing to send (unknown, taken, expired). */
export async function sendDownload(res: ServerResponse, source: DownloadSource, id: string, headers: Record<string, string>): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(id)) return false;
  const offered = source.take(id);
  if (!offered) return false;
  const info = await stat(offered.path).catch(() => null);
  if (!info?.isFile()) return false;
  res.writeHead(200, {
    ...headers,
    'content-type': 'application/octet-stream',
    'content-length': String(info.size),
    'content-disposition': disposition(offered.name),
    'cache-control': 'no-store',
  });
  await new Promise<void>((done) => {
    const stream = createReadStream(offered.path);
    stream.on('error', () => {
      res.destroy();
      done();
    });
    res.on('close', done);
    stream.pipe(res);
  });
  source.sent(offered);
  return true;
}
