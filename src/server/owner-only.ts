import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

/**
 * The service's data folder and database hold personal data and token hashes: readable by
 * their owner only (0700 and 0600), whether they were just made or were already there with
 * looser modes. Windows keeps its own access lists; modes mean little there.
 */
const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;
/** SQLite's companions of a database file in WAL mode. */
const COMPANIONS = ['-wal', '-shm', '-journal'];

function restrict(path: string, mode: number, what: string): void {
  try {
    chmodSync(path, mode);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'EPERM' ? 'it belongs to another user' : (error as Error).message;
    throw new Error(`Cannot make the ${what} ${path} private to its owner (${reason}); choose a --data folder of your own.`, { cause: error });
  }
}

/** Makes (or takes over) `dir` as a folder only its owner may enter. */
export function ownerOnlyFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: FOLDER_MODE });
  restrict(dir, FOLDER_MODE, 'data folder');
}

/**
 * Makes the database file owner-only before SQLite opens it (SQLite gives its -wal and -shm
 * files the mode of the database), and tightens those companions if an older run left them.
 */
export function ownerOnlyDatabase(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'a', FILE_MODE));
  restrict(file, FILE_MODE, 'database file');
  for (const suffix of COMPANIONS) if (existsSync(file + suffix)) restrict(file + suffix, FILE_MODE, 'database file');
}
