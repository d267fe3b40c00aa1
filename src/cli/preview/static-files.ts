import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { join, resolve, sep } from 'node:path';
import { contentTypeOf } from '../../services/app/content-types';

/**
 * Maps a URL path onto a file inside `root`, or null when it cannot be one. Decoding happens
 * once, before the check, so `%2e%2e%2f` and `..%5c` are judged as the `../` they mean; the
 * resolved path must still lie inside root.
 */
export function fileForPath(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || !decoded.startsWith('/')) return null;
  const base = resolve(root);
  const relative = decoded === '/' ? 'index.html' : decoded.slice(1);
  const file = resolve(join(base, relative));
  return file.startsWith(base + sep) ? file : null;
}

/** Streams a regular file with its content type; false when there is no such file. */
export async function sendFile(res: ServerResponse, file: string, headOnly: boolean, headers: Record<string, string>): Promise<boolean> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return false;
  res.writeHead(200, {
    ...headers,
    'content-type': contentTypeOf(file),
    'content-length': String(info.size),
    // The preview serves a build that changes under it; always revalidate.
    'cache-control': 'no-cache',
  });
  if (headOnly) {
    res.end();
    return true;
  }
  await new Promise<void>((done) => {
    const stream = createReadStream(file);
    stream.on('error', () => {
      res.destroy();
      done();
    });
    stream.on('end', done);
    stream.pipe(res);
  });
  return true;
}
