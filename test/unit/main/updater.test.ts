import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startUpdater, type UpdaterLike } from '../../../src/main/updater';

const withFeed = mkdtempSync(join(tmpdir(), 'muster-updater-'));
writeFileSync(join(withFeed, 'app-update.yml'), 'provider: generic\nurl: https://updates.invalid/\n');
afterAll(() => rmSync(withFeed, { recursive: true, force: true }));

function fakeUpdater() {
  const emitter = new EventEmitter();
  const updater = Object.assign(emitter, {
    autoDownload: false,
    autoInstallOnAppQuit: true,
    checkForUpdates: vi.fn(async () => null),
    quitAndInstall: vi.fn(),
  });
  return updater as typeof updater & UpdaterLike;
}

describe('updates', () => {
  it('stay off outside a packaged app, and in a build without a release feed, without loading the updater', async () => {
    const load = vi.fn(async () => fakeUpdater());
    const host = { resourcesPath: withFeed, askToRestart: vi.fn(), log: vi.fn() };
    expect(await startUpdater(load, { ...host, packaged: false })).toMatchObject({ started: false, reason: 'not packaged' });
    expect(await startUpdater(load, { ...host, packaged: true, resourcesPath: join(withFeed, 'none') })).toMatchObject({ started: false, reason: 'no release feed in this build' });
    expect(load).not.toHaveBeenCalled();
  });

  it('check at once, download in the background, and restart only when the person agrees', async () => {
    const updater = fakeUpdater();
    let agree = false;
    const run = await startUpdater(async () => updater, { packaged: true, resourcesPath: withFeed, askToRestart: async () => agree, log: vi.fn() });
    expect(run.started).toBe(true);
    expect(updater.checkForUpdates).toHaveBeenCalledOnce();
    expect([updater.autoDownload, updater.autoInstallOnAppQuit]).toEqual([true, false]);
    updater.emit('update-downloaded', { version: '9.9.9' });
    await new Promise((r) => setTimeout(r, 0));
    expect(updater.quitAndInstall).not.toHaveBeenCalled();
    agree = true;
    updater.emit('update-downloaded', { version: '9.9.9' });
    await new Promise((r) => setTimeout(r, 0));
    expect(updater.quitAndInstall).toHaveBeenCalledOnce();
    run.stop();
  });

  it('notes a failed check in the log in one line, never as a dialog', async () => {
    const updater = fakeUpdater();
    updater.checkForUpdates.mockRejectedValueOnce(new Error('net::ERR_INTERNET_DISCONNECTED\n    at stack'));
    const log = vi.fn();
    const run = await startUpdater(async () => updater, { packaged: true, resourcesPath: withFeed, askToRestart: vi.fn(), log });
    await new Promise((r) => setTimeout(r, 0));
    expect(log).toHaveBeenCalledWith('Update check failed: net::ERR_INTERNET_DISCONNECTED');
    run.stop();
  });
});
