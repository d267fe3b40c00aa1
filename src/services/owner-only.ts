/**
 * The app's data folder, its mirrors and tokens hold personal data: readable by their owner
 * only (folders 0700, files 0600), whether Muster made them now or finds them from before
 * with looser modes. (The reference service keeps its own copy of this rule in
 * src/server/owner-only.ts: it may not import services.) Windows keeps its own access
 * lists; modes mean little there.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

export const OWNER_ONLY_FOLDER = 0o700;
export const OWNER_ONLY_FILE = 0o600;
/** SQLite's companions of a database file. */
const COMPANIONS = ['-wal', '-shm', '-journal'];

export class OwnerOnlyError extends Error {
  override name = 'OwnerOnlyError';
}

function restrict(path: string, mode: number): void {
  try {
    chmodSync(path, mode);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'EPERM' ? 'it belongs to another user' : (error as Error).message;
    throw new OwnerOnlyError(`Cannot make ${path} private to its owner (${reason}); use a data folder of your own.`, { cause: error });
  }
}

/** Makes (or takes over) `dir` as a folder only its owner may enter. */
export function ownerOnlyFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: OWNER_ONLY_FOLDER });
  restrict(dir, OWNER_ONLY_FOLDER);
}

/**
 * Makes a SQLite file owner-only before SQLite opens it (SQLite gives its -wal and -shm files
 * the mode of the database), and tightens companions an older run left.
 */
export function ownerOnlyDatabase(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'a', OWNER_ONLY_FILE));
  restrict(file, OWNER_ONLY_FILE);
  for (const suffix of COMPANIONS) if (existsSync(file + suffix)) restrict(file + suffix, OWNER_ONLY_FILE);
}
