/** Sheets found read wrong in review. */
import { describe, expect, it } from 'vitest';
import { checkSheet, pickParticipantSheet, suggestMapping } from '../../../../src/core/intake';

const targets = (header: string[], sample: string[][]) => suggestMapping(header, sample).columns.map((c) => c.target);

describe('headers once mapped wrong', () => {
  it('ignores a middle-name column instead of taking it for the whole name', () => {
    const result = checkSheet([{ name: 'L', rows: [['First name', 'Middle name', 'Last name', 'Email'], ['Anna', 'Maria', 'Smith', 'a@x.com'], ['Bob', '', 'Jones', 'b@x.com']] }]);
    expect(result.columns.map((c) => c.maps_to)).toEqual(['first_name', 'ignore', 'last_name', 'email']);
    expect(result.participants.map((p) => p.name)).toEqual(['Anna Smith', 'Bob Jones']);
  });

  it.each(['Participante', 'Participants', 'Probanden'])('never takes “%s” for the external ID', (header) => {
    expect(targets([header, 'E-Mail'], [['Juan García', 'j@x.es'], ['Ana López', 'a@x.es']])[0]).not.toBe('external_id');
  });

  it.each(['Kunden-Nr.', 'Mitglieds-Nr.', 'Numéro client', 'No. de cliente'])('reads “%s” as the external ID', (header) => {
    expect(targets([header, 'Name', 'E-Mail'], [['004711', 'Hans', 'h@x.de']])[0]).toBe('external_id');
  });

  it('still ignores a bare running number', () => {
    expect(targets(['Nr.', 'Name', 'E-Mail'], [['1', 'Hans', 'h@x.de']])[0]).toBe('ignore');
  });
});

it('does not pick a hidden sheet over a visible list', () => {
  const old = [['Name', 'Email'], ...Array.from({ length: 50 }, (_, i) => [`Old ${i}`, `old${i}@x.com`])];
  const visible = [['Name', 'Email'], ['Ada', 'ada@x.com'], ['Bob', 'bob@x.com']];
  expect(pickParticipantSheet([{ name: 'Master', rows: old, hidden: true }, { name: 'Event 12', rows: visible }])).toBe(1);
  expect(pickParticipantSheet([{ name: 'Master', rows: old, hidden: true }])).toBe(0);
});

describe('sheets read wrong in the second review', () => {
  const check = (rows: string[][]) => checkSheet([{ name: 'L', rows }]);

  it('reads the second e-mail column where the first is blank', () => {
    const result = check([['E-Mail privat', 'E-Mail geschäftlich', 'Name'], ['', 'b@work.de', 'Anna'], ['p@home.de', '', 'Bob']]);
    expect(result.participants.map((p) => [p.name, p.email, p.invalid_fields])).toEqual([['Anna', 'b@work.de', []], ['Bob', 'p@home.de', []]]);
    expect(result.participants[0].warnings).toEqual(['E-mail taken from column B (“E-Mail geschäftlich”), since column A (“E-Mail privat”) is blank.']);
  });

  it('joins both Spanish surnames', () => {
    const result = check([['Nombre', 'Apellido paterno', 'Apellido materno', 'Correo'], ['Juan', 'García', 'López', 'j@x.es']]);
    expect(result.columns.map((c) => c.maps_to)).toEqual(['first_name', 'last_name', 'last_name', 'email']);
    expect(result.participants[0].name).toBe('Juan García López');
  });

  it('adds a last-name column chosen by hand to the ones joined when its header makes it a part of the surname', () => {
    const rows = [['Nombre', 'Apellido', 'Apellido materno', 'Correo'], ['Juan', 'García', 'López', 'j@x.es']];
    const result = checkSheet([{ name: 'L', rows }], { overrides: [{ column: 'C', target: 'ignore' }, { column: 'C', target: 'last_name' }] });
    expect(result.columns.map((c) => c.maps_to)).toEqual(['first_name', 'last_name', 'last_name', 'email']);
    expect(result.participants[0].name).toBe('Juan García López');
  });

  it('moves the last name to a column chosen by hand whose header is not a part of the surname', () => {
    const result = checkSheet([{ name: 'L', rows: [['Nombre', 'Apellido', 'Segundo', 'Correo'], ['Juan', 'García', 'López', 'j@x.es']] }], {
      overrides: [{ column: 'Segundo', target: 'last_name' }],
    });
    expect(result.columns.map((c) => c.maps_to)).toEqual(['first_name', 'ignore', 'last_name', 'email']);
    expect(result.participants[0].name).toBe('Juan López');
  });

  it('reads an “Adresse” column of e-mail addresses as the e-mail', () => {
    const result = check([['Nom', 'Adresse'], ['Jean', 'j@x.fr'], ['Luc', 'l@x.fr']]);
    expect(result.columns.map((c) => c.maps_to)).toEqual(['name', 'email']);
    expect(result.summary).toEqual({ total: 2, valid: 2, invalid: 0, duplicates: 0, identity_conflicts: 0 });
  });
});

describe('sheets read wrong in the third review', () => {
  const check = (rows: string[][]) => checkSheet([{ name: 'L', rows }]);

  it('never fills a blank e-mail from a parent’s e-mail column, so two children are not merged', () => {
    const result = check([['Name', 'Email', 'Parent email'], ['Anna Kid', '', 'mom@x.com'], ['Ben Kid', '', 'mom@x.com'], ['Carl', 'c@x.com', 'd@x.com']]);
    expect(result.columns.map((c) => c.maps_to)).toEqual(['name', 'email', 'ignore']);
    expect(result.participants.map((p) => [p.source_row, p.email, p.invalid_fields])).toEqual([[2, '', ['email']], [3, '', ['email']], [4, 'c@x.com', []]]);
    expect(result.summary).toEqual({ total: 3, valid: 1, invalid: 2, duplicates: 0, identity_conflicts: 0 });
  });

  it.each([
    [['Vorname', 'Nachname', 'E-Mail', 'Nachname Erziehungsberechtigte'], ['Tim', 'Kurz', 't@x.de', 'Lang'], 'Tim Kurz'],
    [['First name', 'Last name', 'Email', 'Emergency contact last name'], ['Tim', 'Short', 't@x.com', 'Long'], 'Tim Short'],
    [['Prénom', 'Nom de famille', 'Courriel', 'Nom de naissance'], ['Marie', 'Dupont', 'm@x.fr', 'Martin'], 'Marie Dupont'],
  ])('does not join someone else’s surname: %j', (header, row, name) => {
    const result = check([header, row]);
    expect(result.participants[0].name).toBe(name);
    expect(result.participants[0].warnings).toEqual([]);
  });

  it('joins the parts of one surname and says so on the row', () => {
    const result = check([['Nombre', 'Apellido paterno', 'Apellido materno', 'Correo'], ['Juan', 'García', 'López', 'j@x.es'], ['Ana', 'Ruiz', '', 'a@x.es']]);
    expect(result.participants.map((p) => [p.name, p.warnings])).toEqual([
      ['Juan García López', ['Last name joined from columns B and C.']],
      ['Ana Ruiz', []],
    ]);
  });
});
