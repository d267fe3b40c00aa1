import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * src/core's ban on host globals is enforced by eslint.config.js (imports are checked by
 * dependency-cruiser, see import-rules.test.ts); these cases prove each kind fires, and that
 * what ECMAScript itself offers passes, so a config edit cannot switch the rule off silently.
 */
const eslint = new ESLint({ cwd: resolve(__dirname, '../../..') });

async function globalsUsed(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-globals' || m.ruleId === 'no-restricted-properties' || m.fatal).map((m) => m.message);
}

describe('host globals in src/core', () => {
  it.each([
    ['Node’s process', 'export const env = process.env;\n'],
    ['Node’s Buffer', "export const bytes = Buffer.from('x');\n"],
    ['Node’s __dirname', 'export const here = __dirname;\n'],
    ['Node’s require', "export const fs = require('fs');\n"],
    ['the page’s window', 'export const w = window.innerWidth;\n'],
    ['the page’s document', 'export const title = document.title;\n'],
    ['the page’s localStorage', "export const saved = localStorage.getItem('x');\n"],
    ['process through globalThis', 'export const env = globalThis.process;\n'],
  ])('refuses %s', async (_name, code) => {
    const messages = await globalsUsed('src/core/x.ts', code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/src\/core/);
  });

  it('allows what ECMAScript offers every host', async () => {
    const code = "export const a = [new URL('http://x'), new TextEncoder(), structuredClone({}), setTimeout, new AbortController(), console];\n";
    expect(await globalsUsed('src/core/x.ts', code)).toEqual([]);
  });

  it('leaves Node globals to the Node layers', async () => {
    expect(await globalsUsed('src/services/x.ts', 'export const env = process.env;\n')).toEqual([]);
  });
});

describe('where SQL runs', () => {
  async function sqlPlaces(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  }
  const query = "export const f = (db: { prepare(s: string): unknown }) => db.prepare('SELECT 1');\n";

  it('refuses a statement prepared outside the service’s store or the mirror’s queries', async () => {
    expect(await sqlPlaces('src/server/http/x.ts', query)).toEqual(["The service's SQL lives in src/server/store: add a function there and call it."]);
    expect(await sqlPlaces('src/services/sync/x.ts', query)).toEqual(["The mirror's SQL lives in src/services/mirror/queries: add a function there and call it."]);
  });

  it('allows it in those places', async () => {
    expect(await sqlPlaces('src/server/store/x.ts', query)).toEqual([]);
    expect(await sqlPlaces('src/services/mirror/queries/x.ts', query)).toEqual([]);
  });
});
