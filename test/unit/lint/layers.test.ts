import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layering in DESIGN.md is enforced by eslint.config.js; these cases prove each rule
 * fires (and that legal imports pass), so a config edit cannot switch one off silently.
 */
const eslint = new ESLint({ cwd: resolve(__dirname, '../../..') });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.fatal).map((m) => m.message);
}

describe('the layer rules', () => {
  it.each([
    ['src/core may not use Node', 'src/core/x.ts', "import fs from 'node:fs';\nexport const a = fs;\n"],
    ['src/core may not use Electron', 'src/core/x.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    ['src/core may not reach services', 'src/core/x.ts', "import '../services/x';\n"],
    ['src/services may not use Electron', 'src/services/x.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    ['src/services may not reach main', 'src/services/x.ts', "import '../main/window';\n"],
    ['the renderer may not reach services', 'src/renderer/x.ts', "import '../services/x';\n"],
    ['the renderer may not reach main', 'src/renderer/x.ts', "import '../main/ipc';\n"],
    ['the renderer may not use Node', 'src/renderer/x.ts', "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n"],
    ['the renderer may not use Electron', 'src/renderer/x.ts', "import { ipcRenderer } from 'electron';\nexport const a = ipcRenderer;\n"],
    ['the server may not reach services', 'src/server/x.ts', "import '../services/x';\n"],
    ['the server may not use Electron', 'src/server/x.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    ['the command line may not use Electron', 'src/cli/x.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    ['the command line may not reach main', 'src/cli/x.ts', "import '../main/ipc';\n"],
    ['the preload may not reach services', 'src/preload/x.ts', "import '../services/app/app-api';\n"],
    ['a Vue component may not reach services', 'src/renderer/components/X.vue', "<script setup lang=\"ts\">\nimport '../../services/x';\n</script>\n<template><p>x</p></template>\n"],
  ])('%s', async (_rule, filePath, code) => {
    const messages = await restrictedImports(filePath, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).not.toMatch(/Parsing error/);
  });

  it.each([
    ['core may import core', 'src/core/x.ts', "import { isAppApiMethod } from './contract/app-api';\nexport const a = isAppApiMethod;\n"],
    ['services may use Node and core', 'src/services/x.ts', "import fs from 'node:fs';\nimport { isAppApiMethod } from '../core/contract/app-api';\nexport const a = [fs, isAppApiMethod];\n"],
    ['main may use Electron and services', 'src/main/x.ts', "import { app } from 'electron';\nimport { createAppApi } from '../services/app/app-api';\nexport const a = [app, createAppApi];\n"],
    ['the preload may use Electron and core', 'src/preload/x.ts', "import { ipcRenderer } from 'electron';\nimport { APP_API_CHANNEL } from '../core/contract/app-api';\nexport const a = [ipcRenderer, APP_API_CHANNEL];\n"],
    ['the renderer may use core and its api module', 'src/renderer/x.ts', "import type { AppInfo } from '../core/contract/app-api';\nimport { api } from './api';\nexport const a: [typeof api, AppInfo | null] = [api, null];\n"],
    ['the command line may use services and the server', 'src/cli/x.ts', "import { createAppApi } from '../services/app/app-api';\nimport { startService } from '../server/index';\nexport const a = [createAppApi, startService];\n"],
  ])('allows it when %s', async (_rule, filePath, code) => {
    expect(await restrictedImports(filePath, code)).toEqual([]);
  });
});
