import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTRUCTIONS, TITLED } from '../fixtures/intake-content';
import { PEOPLE_COLUMNS, PEOPLE_GRID, PEOPLE_SUMMARY, peopleParticipants } from '../fixtures/intake-expected';
import { writeIntakeFixtures } from '../fixtures/intake-files';

const root = resolve(__dirname, '../..');
const bin = join(root, 'bin/muster.js');
let dir: string;

/**
 * `muster ARGS` run as a person runs it, in the fixture folder (so `file` in the output is the
 * name given); process.execPath is the pinned Node 22. MUSTER_DATA_DIR and a language only
 * when a test sets them: the machine's own locale would otherwise choose the words.
 */
function muster(args: string[], env: Record<string, string> = {}) {
  const { MUSTER_DATA_DIR: _ignored, LC_ALL: _all, LC_MESSAGES: _messages, LANG: _lang, ...base } = process.env;
  return spawnSync(process.execPath, [bin, ...args], { cwd: dir, encoding: 'utf8', timeout: 30_000, env: { ...base, ...env } });
}

function json(args: string[], env?: Record<string, string>) {
  const run = muster([...args, '--json'], env);
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout);
}

/** A grid as --cells prints it: every row as wide as the widest, empty cells "". */
const rectangle = (rows: readonly (readonly unknown[])[]) => {
  const width = Math.max(...rows.map((r) => r.length));
  return rows.map((r) => Array.from({ length: width }, (_, i) => (r[i] === undefined || r[i] === null ? '' : String(r[i]))));
};

beforeAll(() => {
  if (!existsSync(join(root, 'out/cli/index.js'))) throw new Error('out/cli/index.js is missing: run `npm run build` first (npm test does).');
  dir = mkdtempSync(join(tmpdir(), 'muster-check-'));
  writeIntakeFixtures(dir, [
    'participants.xlsx', 'participants.csv', 'titled.csv', 'titled.xlsx', 'phantom.xlsx', 'headers-en.csv', 'notes-first.xlsx',
    'password.xlsx', 'truncated.xlsx', 'photo.xlsx', 'list.pdf', 'empty.csv', 'large.csv',
  ]);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A participant as --json prints it: the warnings as sentences only, with its suggestions. */
const printed = ({ warning_words: _words, ...p }: Record<string, unknown>) => ({ ...p, suggestions: [] });

describe('muster check --json', () => {
  const INTERFACE_FIELDS = ['external_id', 'name', 'email', 'locale', 'note', 'demographics', 'row_number', 'demographic_ids', 'invalid_fields', 'participant_id', 'match_field'];

  it('prints file, sheet, header_row (1-based), columns, participants and summary', () => {
    const out = json(['check', 'titled.xlsx']);
    // `notes` is the one addition: sentences about the sheet as a whole.
    expect(Object.keys(out).sort()).toEqual(['columns', 'file', 'header_row', 'notes', 'participants', 'sheet', 'summary']);
    expect(out).toMatchObject({ file: 'titled.xlsx', sheet: 'Participants', header_row: 5, notes: [] });
    for (const column of out.columns) expect(Object.keys(column).sort()).toEqual(['column', 'confidence', 'header', 'maps_to', 'reason']);
    expect(out.columns.map(({ column, header, maps_to }: Record<string, unknown>) => ({ column, header, maps_to }))).toEqual(PEOPLE_COLUMNS);
    expect(Object.keys(out.summary).sort()).toEqual(['duplicates', 'identity_conflicts', 'invalid', 'total', 'valid']);
    expect(out.summary).toEqual(PEOPLE_SUMMARY);
  });

  it('prints each participant in the parsed-participant shape with source_row, warnings and suggestions', () => {
    const out = json(['check', 'titled.xlsx']);
    for (const p of out.participants) {
      // duplicate_of_row and identity_conflict are the parser's documented extensions.
      expect(Object.keys(p).sort()).toEqual([...INTERFACE_FIELDS, 'duplicate_of_row', 'identity_conflict', 'source_row', 'suggestions', 'warnings'].sort());
    }
    // The sheet's problems (an e-mail that is no address, the locale "xx") have no fix to suggest.
    expect(out.participants).toEqual(peopleParticipants(5).map(printed));
  });

  it('reads a CSV the same way, its sheet named after the file', () => {
    const out = json(['check', 'participants.csv']);
    expect(out).toMatchObject({ file: 'participants.csv', sheet: 'participants', header_row: 1, summary: PEOPLE_SUMMARY });
    expect(out.participants).toEqual(peopleParticipants(1).map(printed));
  });
});

describe('muster check --json --cells', () => {
  it.each(['participants.xlsx', 'phantom.xlsx', 'participants.csv'])('%s: prints the cells as read, empty ones as ""', (file) => {
    const out = json(['check', file, '--cells']);
    expect(Object.keys(out).sort()).toEqual(['file', 'rows', 'sheet']);
    expect(out.file).toBe(file);
    expect(out.rows).toEqual(rectangle(PEOPLE_GRID));
    expect(out.rows[3]).toEqual(['', '', '', '', '', '', '']);
  });

  it('keeps title rows and the blank row above the header', () => {
    const out = json(['check', 'titled.csv', '--cells']);
    expect(out.rows).toHaveLength(10);
    expect(out.rows).toEqual(rectangle(TITLED));
    expect(out.rows[2]).toEqual(['', '', '', '', '', '', '']);
  });

  it('goes only with --json', () => {
    const run = muster(['check', 'participants.csv', '--cells']);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('muster check: --cells goes with --json.\n');
  });
});

describe('muster check, readable', () => {
  const TABLE = [
    'Row  Name          E-mail           Problem',
    '5    Bob Bauer     not an e-mail    “not an e-mail” is not a valid e-mail address.',
    '                                    “xx” is not a locale the service knows (such as en_US or de_DE).',
    '6    Chloé Martin  ADA@example.com  Shares its e-mail with row 2, who has another external ID: it is imported as a separate person, never merged.',
  ];

  it('lists each invalid or repeated row by its sheet row, then a summary line, and exits 0', () => {
    const run = muster(['check', 'participants.csv']);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('participants.csv — sheet “participants”, header on row 1');
    expect(lines[1]).toMatch(/^Columns: A “External ID” → external_id, B “Full Name” → name, C “E-mail” → email, D “Language” → locale, /);
    expect(lines[2]).toBe('  A: “External ID” is a word for the external ID. (100 %)');
    expect(lines.slice(lines.indexOf(TABLE[0]), lines.indexOf(TABLE[0]) + 4)).toEqual(TABLE);
    expect(lines.at(-1)).toBe('4 participants: 3 valid, 1 invalid, 1 duplicate, 1 shared e-mail of different people.');
  });

  it('exits 1 with --strict when a row is invalid, and 0 when none is', () => {
    const strict = muster(['check', 'participants.csv', '--strict']);
    expect(strict.status).toBe(1);
    expect(strict.stdout).toContain(TABLE[1]);
    const clean = muster(['check', 'headers-en.csv', '--strict']);
    expect(clean.status).toBe(0);
    expect(clean.stdout.trimEnd().split('\n').at(-1)).toBe('2 participants: 2 valid, 0 invalid, 0 duplicates.');
    expect(clean.stdout).not.toContain('Problem');
  });
});

describe('muster check in the person’s language', () => {
  /** The lines about the columns and the problem column of the table, as printed. */
  const said = (stdout: string) => {
    const lines = stdout.trimEnd().split('\n');
    const table = lines.findIndex((line) => /^(Row|Zeile|Ligne|Fila) /.test(line));
    return { reasons: lines.filter((line) => /^ {2}[A-Z]: /.test(line)), problems: lines.slice(table + 1, table + 4).map((line) => line.slice(line.indexOf(line.trim().split(/\s{2,}/).at(-1)!))) };
  };

  it('speaks English by default', () => {
    const run = muster(['check', 'participants.csv']);
    expect(run.status).toBe(0);
    const { reasons, problems } = said(run.stdout);
    expect(reasons[0]).toBe('  A: “External ID” is a word for the external ID. (100 %)');
    expect(problems[0]).toBe('“not an e-mail” is not a valid e-mail address.');
  });

  it('follows LANG: the columns’ reasons and the rows’ problems are German', () => {
    const run = muster(['check', 'participants.csv'], { LANG: 'de_DE.UTF-8' });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    const { reasons, problems } = said(run.stdout);
    expect(reasons.slice(0, 4)).toEqual([
      '  A: „External ID“ ist ein Wort für: die externe ID. (100 %)',
      '  B: „Full Name“ ist ein Wort für: der Name. (100 %)',
      '  C: „E-mail“ ist ein Wort für: die E-Mail-Adresse. (100 %)',
      '  D: „Language“ ist ein Wort für: die Sprache. (100 %)',
    ]);
    expect(problems).toEqual([
      '„not an e-mail“ ist keine gültige E-Mail-Adresse.',
      '„xx“ ist keine Sprache, die der Dienst kennt (etwa en_US oder de_DE).',
      'Hat dieselbe E-Mail-Adresse wie Zeile 2, die eine andere externe ID hat: Die Zeile wird als eigene Person importiert, nie zusammengeführt.',
    ]);
  });

  it('takes --lang over LANG, and says the sheet’s notes in that language too', () => {
    const run = muster(['check', 'participants.csv', '--lang', 'fr'], { LANG: 'de_DE.UTF-8' });
    expect(run.status).toBe(0);
    const { reasons, problems } = said(run.stdout);
    expect(reasons[0]).toBe('  A: « External ID » est un mot pour : l’ID externe. (100 %)');
    expect(problems[0]).toBe('« not an e-mail » n’est pas une adresse e-mail valide.');
    // Numbers alone: no row reads like a header, and no column is matched.
    writeFileSync(join(dir, 'numbers.csv'), '1\n2\n3\n');
    const numbers = json(['check', 'numbers.csv', '--lang', 'es']);
    expect(numbers.notes).toEqual([
      'Ninguna fila parece un encabezado, así que cada fila se lee como datos y las columnas se asignan por sus valores; elija la fila de encabezado si la hay.',
      'Ninguna columna corresponde a un dato de los participantes; asigne las columnas a mano.',
    ]);
    expect(numbers.columns[0].reason).toBe('La columna no tiene encabezado y sus valores no corresponden a ningún dato de los participantes.');
  });

  it('says the notes on rows in the language, in the table and in --json', () => {
    // An ID in scientific notation, a formula-looking name, an e-mail with spaces around it and a blank locale.
    writeFileSync(join(dir, 'notes.csv'), 'External ID,Name,E-mail,Language\n1.23457E+18,=Ada,  ada@example.com ,\n');
    const notes = (stdout: string) => stdout.split('\n').filter((line) => /^ {2}(Row|Zeile) 2: /.test(line));
    const english = muster(['check', 'notes.csv']);
    expect(english.stdout).toContain('\nNotes on rows:\n');
    expect(notes(english.stdout)).toContain('  Row 2: Locale was blank; en_US assumed.');
    const german = muster(['check', 'notes.csv'], { LANG: 'de_DE.UTF-8' });
    expect(german.stdout).toContain('\nHinweise zu Zeilen:\n');
    expect(notes(german.stdout)).toEqual([
      '  Zeile 2: Die externe ID 1.23457E+18 ist eine Zahl in wissenschaftlicher Schreibweise; die Tabelle hat womöglich Stellen verloren.',
      '  Zeile 2: Name sieht wie eine Formel aus (beginnt mit „=“); bleibt als Text erhalten.',
      '  Zeile 2: Die E-Mail hatte Leerzeichen am Rand; sie wurden entfernt.',
      '  Zeile 2: Die Sprache war leer; en_US angenommen.',
    ]);
    const french = json(['check', 'notes.csv', '--lang', 'fr']);
    expect(french.participants[0].warnings).toEqual([
      'L’ID externe 1.23457E+18 est un nombre en notation scientifique ; le tableur a peut-être perdu des chiffres.',
      'Nom ressemble à une formule (commence par « = ») ; conservé comme texte.',
      'L’e-mail avait des espaces autour ; ils ont été retirés.',
      'La langue était vide ; en_US supposée.',
    ]);
    expect(Object.keys(french.participants[0])).not.toContain('warning_words');
  });

  it('says its own lines in the language too: the sheet, the columns, the table’s head, its notes, the fixes and the summary', () => {
    writeFileSync(join(dir, 'fixes.csv'), 'External ID,Name,E-mail,Language\nk1,Ada,ada@gmial.com,Deutsch\nk2,Bob,not an e-mail,xx\nk3,Cy,ada@gmial.com,de\n');
    const data = join(dir, 'fixes-data');
    const english = json(['check', 'fixes.csv', '--data', data]);
    const lines = (run: ReturnType<typeof muster>) => run.stdout.trimEnd().split('\n');
    const german = lines(muster(['check', 'fixes.csv', '--data', data, '--export', 'fixes-out.csv', '--apply-suggestions'], { LANG: 'de_DE.UTF-8' }));
    expect(german[0]).toBe('fixes.csv — Blatt „fixes“, Kopfzeile in Zeile 1');
    expect(german[1]).toBe('Spalten: A „External ID“ → external_id, B „Name“ → name, C „E-mail“ → email, D „Language“ → locale');
    const sure = english.participants.flatMap((p: { suggestions: { to: unknown }[] }) => p.suggestions).filter((s: { to: unknown }) => typeof s.to === 'string').length;
    const left = english.participants.filter((p: { invalid_fields: string[] }) => p.invalid_fields.length > 0).length;
    expect(german.find((line) => line.startsWith('Hinweis: '))).toMatch(
      new RegExp(`^Hinweis: ${sure} Vorschläge umgesetzt \\((1 E-Mail-Adresse|\\d+ E-Mail-Adressen), (1 Sprache|\\d+ Sprachen)\\)\\. 3 Zeilen mit den Korrekturen, Status und Problemen nach fixes-out\\.csv geschrieben; \\d+ ha(t|ben) noch ungültige Felder\\.$`),
    );
    expect(german.find((line) => line.startsWith('Zeile '))).toMatch(/^Zeile +Name +E-Mail +Problem$/);
    expect(german.filter((line) => /^ +Vorschlag für /.test(line))).toContain('                            Vorschlag für E-Mail-Adresse: ada@gmail.com');
    const { total, valid, invalid } = english.summary;
    expect(german.at(-1)).toBe(`${total} Teilnehmer: ${valid} gültig, ${invalid} ungültig, 1 Duplikat, 1 von verschiedenen Personen geteilte E-Mail-Adresse.`);
    expect(left).toBe(invalid);
    // Not one of the command's own English lines is left.
    expect(german.join('\n')).not.toMatch(/\b(sheet|Columns|Note|Row|Suggested|participants|valid|Applied|Wrote)\b/);
  });

  it('refuses a language it does not speak, in one line', () => {
    const run = muster(['check', 'participants.csv', '--lang', 'it']);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('muster check: --lang takes en, de, fr, es, not "it".\n');
  });
});

describe('files that cannot be read: one line, exit 2, no stack', () => {
  it.each([
    [['password.xlsx'], 'password.xlsx: The file is password-protected; save an unprotected copy and open that.'],
    [['truncated.xlsx'], 'truncated.xlsx: The file is damaged or incomplete (was it fully downloaded?).'],
    [['photo.xlsx'], 'photo.xlsx: The file is a PNG image, not a spreadsheet (xlsx, xls, ods or csv).'],
    [['list.pdf'], 'list.pdf: The file is a PDF document, not a spreadsheet (xlsx, xls, ods or csv).'],
    [['empty.csv'], 'empty.csv: The file is empty.'],
    [['large.csv', '--max-mb', '1'], 'large.csv: The file is 2.1 MB, over the 1 MB limit.'],
    [['missing.xlsx'], 'missing.xlsx: There is no file missing.xlsx.'],
    [['titled.csv', '--header-row', '99'], 'titled.csv: Row 99 is not in the sheet, which has 10 rows.'],
    [['notes-first.xlsx', '--sheet', 'Nope'], 'notes-first.xlsx: There is no sheet “Nope”; the sheets are “Instructions”, “Teilnehmer 2024”, “Lists”.'],
  ])('%j', (args, message) => {
    const run = muster(['check', ...args]);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`muster check: ${message}\n`);
    expect(run.stderr).not.toContain('    at ');
  });

  it('says the same with --json and --strict, with nothing on stdout', () => {
    const run = muster(['check', 'password.xlsx', '--json', '--strict']);
    expect([run.status, run.stdout, run.stderr]).toEqual([2, '', 'muster check: password.xlsx: The file is password-protected; save an unprotected copy and open that.\n']);
  });
});

describe('choosing the sheet and the header row', () => {
  it('finds the list on sheet 2 behind the instructions, and reads another sheet when named', () => {
    expect(json(['check', 'notes-first.xlsx'])).toMatchObject({ sheet: 'Teilnehmer 2024', header_row: 1, summary: PEOPLE_SUMMARY });
    expect(json(['check', 'notes-first.xlsx', '--sheet', 'Lists'])).toMatchObject({ sheet: 'Lists', header_row: 1 });
    const cells = json(['check', 'notes-first.xlsx', '--sheet', 'instructions', '--cells']);
    expect(cells).toEqual({ file: 'notes-first.xlsx', sheet: 'Instructions', rows: rectangle(INSTRUCTIONS) });
  });

  it('takes the header row given, counted from 1', () => {
    const detected = json(['check', 'titled.csv']);
    expect(json(['check', 'titled.csv', '--header-row', '5'])).toEqual(detected);
    const chosen = json(['check', 'titled.csv', '--header-row', '6']);
    expect(chosen).toMatchObject({ header_row: 6, participants: [], summary: { total: 0, valid: 0, invalid: 0, duplicates: 0 } });
  });

  it.each([
    [['--header-row', '0'], '--header-row counts from 1.'],
    [['--header-row', 'x'], '--header-row takes a whole number, not "x".'],
  ])('refuses %j', (args, message) => {
    const run = muster(['check', 'titled.csv', ...args]);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(`muster check: ${message}\n`);
  });
});

describe('muster check --map', () => {
  const SUGGESTED = ['external_id', 'name', 'email', 'locale', 'demographic:Gender', 'demographic:Age Group', 'note'];
  const CORRECTED = ['external_id', 'name', 'email', 'ignore', 'demographic:Gender', 'demographic:Age Group', 'demographic:Diet'];
  const targets = (out: { columns: { maps_to: string }[] }) => out.columns.map((c) => c.maps_to);

  it('applies corrections and remembers them in --data for the same headers', () => {
    const data = join(dir, 'data-map');
    const first = json(['check', 'headers-en.csv', '--map', 'Langauge=ignore', '--map', 'G=demographic:Diet', '--data', data]);
    expect(targets(first)).toEqual(CORRECTED);
    expect(first.participants[0].demographics.map((d: { demographic_name: string }) => d.demographic_name)).toEqual(['Female', '25-34', 'vegan']);
    expect(existsSync(join(data, 'mappings.json'))).toBe(true);

    const again = json(['check', 'headers-en.csv', '--data', data]);
    expect(targets(again)).toEqual(CORRECTED);
    expect(again.columns[3].reason).toBe('Confirmed earlier for these headers.');
    expect(targets(json(['check', 'headers-en.csv'], { MUSTER_DATA_DIR: data }))).toEqual(CORRECTED);
    expect(targets(json(['check', 'headers-en.csv']))).toEqual(SUGGESTED);
  });

  it.each([
    ['Langauge', '--map takes COLUMN=TARGET, such as "E-Mail=email" or "C=demographic:Gender", not "Langauge".'],
    ['Phone=email', 'headers-en.csv: There is no column “Phone”; the columns are A (“Participant ID”), B (“Full Nmae”), C (“Emial”), D (“Langauge”), E (“Gender”), F (“Age Group”), G (“Notes”).'],
    ['D=phone', 'headers-en.csv: “phone” is not something a column can hold; use one of external_id, name, first_name, last_name, email, locale, note, ignore or demographic:CATEGORY.'],
  ])('refuses --map %j in one line', (map, message) => {
    const data = join(dir, 'data-refused');
    const run = muster(['check', 'headers-en.csv', '--map', map, '--data', data]);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(`muster check: ${message}\n`);
    expect(existsSync(join(data, 'mappings.json'))).toBe(false);
  });
});

describe('options found wrong in review', () => {
  it.each([
    [['--max-mb', '-3'], '--max-mb is the largest file to read, in MB: 1 or more.'],
    [['--max-mb', '0'], '--max-mb is the largest file to read, in MB: 1 or more.'],
    [['--header-row', '-1'], '--header-row counts from 1.'],
    [['--json', '--cells', '--export', 'cells.csv'], '--export writes the checked rows, --cells prints the cells as read; give one of them.'],
  ])('refuses %j in one line, exit 2', (args, message) => {
    const run = muster(['check', 'participants.csv', ...args]);
    expect([run.status, run.stdout, run.stderr]).toEqual([2, '', `muster check: ${message}\n`]);
    expect(existsSync(join(dir, 'cells.csv'))).toBe(false);
  });

  it('refuses a --data path that is a file in one sentence, exit 2', () => {
    const run = muster(['check', 'participants.csv', '--data', 'participants.csv', '--map', 'A=name']);
    expect([run.status, run.stdout, run.stderr]).toEqual([2, '', `muster check: the data folder ${join(dir, 'participants.csv')} is a file, not a folder; give --data (or MUSTER_DATA_DIR) a folder.\n`]);
  });

  it('exports xlsx and csv that read back with the same values, formula-looking ones included', () => {
    writeFileSync(join(dir, 'inj.csv'), 'ID,Name,Email,Note\n-5,"=HYPERLINK(""http://evil"",""x"")",a@x.com,"+49 170 123"\n');
    const data = ['--data', join(dir, 'data-export')];
    expect(muster(['check', 'inj.csv', '--export', 'inj-out.xlsx', ...data]).status).toBe(0);
    expect(muster(['check', 'inj.csv', '--export', 'inj-out.csv', ...data]).status).toBe(0);
    const cells = (file: string) => json(['check', file, '--sheet', 'Check', '--cells', ...data]).rows[1].slice(4, 9);
    expect(cells('inj-out.xlsx')).toEqual(['-5', '=HYPERLINK("http://evil","x")', 'a@x.com', 'en_US', '+49 170 123']);
    // The csv guards them for spreadsheet apps; Muster's own reading takes the guard off.
    expect(readFileSync(join(dir, 'inj-out.csv'), 'utf8').split('\r\n')[1]).toContain(`'-5,"'=HYPERLINK(""http://evil"",""x"")",a@x.com,en_US,'+49 170 123`);
    expect(json(['check', 'inj-out.csv', '--cells', ...data]).rows[1].slice(4, 9)).toEqual(['-5', '=HYPERLINK("http://evil","x")', 'a@x.com', 'en_US', '+49 170 123']);
  });
});
