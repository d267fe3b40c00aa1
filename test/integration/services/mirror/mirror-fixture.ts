import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { openMirror, type MirrorDb } from '../../../../src/services/mirror/open';

export interface MirrorDir {
  dir: string;
  file(name: string): string;
  /** A fresh, fully migrated mirror file; closed when the test file ends. */
  fresh(): MirrorDb;
}

/** Call at the top of a test file: a temp folder for its mirrors, removed afterwards. */
export function mirrorDir(prefix = 'muster-mirror-'): MirrorDir {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const open: MirrorDb[] = [];
  let counter = 0;
  afterAll(() => {
    for (const db of open) if (db.open) db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const file = (name: string) => join(dir, name);
  return {
    dir,
    file,
    fresh() {
      const db = openMirror(file(`mirror-${++counter}.sqlite`));
      open.push(db);
      return db;
    },
  };
}
