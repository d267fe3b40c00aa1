import { mkdtempSync, rmSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultDataDir, MirrorLocationError, mirrorFileFor, normaliseServerUrl } from '../../../../src/services/mirror/location';

const tmp = mkdtempSync(join(tmpdir(), 'muster-location-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('defaultDataDir', () => {
  it('is the folder Electron names userData for an app called Muster, on each platform', () => {
    expect(defaultDataDir({ APPDATA: 'C:\\Users\\ana\\AppData\\Roaming' }, 'win32', '/home/ana')).toBe(join('C:\\Users\\ana\\AppData\\Roaming', 'Muster'));
    expect(defaultDataDir({}, 'win32', '/home/ana')).toBe(join('/home/ana', 'AppData', 'Roaming', 'Muster'));
    expect(defaultDataDir({}, 'darwin', '/Users/ana')).toBe('/Users/ana/Library/Application Support/Muster');
    expect(defaultDataDir({}, 'linux', '/home/ana')).toBe('/home/ana/.config/Muster');
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/data/config' }, 'linux', '/home/ana')).toBe('/data/config/Muster');
  });

  it('ignores a relative XDG_CONFIG_HOME, as the XDG spec says', () => {
    expect(defaultDataDir({ XDG_CONFIG_HOME: 'config' }, 'linux', '/home/ana')).toBe('/home/ana/.config/Muster');
  });

  it('is MUSTER_DATA_DIR when set, made absolute, on every platform', () => {
    expect(defaultDataDir({ MUSTER_DATA_DIR: '/srv/muster' }, 'darwin', '/Users/ana')).toBe('/srv/muster');
    expect(defaultDataDir({ MUSTER_DATA_DIR: 'rel/dir' }, 'linux', '/home/ana')).toBe(resolve('rel/dir'));
    expect(defaultDataDir({ MUSTER_DATA_DIR: '   ' }, 'linux', '/home/ana')).toBe('/home/ana/.config/Muster');
  });
});

describe('normaliseServerUrl', () => {
  it.each([
    ['HTTPS://Recruiting.Example.COM/', 'https://recruiting.example.com'],
    ['https://recruiting.example.com:443', 'https://recruiting.example.com'],
    ['http://127.0.0.1:80/', 'http://127.0.0.1'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['  https://example.com/tenant/a//  ', 'https://example.com/tenant/a'],
    ['https://example.com/api?x=1#top', 'https://example.com/api'],
  ])('%s → %s', (input, expected) => {
    expect(normaliseServerUrl(input)).toBe(expected);
  });

  it.each([
    ['not a url', /is not a service address/],
    ['ftp://example.com', /is not an http or https address/],
    ['https://ana:secret@example.com', /must not contain a user name or password/],
  ])('refuses %s with a sentence', (input, message) => {
    expect(() => normaliseServerUrl(input)).toThrow(MirrorLocationError);
    expect(() => normaliseServerUrl(input)).toThrow(message);
  });
});

describe('mirrorFileFor', () => {
  it('gives one file per service and account, whichever way the address is written', () => {
    const dir = join(tmp, 'one');
    const a = mirrorFileFor(dir, 'https://Recruiting.example.com/', 'ana');
    expect(mirrorFileFor(dir, 'https://recruiting.example.com:443', 'ana')).toBe(a);
    expect(mirrorFileFor(dir, 'https://recruiting.example.com', 'ben')).not.toBe(a);
    expect(mirrorFileFor(dir, 'http://recruiting.example.com', 'ana')).not.toBe(a);
    expect(mirrorFileFor(dir, 'https://recruiting.example.com/eu', 'ana')).not.toBe(a);
    expect(dirname(a)).toBe(dir);
    expect(basename(a)).toMatch(/^mirror-recruiting\.example\.com-[0-9a-f]{16}\.sqlite$/);
  });

  it('keeps a non-default port in the name and only safe characters', () => {
    expect(basename(mirrorFileFor(join(tmp, 'two'), 'http://[::1]:8080', 'ana'))).toMatch(/^mirror-1-8080-[0-9a-f]{16}\.sqlite$/);
    expect(basename(mirrorFileFor(join(tmp, 'two'), 'http://localhost:8080', 'ana'))).toMatch(/^mirror-localhost-8080-[0-9a-f]{16}\.sqlite$/);
  });

  it.skipIf(process.platform === 'win32')('creates the data folder for its owner only', () => {
    const dir = join(tmp, 'fresh', 'nested');
    expect(existsSync(dir)).toBe(false);
    mirrorFileFor(dir, 'https://example.com', 'ana');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('needs an account', () => {
    expect(() => mirrorFileFor(join(tmp, 'three'), 'https://example.com', '  ')).toThrow(/needs the account it belongs to/);
  });
});
