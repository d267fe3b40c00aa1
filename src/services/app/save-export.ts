/**
 * Where an export goes: the OS's save dialog proposing `suggestedName`, then written by
 * `write` and shown in the file manager; or, in the preview (no save dialog), written in the
 * main side's own folder and handed to the browser as a one-time download. Null when the
 * person cancelled the dialog.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { AppContext } from './context';

export interface SavedExport<T> {
  path: string | null;
  download: { id: string; name: string } | null;
  written: T;
  shown: boolean;
}

export async function saveExport<T>(ctx: AppContext, suggestedName: string, write: (path: string) => Promise<T>): Promise<SavedExport<T> | null> {
  const { deps } = ctx;
  if (!deps.chooseSavePath) {
    const { id, path } = ctx.downloads.place(suggestedName);
    try {
      return { path: null, download: { id, name: suggestedName }, written: await write(path), shown: false };
    } catch (error) {
      const placed = ctx.downloads.take(id);
      if (placed) ctx.downloads.done(placed);
      throw error;
    }
  }
  const path = await deps.chooseSavePath(suggestedName);
  if (path === null) return null;
  mkdirSync(dirname(path), { recursive: true });
  const written = await write(path);
  const shown = deps.showPath ? await deps.showPath(path) : false;
  return { path, download: null, written, shown };
}
