/**
 * Warnings only a sheet's cells could give (an e-mail with surrounding spaces, one read from a
 * fallback column, a last name joined from two columns), over a real mirror file: the
 * workspace says and exports what `muster check --export` says for the same file, after a
 * restart too, and a warning goes when its value is changed and comes back with an undo.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { warningText } from '../../../../src/core/intake/row-warnings';
import { checkSheetFile, DraftSession, type MirrorPlace } from '../../../../src/services/usecases';
import { startTestService, type TestService } from '../../../support/service';

let service: TestService;
let place: MirrorPlace;
const dir = mkdtempSync(join(tmpdir(), 'muster-draft-notes-'));
const sheet = join(dir, 'Lista.csv');

beforeAll(async () => {
  service = await startTestService();
  place = { dataDir: join(dir, 'data'), serverUrl: service.url, account: 'default' };
  writeFileSync(
    sheet,
    [
      'external_id,Nombre,Apellido paterno,Apellido materno,E-Mail privat,E-Mail geschäftlich,locale',
      'k1,Juan,García,López,juan@x.es,,es_ES',
      'k2,Ana,Ruiz,,,  ana@work.es ,es_ES',
      'k3,Eva,Sol,,  eva@x.es,,en',
      'k4,Leo,Paz,,leo@x.es,,es_ES',
    ].join('\n'),
  );
});
afterAll(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The csv's Warnings cells by their "Sheet row" cell. */
function exportedWarnings(path: string): Map<string, string> {
  const lines = readFileSync(path, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  const cells = (line: string) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].map((m) => m[1].replace(/^"|"$/g, '').replace(/""/g, '"'));
  const header = cells(lines[0]);
  const at = header.indexOf('Warnings');
  return new Map(lines.slice(1).map((line) => [cells(line)[0], cells(line)[at]]));
}

const sentences = (session: DraftSession) => new Map(session.page().rows.map((r) => [r.sourceRow, r.warnings.map(warningText).sort()]));

it('says and exports the warnings muster check gives for the same file', async () => {
  const check = await checkSheetFile({ file: sheet, dataDir: place.dataDir, exportTo: join(dir, 'check.csv') });
  const session = await DraftSession.create(place, { file: sheet, externalEventId: 4711 });
  try {
    const said = new Map(check.check.participants.map((p) => [p.source_row, [...p.warnings].sort()]));
    expect(sentences(session)).toEqual(said);
    // Every kind of sheet-only warning is in the file, so none of them is left out unseen.
    const kinds = new Set(session.page().rows.flatMap((r) => r.warnings.map((w) => w.kind)));
    for (const kind of ['email_spaces', 'email_fallback', 'last_name_joined'] as const) expect(kinds).toContain(kind);

    await session.exportTo(join(dir, 'workspace.csv'));
    const ours = exportedWarnings(join(dir, 'workspace.csv'));
    const theirs = exportedWarnings(join(dir, 'check.csv'));
    expect([...ours.keys()]).toEqual([...theirs.keys()]);
    for (const [row, cell] of theirs) {
      expect(ours.get(row)?.length).toBe(cell.length);
      for (const sentence of said.get(Number(row)) ?? []) expect(ours.get(row)).toContain(sentence);
    }
    expect(session.summary().groups).toEqual(expect.arrayContaining([
      { level: 'warning', kind: 'email_spaces', field: 'email', rows: 2 },
      { level: 'warning', kind: 'email_fallback', field: 'email', rows: 1 },
      { level: 'warning', kind: 'last_name_joined', field: 'name', rows: 1 },
    ]));

    const again = DraftSession.open(place, session.draftId);
    try {
      expect(sentences(again)).toEqual(said);
    } finally {
      again.close();
    }
  } finally {
    session.close();
  }
});

it('drops a warning when its value is changed, keeps it through other edits, and brings it back with an undo', async () => {
  const session = await DraftSession.create(place, { file: sheet, externalEventId: 4711 });
  try {
    const row = (id: string) => session.page().rows.find((r) => r.cells.external_id === id)!;
    const kinds = (id: string) => row(id).warnings.map((w) => w.kind);
    expect(kinds('k3')).toContain('email_spaces');
    session.edit([{ position: row('k3').position, field: 'email', value: 'eva@y.es' }]);
    expect(kinds('k3')).not.toContain('email_spaces');
    session.undo();
    expect(kinds('k3')).toContain('email_spaces');

    session.edit([{ position: row('k1').position, field: 'locale', value: 'es_MX' }]);
    expect(kinds('k1')).toContain('last_name_joined');
    const juan = row('k1').position;
    session.deleteRows([juan]);
    session.undo();
    expect(kinds('k1')).toContain('last_name_joined');
    const fresh = DraftSession.open(place, session.draftId);
    try {
      expect(fresh.page().rows.find((r) => r.position === juan)!.warnings.map((w) => w.kind)).toContain('last_name_joined');
    } finally {
      fresh.close();
    }
  } finally {
    session.close();
  }
});
