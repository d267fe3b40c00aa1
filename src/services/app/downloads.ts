/**
 * The browser preview's way for an export out: the file is written in the main side's own
 * folder and handed to the browser once, under a random id the page got over its socket.
 * Nothing is left in a shared folder where one export could overwrite another.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { safeFileName, ticket } from './file-grants';

const DOWNLOADS_FOLDER = 'downloads';
/** An export not taken by then is removed. */
const KEEP_MS = 10 * 60_000;

export interface Offered {
  path: string;
  name: string;
}

export interface Downloads {
  /** A new private place for a file called `name`, and the id the browser takes it by. */
  place(name: string): { id: string; path: string };
  /** The file behind an id, once; null for an unknown, taken or expired id. */
  take(id: string): Offered | null;
  /** Removes a taken file once it was sent. */
  done(offered: Offered): void;
  clear(): void;
}

export function createDownloads(dataDir: string, now: () => number = Date.now): Downloads {
  const folder = join(dataDir, DOWNLOADS_FOLDER);
  const offered = new Map<string, Offered & { until: number }>();
  const remove = (path: string) => rmSync(dirname(path), { recursive: true, force: true });
  const expire = () => {
    for (const [id, item] of offered) {
      if (item.until > now()) continue;
      offered.delete(id);
      remove(item.path);
    }
  };
  rmSync(folder, { recursive: true, force: true });
  return {
    place(name) {
      expire();
      const id = ticket();
      const dir = join(folder, id);
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const path = join(dir, safeFileName(name));
      offered.set(id, { path, name, until: now() + KEEP_MS });
      return { id, path };
    },
    take(id) {
      expire();
      const item = offered.get(id);
      if (!item) return null;
      offered.delete(id);
      return { path: item.path, name: item.name };
    },
    done: (item) => remove(item.path),
    clear() {
      offered.clear();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
