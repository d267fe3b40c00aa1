import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, matchesGlob, resolve, sep } from 'node:path';
import * as yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../../..');
const config = yaml.load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as Record<string, any>;
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** electron-builder's own schema check, reached through electron-builder as it reaches it. */
async function validate(candidate: unknown): Promise<void> {
  const fromBuilder = createRequire(createRequire(import.meta.url).resolve('electron-builder'));
  const { validateConfiguration } = fromBuilder('app-builder-lib/out/util/config/config');
  const { DebugLogger } = fromBuilder('builder-util');
  await validateConfiguration(candidate, new DebugLogger(false));
}

const targetsOf = (platform: { target: Array<{ target: string } | string> }) => platform.target.map((t) => (typeof t === 'string' ? t : t.target));

describe('electron-builder.yml', () => {
  it('passes electron-builder’s own schema (and the check can fail)', async () => {
    await expect(validate(config)).resolves.toBeUndefined();
    await expect(validate({ ...config, asarUnpak: ['x'] })).rejects.toThrow(/unknown property 'asarUnpak'/);
  });

  it('names the app', () => {
    expect(config.appId).toBe('com.muster.app');
    expect(config.productName).toBe('Muster');
    expect(pkg.productName).toBe(config.productName);
    expect(config.directories.output).toBe('dist');
  });

  it('packs the built bundles, including the entry package.json points Electron at', () => {
    expect(config.files).toEqual(expect.arrayContaining(['out/**', 'package.json']));
    expect(matchesGlob(pkg.main, 'out/**')).toBe(true);
  });

  it('unpacks every native binary of better-sqlite3 from the asar, and rebuilds native modules for Electron', () => {
    expect(config.asarUnpack).toContain('node_modules/better-sqlite3/**');
    // 13.x ships N-API prebuilds per platform (prebuilds/*.node); a build/ folder appears
    // only where it was compiled. Whatever is there must land outside the archive.
    const binaries = readdirSync(join(root, 'node_modules/better-sqlite3'), { recursive: true })
      .map((file) => `node_modules/better-sqlite3/${String(file).split(sep).join('/')}`)
      .filter((file) => file.endsWith('.node'));
    expect(binaries.length).toBeGreaterThan(0);
    for (const binary of binaries) expect(config.asarUnpack.some((glob: string) => matchesGlob(binary, glob)), binary).toBe(true);
    expect(config.npmRebuild).toBe(true);
    expect(Object.keys(pkg.dependencies)).toContain('better-sqlite3');
  });

  it('flips the fuses that close the packaged binary, file:// privileges included', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('builds a hardened dmg and zip for macOS and an NSIS installer for Windows', () => {
    expect(targetsOf(config.mac)).toEqual(expect.arrayContaining(['dmg', 'zip']));
    expect(config.mac.hardenedRuntime).toBe(true);
    expect(targetsOf(config.win)).toEqual(['nsis']);
  });

  it('points at a 512×512 PNG icon that exists', () => {
    for (const icon of [config.mac.icon, config.win.icon]) {
      const png = readFileSync(join(root, icon));
      expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([512, 512]);
    }
  });
});

describe('the release workflow', () => {
  const text = readFileSync(join(root, '.github/workflows/release.yml'), 'utf8');
  const workflow = yaml.load(text) as Record<string, any>;
  const job = workflow.jobs.installers;
  const GUARD = 'Refuse unsigned installers unless asked for';
  const guard = job.steps.find((s: any) => s.name === GUARD);

  it('builds on macOS and Windows with npm ci and npm run dist', () => {
    expect(job.strategy.matrix.os).toEqual(['macos-latest', 'windows-latest']);
    expect(job['runs-on']).toBe('${{ matrix.os }}');
    const runs = job.steps.filter((s: any) => s.run && s.name !== GUARD).map((s: any) => s.run.trim());
    expect(runs).toEqual(['npm ci', 'npm run dist']);
    expect(pkg.scripts.dist).toMatch(/npm run build && electron-builder --config electron-builder\.yml/);
  });

  it('uses Node 22, which the build needs', () => {
    const setup = job.steps.find((s: any) => String(s.uses).startsWith('actions/setup-node'));
    expect(setup.with['node-version']).toBe(22);
  });

  it('hands each platform only its own signing certificate', () => {
    const env: Record<string, string> = job.steps.find((s: any) => s.run === 'npm run dist').env;
    expect(env.CSC_LINK).toBe("${{ runner.os == 'macOS' && secrets.MAC_CSC_LINK || '' }}");
    expect(env.WIN_CSC_LINK).toBe("${{ runner.os == 'Windows' && secrets.WIN_CSC_LINK || '' }}");
    for (const [name, value] of Object.entries(env)) expect(/MAC_/.test(value) && /WIN_/.test(value), name).toBe(false);
  });

  it('keeps the installers it built', () => {
    const upload = job.steps.find((s: any) => String(s.uses).startsWith('actions/upload-artifact'));
    expect(upload.with.path).toMatch(/dist\/\*\.dmg[\s\S]*dist\/\*\.exe/);
    expect(upload.with['if-no-files-found']).toBe('error');
  });

  // A tag can be moved to other code; a commit cannot. The version stays readable beside it.
  it('pins every action to a full commit, with its version in a comment', () => {
    const uses = [...text.matchAll(/^\s*(?:-\s+)?uses:\s*(\S+)(.*)$/gm)];
    expect(uses.length).toBeGreaterThanOrEqual(3);
    for (const [line, action, rest] of uses) {
      expect(action, line).toMatch(/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/);
      expect(rest, line).toMatch(/^\s+# v\d+\.\d+\.\d+$/);
    }
  });

  it('offers unsigned installers only to a hand-run workflow that asks, off by default', () => {
    expect(workflow.on.workflow_dispatch.inputs.allow_unsigned).toMatchObject({ type: 'boolean', default: false });
    expect(guard.env.ALLOW_UNSIGNED).toBe("${{ github.event_name == 'workflow_dispatch' && inputs.allow_unsigned && 'true' || 'false' }}");
    const names = job.steps.map((s: any) => s.name ?? s.uses);
    expect(names.indexOf(GUARD)).toBeLessThan(names.indexOf('Build the installers'));
    // Every secret the build signs with is one the guard looks at.
    const build = job.steps.find((s: any) => s.run === 'npm run dist');
    const used = new Set([...JSON.stringify(build.env).matchAll(/secrets\.(\w+)/g)].map((m) => m[1]));
    for (const secret of used) expect(guard.env[`HAS_${secret}`], secret).toBe(`\${{ secrets.${secret} != '' }}`);
  });

  // The guard's script, run as the runner would run it, on each platform.
  const runGuard = (os: string, env: Record<string, string>) => spawnSync('bash', ['-e', '-c', guard.run], { env: { PATH: process.env.PATH, RUNNER_OS: os, ...env }, encoding: 'utf8' });
  const allSet = (names: string[]) => Object.fromEntries(names.map((n) => [`HAS_${n}`, 'true']));
  const MAC = ['MAC_CSC_LINK', 'MAC_CSC_KEY_PASSWORD', 'APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'];
  const WIN = ['WIN_CSC_LINK', 'WIN_CSC_KEY_PASSWORD'];

  it.each([['macOS', MAC], ['Windows', WIN]])('on %s: fails naming the missing secrets unless unsigned installers were asked for', (os, names) => {
    const signed = runGuard(os, { ...allSet(names), ALLOW_UNSIGNED: 'false' });
    expect(signed.status, signed.stdout).toBe(0);
    for (const missing of names) {
      const refused = runGuard(os, { ...allSet(names), [`HAS_${missing}`]: 'false', ALLOW_UNSIGNED: 'false' });
      expect(refused.status, missing).toBe(1);
      expect(refused.stdout).toMatch(new RegExp(`^::error::Refusing to build unsigned ${os} installers: the secrets ${missing} are not set\\.`, 'm'));
    }
    const none = runGuard(os, { ALLOW_UNSIGNED: 'false' });
    expect(none.status).toBe(1);
    const asked = runGuard(os, { ALLOW_UNSIGNED: 'true' });
    expect(asked.status).toBe(0);
    expect(asked.stdout).toMatch(/^::warning::Building UNSIGNED/m);
  });
});
