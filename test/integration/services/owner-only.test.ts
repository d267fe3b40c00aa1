import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mirrorFileFor } from '../../../src/services/mirror/location';
import { openMirror } from '../../../src/services/mirror/open';
import { settingsFile } from '../../../src/services/app/settings-file';
import { fileTokenVault } from '../../../src/services/app/token-vault';
import { exportTable } from '../../../src/services/exports/participant-export';

// What the app keeps holds personal data and tokens: its owner's alone, also when a folder
// or file was already there from before with looser modes.
const root = mkdtempSync(join(tmpdir(), 'muster-owner-only-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const modeOf = (path: string) => statSync(path).mode & 0o777;

/** A folder as another program (or an older Muster) left it: readable by everyone. */
function looseFolder(name: string): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
  return dir;
}

describe.skipIf(process.platform === 'win32')('owner-only data at rest', () => {
  it('tightens an existing data folder when a mirror is placed in it', () => {
    const dir = looseFolder('mirrors');
    mirrorFileFor(dir, 'https://recruiting.example.com', 'ana');
    expect(modeOf(dir)).toBe(0o700);
  });

  it('takes a mirror an older run left readable back to owner-only, with its -wal and -shm', () => {
    const file = join(looseFolder('old-mirror'), 'mirror.sqlite');
    openMirror(file).close();
    chmodSync(file, 0o644);
    const reopened = openMirror(file);
    try {
      const files = [file, `${file}-wal`, `${file}-shm`];
      expect(files.every(existsSync)).toBe(true);
      expect(files.map(modeOf)).toEqual([0o600, 0o600, 0o600]);
    } finally {
      reopened.close();
    }
  });

  it('tightens an existing app data folder when settings or tokens are saved', async () => {
    const forSettings = looseFolder('settings');
    settingsFile(forSettings).update((settings) => void (settings.language = 'en'));
    expect(modeOf(forSettings)).toBe(0o700);
    const forTokens = looseFolder('tokens');
    await fileTokenVault(forTokens).save('account-1', 'mst_secret');
    expect(modeOf(forTokens)).toBe(0o700);
  });

  it('writes exports owner-only', async () => {
    for (const name of ['list.csv', 'list.xlsx']) {
      const path = join(root, name);
      await exportTable(path, 'Participants', { header: ['name'], rows: [['Zoë']] });
      expect(modeOf(path)).toBe(0o600);
    }
  });
});
