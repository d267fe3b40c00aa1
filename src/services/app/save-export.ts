/**
 * Where an export goes: the OS's save dialog proposing `suggestedName` (the preview has none:
 * the data folder's `exports`), then written by `write` and shown in the file manager.
 * Null when the person cancelled the dialog.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { AppContext } from './context';

/** Where the preview (no save dialog) writes exports, inside its data folder. */
const EXPORTS_FOLDER = 'exports';

export async function saveExport<T>(ctx: AppContext, suggestedName: string, write: (path: string) => Promise<T>): Promise<{ path: string; written: T; shown: boolean } | null> {
  const { deps } = ctx;
  const path = deps.chooseSavePath ? await deps.chooseSavePath(suggestedName) : join(deps.dataDir, EXPORTS_FOLDER, suggestedName);
  if (path === null) return null;
  mkdirSync(dirname(path), { recursive: true });
  const written = await write(path);
  const shown = deps.showPath ? await deps.showPath(path) : false;
  return { path, written, shown };
}
