/** settings.*: the language and the data folder's place and size. */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Settings } from '../../core/contract/app-api';
import type { AppContext, Domain } from './context';

/** Bytes under `dir`, counting files only and skipping what vanishes while it is walked. */
export function folderBytes(dir: string): number {
  let total = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += folderBytes(path);
    else if (entry.isFile()) {
      try {
        total += statSync(path).size;
      } catch {
        // removed meanwhile
      }
    }
  }
  return total;
}

export function settingsMethods(ctx: AppContext): Domain<'settings'> {
  const current = (): Settings => ({ language: ctx.settings.read().language, dataDir: ctx.deps.dataDir, dataBytes: folderBytes(ctx.deps.dataDir) });
  return {
    'settings.get': async () => current(),
    async 'settings.setLanguage'(language) {
      ctx.settings.update((s) => (s.language = language));
      return current();
    },
  };
}
