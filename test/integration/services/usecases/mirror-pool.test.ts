/**
 * The app keeps each mirror's connection open between calls (a search typed letter by letter
 * reads a warm cache); the command line opens one per call. Both see the same file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMirrorPool, withAccountMirror, type MirrorPlace } from '../../../../src/services/usecases/account-mirror';
import { getSyncState, setSyncState } from '../../../../src/services/mirror/queries/outbox/sync-state';

const dir = mkdtempSync(join(tmpdir(), 'muster-pool-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const place: MirrorPlace = { dataDir: dir, serverUrl: 'http://127.0.0.1:9', account: 'default' };

describe('the mirror pool', () => {
  it('keeps one open connection per mirror and hands it to every call', () => {
    const mirrors = createMirrorPool();
    const first = withAccountMirror({ ...place, mirrors }, (db) => db);
    const second = withAccountMirror({ ...place, mirrors }, (db) => db);
    expect(second).toBe(first);
    expect(first.open).toBe(true);
    const other = withAccountMirror({ ...place, account: 'someone-else', mirrors }, (db) => db);
    expect(other).not.toBe(first);
    mirrors.close();
    expect(first.open).toBe(false);
    expect(other.open).toBe(false);
  });

  it('shares what it writes with connections opened per call', () => {
    const mirrors = createMirrorPool();
    withAccountMirror({ ...place, mirrors }, (db) => setSyncState(db, 'pool-test', 'written by the pool'));
    expect(withAccountMirror(place, (db) => getSyncState(db, 'pool-test'))).toBe('written by the pool');
    withAccountMirror(place, (db) => setSyncState(db, 'pool-test', 'written per call'));
    expect(withAccountMirror({ ...place, mirrors }, (db) => getSyncState(db, 'pool-test'))).toBe('written per call');
    mirrors.close();
  });

  it('closes the connections of an account removed, and opens nothing once closed', () => {
    const mirrors = createMirrorPool();
    const mine = withAccountMirror({ ...place, mirrors }, (db) => db);
    const theirs = withAccountMirror({ ...place, account: 'someone-else', mirrors }, (db) => db);
    mirrors.forget(place.serverUrl, 'someone-else');
    expect(theirs.open).toBe(false);
    expect(mine.open).toBe(true);
    mirrors.close();
    expect(() => withAccountMirror({ ...place, mirrors }, (db) => db)).toThrow(/closing/);
  });

  it('leaves a connection without a pool closed after the call', () => {
    const db = withAccountMirror(place, (open) => open);
    expect(db.open).toBe(false);
  });
});
