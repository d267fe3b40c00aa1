/**
 * The workspace's problems and warnings over a real mirror file: exports name the rows the
 * grid names, warnings come back as data and are exported, and the draft's problem counts
 * per kind follow each edit.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSheetFile, DraftSession, inspectSheet, type MirrorPlace } from '../../../../src/services/usecases';
import { warningText } from '../../../../src/core/intake/row-warnings';
import { startTestService, type TestService } from '../../../support/service';

let service: TestService;
let place: MirrorPlace;
const dir = mkdtempSync(join(tmpdir(), 'muster-draft-problems-'));
const sheet = join(dir, 'Liste.csv');

beforeAll(async () => {
  service = await startTestService();
  place = { dataDir: join(dir, 'data'), serverUrl: service.url, account: 'default' };
  writeFileSync(
    sheet,
    [
      'external_id,name,email,locale',
      'k1,Ada,ada@example.com,en_US',
      ...Array.from({ length: 8 }, (_, i) => `f${i},Filler ${i},filler${i}@example.com,en_US`),
      'k2,Bob,bob(at)example.com,de_DE',
      'k3,=SUM(A1),  cleo@example.com ,en',
      'k4,Dan,ada@example.com,de_DE',
    ].join('\n'),
  );
});
afterAll(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The csv's rows by their "Sheet row" cell, as a map to their Problems and Warnings cells. */
function exported(path: string): Map<string, { problems: string; warnings: string }> {
  const lines = readFileSync(path, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/).slice(1);
  const cells = (line: string) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].map((m) => m[1].replace(/^"|"$/g, '').replace(/""/g, '"'));
  return new Map(lines.map((line) => {
    const [row, , problems, warnings] = cells(line);
    return [row, { problems, warnings }];
  }));
}

describe('the workspace problems', () => {
  it('names the same earlier row in the list export and the problems export', async () => {
    const session = await DraftSession.create(place, { file: sheet, externalEventId: 4711 });
    try {
      const all = join(dir, 'all.csv');
      const problems = join(dir, 'problems.csv');
      await session.exportTo(all);
      await session.exportTo(problems, { problemsOnly: true });
      const dan = session.page().rows.find((r) => r.cells.external_id === 'k4')!;
      const earlier = session.page().rows.find((r) => r.position === dan.repeats)!;
      expect(exported(all).get(String(dan.sourceRow))?.problems).toContain(`row ${earlier.sourceRow}`);
      expect(exported(problems).get(String(dan.sourceRow))?.problems).toBe(exported(all).get(String(dan.sourceRow))?.problems);
    } finally {
      session.close();
    }
  });

  it('names a column with a blank header by its letter in the sheet setup', async () => {
    const headerless = join(dir, 'headerless.csv');
    writeFileSync(headerless, ['external_id,,email,locale', 'k1,Ada,ada@example.com,en_US', 'k2,Bob,bob@example.com,de_DE'].join('\n'));
    const preview = await inspectSheet(place, { file: headerless, externalEventId: 4711, headerRow: 1 });
    expect(preview.mapping.map((c) => c.header)).toEqual(['external_id', 'B', 'email', 'locale']);
  });

  it('answers warnings as data, counts them with the problems per kind, and exports them as muster check words them', async () => {
    const session = await DraftSession.create(place, { file: sheet, externalEventId: 4711 });
    try {
      const cleo = session.page().rows.find((r) => r.cells.external_id === 'k3')!;
      expect(cleo.warnings).toEqual([
        { kind: 'looks_like_formula', field: 'name', value: '=' },
        { kind: 'locale_hint', field: 'locale', value: 'en', options: ['en_US', 'en_AU', 'en_GB'] },
        { kind: 'email_spaces', field: 'email', value: 'cleo@example.com' },
      ]);
      const check = await checkSheetFile({ file: sheet, dataDir: place.dataDir });
      const said = check.check.participants.find((p) => p.source_row === cleo.sourceRow)!.warnings;
      for (const warning of cleo.warnings) expect(said).toContain(warningText(warning));
      const out = join(dir, 'warnings.csv');
      await session.exportTo(out, { problemsOnly: true });
      expect(exported(out).get(String(cleo.sourceRow))?.warnings).toBe(cleo.warnings.map(warningText).join(' '));

      const groups = session.summary().groups;
      expect(groups).toEqual(expect.arrayContaining([
        { level: 'problem', kind: 'email_invalid', field: 'email', rows: 1 },
        { level: 'problem', kind: 'shares_email', field: 'email', rows: 1 },
        { level: 'warning', kind: 'locale_hint', field: 'locale', rows: 1 },
        { level: 'warning', kind: 'looks_like_formula', field: 'name', rows: 1 },
      ]));
      // Kept edit by edit, the counts equal a fresh count of the draft's rows.
      const bob = session.page().rows.find((r) => r.cells.external_id === 'k2')!;
      const change = session.edit([{ position: cleo.position, field: 'locale', value: 'en_GB' }, { position: bob.position, field: 'email', value: 'cleo@example.com' }]);
      expect(change.draft.groups.some((g) => g.kind === 'locale_hint' || g.kind === 'email_invalid')).toBe(false);
      const fresh = DraftSession.open(place, session.draftId);
      try {
        expect(fresh.summary().groups).toEqual(change.draft.groups);
      } finally {
        fresh.close();
      }
    } finally {
      session.close();
    }
  });
});
