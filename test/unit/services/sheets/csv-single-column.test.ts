import { describe, expect, it } from 'vitest';
import { checkSheet } from '../../../../src/core/intake';
import { singleColumnRows } from '../../../../src/services/sheets/csv-single-column';
import { readWorkbookBytes } from '../../../../src/services/sheets/read';

const read = (text: string) => readWorkbookBytes(Buffer.from(text, 'utf8'));

describe('a one-column CSV of “Last, First” names', () => {
  it('is read as one column, with a note, so no first name is dropped', () => {
    const data = read('Name\nMüller, Hans\nSchmidt, Eva\n');
    expect(data.sheets[0].rows).toEqual([['Name'], ['Müller, Hans'], ['Schmidt, Eva']]);
    expect(data.notes).toEqual([{ code: 'csv_single_column' }]);
    expect(checkSheet(data.sheets).participants.map((p) => p.name)).toEqual(['Müller, Hans', 'Schmidt, Eva']);
  });

  it('keeps blank lines as blank rows and CRLF line ends', () => {
    expect(read('Teilnehmer\r\nMüller, Hans\r\n\r\nde la Cruz, Ana María\r\n').sheets[0].rows).toEqual([['Teilnehmer'], ['Müller, Hans'], [], ['de la Cruz, Ana María']]);
  });
});

describe('files that stay split on the comma', () => {
  it.each([
    ['a header with a comma', 'Last,First\nMüller, Hans\n'],
    ['a title above a two-column CSV', 'Teilnehmer 2024\nName,Email\nAnna,a@x.de\n'],
    ['no space after the comma', 'Name\nMüller,Hans\nSchmidt,Eva\n'],
    ['e-mails', 'List\nAnna, a@x.de\n'],
    ['ids', 'List\n17, Anna\n'],
    ['a line with two commas', 'Name\nMüller, Hans\nSchmidt, Eva, Dr.\n'],
    ['a line with none', 'Name\nMüller, Hans\nEva\n'],
    ['quotes', 'Name\n"Müller, Hans"\nSchmidt, Eva\n'],
    ['a semicolon', 'Name\nMüller, Hans; Eva\n'],
    ['only a header', 'Name\n'],
    ['a title line, not a name header', 'Workshop participants\nMüller, Hans\nSchmidt, Eva\n'],
    ['a title line above a “Last, First” header', 'Workshop participants\nLast name, First name\nMüller, Hans\nSchmidt, Eva\n'],
    ['a second line that reads like a header', 'Name\nNachname, Vorname\nMüller, Hans\n'],
  ])('%s', (_name, text) => {
    expect(singleColumnRows(text)).toBeNull();
    expect(read(text).notes ?? []).not.toContainEqual({ code: 'csv_single_column' });
  });

  it('reads a title line above a “Last, First” list as a title over a two-column header', () => {
    const result = checkSheet(read('Workshop participants\nLast name, First name\nMüller, Hans\nSchmidt, Eva\n').sheets);
    expect(result.header_row).toBe(2);
    expect(result.participants.map((p) => p.name)).toEqual(['Hans Müller', 'Eva Schmidt']);
  });

  it.each(['Full name', 'Nom', 'Nombre', 'Participants'])('still reads a list under %j as one column', (header) => {
    expect(singleColumnRows(`${header}\nMüller, Hans\nAlter, Eva\n`)).toEqual([[header], ['Müller, Hans'], ['Alter, Eva']]);
  });

  it('reads a two-column CSV as before', () => {
    expect(read('Name,Email\nAnna,a@x.de\n').sheets[0].rows).toEqual([['Name', 'Email'], ['Anna', 'a@x.de']]);
  });
});
