/**
 * The demographic catalog of an event as this computer last learned it from a service, for
 * checking a sheet offline. Mirrors are per service and account; without a service named,
 * every mirror in the data folder is asked and the largest catalog of that event wins.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CatalogCategory } from '../../core/participants/catalog';
import { mirrorFileFor } from '../mirror/location';
import { openMirror } from '../mirror/open';
import { catalogFor } from '../mirror/queries/imports/catalog';

const MIRROR_FILE = /^mirror-.+\.sqlite$/;

function catalogIn(file: string, externalEventId: number): CatalogCategory[] {
  const db = openMirror(file);
  try {
    return catalogFor(db, externalEventId);
  } finally {
    db.close();
  }
}

export function knownCatalog(dataDir: string, externalEventId: number, server?: { url: string; account: string }): CatalogCategory[] | null {
  if (server) {
    const file = mirrorFileFor(dataDir, server.url, server.account);
    if (!existsSync(file)) return null;
    const categories = catalogIn(file, externalEventId);
    return categories.length > 0 ? categories : null;
  }
  if (!existsSync(dataDir)) return null;
  let best: CatalogCategory[] | null = null;
  for (const name of readdirSync(dataDir).filter((n) => MIRROR_FILE.test(n))) {
    const categories = catalogIn(join(dataDir, name), externalEventId);
    if (categories.length > (best?.length ?? 0)) best = categories;
  }
  return best;
}
