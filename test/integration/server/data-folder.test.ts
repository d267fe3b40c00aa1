import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVICE_DB_FILE, startService } from '../../../src/server/index';

// The service's folder holds personal data and token hashes: its owner's alone.
const modeOf = (path: string) => statSync(path).mode & 0o777;
const made: string[] = [];
afterEach(() => made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function freshParent(): string {
  const parent = mkdtempSync(join(tmpdir(), 'muster-data-'));
  made.push(parent);
  return parent;
}

/** Starts the service on `dir` and answers the modes of the folder and the database files while it runs. */
async function modesWhileServing(dir: string): Promise<Record<string, number>> {
  const service = await startService({ dataDir: dir, seed: 'demo', rateLimit: false });
  try {
    const files = [SERVICE_DB_FILE, `${SERVICE_DB_FILE}-wal`, `${SERVICE_DB_FILE}-shm`];
    expect(files.every((file) => existsSync(join(dir, file)))).toBe(true);
    return Object.fromEntries([['.', modeOf(dir)], ...files.map((file) => [file, modeOf(join(dir, file))])]);
  } finally {
    await service.close();
  }
}

const OWNER_ONLY = { '.': 0o700, [SERVICE_DB_FILE]: 0o600, [`${SERVICE_DB_FILE}-wal`]: 0o600, [`${SERVICE_DB_FILE}-shm`]: 0o600 };

describe.skipIf(process.platform === 'win32')('the data folder', () => {
  it('is made owner-only, with its database files, when it did not exist', async () => {
    expect(await modesWhileServing(join(freshParent(), 'new'))).toEqual(OWNER_ONLY);
  });

  it('is made owner-only when it already existed readable by everyone', async () => {
    const dir = join(freshParent(), 'existing');
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    expect(await modesWhileServing(dir)).toEqual(OWNER_ONLY);
  });

  it('takes a database an older run left readable by everyone back to owner-only', async () => {
    const dir = join(freshParent(), 'older');
    await modesWhileServing(dir);
    chmodSync(dir, 0o755);
    chmodSync(join(dir, SERVICE_DB_FILE), 0o644);
    expect(await modesWhileServing(dir)).toEqual(OWNER_ONLY);
  });
});
