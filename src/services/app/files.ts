/**
 * files.*: the data folder shown in the OS, and a diagnostics bundle a person can send to
 * whoever supports them: versions, settings without tokens, each mirror's outbox state and
 * errors. Tokens never go in: the vault is not read here, and every text is checked for the
 * active tokens before it is written.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mirrorStatus } from '../usecases';
import { appInfo } from './identity';
import type { AppContext, Domain } from './context';

export const DIAGNOSTICS_FOLDER = 'diagnostics';

async function knownTokens(ctx: AppContext): Promise<string[]> {
  const tokens = await Promise.all(ctx.settings.read().accounts.map((a) => ctx.vault.load(a.id).catch(() => null)));
  return tokens.filter((t): t is string => typeof t === 'string' && t.length >= 8);
}

export function fileMethods(ctx: AppContext): Domain<'files'> {
  return {
    async 'files.chooseSheet'() {
      const chosen = ctx.deps.chooseSheet ? await ctx.deps.chooseSheet() : null;
      return chosen === null ? null : ctx.grants.grant(chosen);
    },
    async 'files.sampleSheet'() {
      const sample = ctx.deps.sampleSheet;
      return sample && ctx.activeOrNull()?.demo && existsSync(sample) ? ctx.grants.grant(sample) : null;
    },
    'files.beginUpload': async ({ name, size }) => ({ upload: ctx.uploads.begin(name, size) }),
    'files.uploadPart': async (upload, { offset, data }) => ({ received: ctx.uploads.part(upload, offset, data) }),
    'files.finishUpload': async (upload) => ctx.uploads.finish(upload),
    async 'files.openDataFolder'() {
      mkdirSync(ctx.deps.dataDir, { recursive: true, mode: 0o700 });
      const shown = ctx.deps.showPath ? await ctx.deps.showPath(ctx.deps.dataDir) : false;
      return { path: ctx.deps.dataDir, shown };
    },
    async 'files.exportDiagnostics'() {
      const settings = ctx.settings.read();
      const bundle = {
        written: new Date().toISOString(),
        app: appInfo(ctx.deps),
        node: process.versions.node,
        settings: { language: settings.language, activeId: settings.activeId, accounts: settings.accounts },
        mirrors: mirrorStatus({ dataDir: ctx.deps.dataDir, account: 'default' }),
        contact: Object.fromEntries(ctx.contact),
      };
      let text = `${JSON.stringify(bundle, null, 2)}\n`;
      for (const token of await knownTokens(ctx)) text = text.split(token).join('[token removed]');
      const name = `muster-diagnostics-${bundle.written.replace(/[:.]/g, '-')}.json`;
      // The preview cannot show a folder: the bundle goes to the browser as a download.
      if (!ctx.deps.showPath) {
        const { id, path } = ctx.downloads.place(name);
        writeFileSync(path, text, { mode: 0o600 });
        return { path: null, download: { id, name }, shown: false };
      }
      const folder = join(ctx.deps.dataDir, DIAGNOSTICS_FOLDER);
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      const path = join(folder, name);
      writeFileSync(path, text, { mode: 0o600 });
      return { path, download: null, shown: await ctx.deps.showPath(path) };
    },
  };
}
