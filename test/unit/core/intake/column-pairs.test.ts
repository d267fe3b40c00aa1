/** A second e-mail or last-name column: read only when its header says it is the participant's own. */
import { describe, expect, it } from 'vitest';
import { isPlainEmailHeader, isSurnameGroup } from '../../../../src/core/intake/column-pairs';
import { applyRememberedMapping, suggestMapping } from '../../../../src/core/intake/mapping';
import { applyOverrides } from '../../../../src/core/intake/overrides';
import type { ColumnMapping } from '../../../../src/core/intake/types';
import { said } from '../../../support/words';

const targets = (header: string[], sample: string[][] = []) => suggestMapping(header, sample).columns.map((c) => c.target);
/** Rows under `header` where column `at` holds e-mail addresses and the others names. */
const emailsIn = (width: number, at: number) =>
  ['a', 'b', 'c', 'd'].map((x) => Array.from({ length: width }, (_, i) => (i === at ? `${x}@example.com` : `Name ${x}`)));

describe('isPlainEmailHeader', () => {
  it.each([
    'E-Mail', 'Email address', 'E-Mail privat', 'E-Mail (geschäftlich)', 'Work e-mail address', 'Email 2', 'Private email',
    'Participant e-mail', 'Contact email', 'Courriel personnel', 'Adresse e-mail professionnelle', 'Correo de trabajo',
    'Secondary email', 'Correo electrónico (otro)',
  ])('%j is the participant’s own', (header) => {
    expect(isPlainEmailHeader(header)).toBe(true);
  });

  it.each([
    'Parent email', 'E-Mail Erziehungsberechtigte', 'Emergency contact email', 'Recruiter e-mail', 'E-Mail der Eltern',
    'Correo del padre', 'Adresse', 'Source', 'Kontakt', '', 'Email of guardian', 'Emial',
  ])('%j is not', (header) => {
    expect(isPlainEmailHeader(header)).toBe(false);
  });
});

describe('isSurnameGroup', () => {
  it.each([
    [['Apellido paterno', 'Apellido materno']], [['Primer apellido', 'Segundo apellido']], [['Apellido', 'Segundo apellido']],
    [['1. Nachname', '2. Nachname']], [['First surname', 'Second surname']], [['Apellido 1', 'Apellido 2']], [['Last name 1', 'Last name 2']],
  ])('%j are the parts of one surname', (headers) => {
    expect(isSurnameGroup(headers)).toBe(true);
  });

  it.each([
    [['Nachname', 'Nachname Erziehungsberechtigte']], [['Last name', 'Emergency contact last name']], [['Nom de famille', 'Nom de naissance']],
    [['Last name', 'Surname']], [['Apellido', 'Segundo']], [['Apellido paterno']], [['Apellido paterno', '']],
  ])('%j are not', (headers) => {
    expect(isSurnameGroup(headers)).toBe(false);
  });
});

describe('suggestMapping: a second e-mail column of someone else is ignored', () => {
  it.each([
    [['Name', 'Email', 'Parent email'], 2],
    [['Vorname', 'E-Mail', 'E-Mail Erziehungsberechtigte'], 2],
    [['Name', 'Email', 'Emergency contact email'], 2],
    [['Name', 'Recruiter e-mail', 'Email'], 1],
    [['Nombre', 'Correo', 'Correo del padre'], 2],
  ])('%j: column %i', (header, other) => {
    const columns = suggestMapping(header, []).columns;
    expect(columns.filter((c) => c.target === 'email')).toHaveLength(1);
    expect(columns[other]).toMatchObject({ target: 'ignore', confidence: 0.5 });
    expect(said(columns[other].reason)).toMatch(/^Column [A-C] \(“[^”]+”\) already supplies the e-mail; this one is ignored\.$/);
  });

  it.each([
    ['Adresse', 'an ignored header'],
    ['Source', 'an ignored header'],
    ['Kontakt', 'an unknown header'],
    ['', 'no header'],
  ])('a column of e-mails headed %j (%s) beside an e-mail column', (header) => {
    expect(targets(['Name', 'E-Mail', header], emailsIn(3, 2))).toEqual(['name', 'email', 'ignore']);
    // Alone, its values still make it the e-mail.
    expect(targets(['Name', header], emailsIn(2, 1))).toEqual(['name', 'email']);
  });

  it.each([
    [['E-Mail privat', 'E-Mail geschäftlich']], [['Email', 'Work email']], [['Courriel personnel', 'Courriel professionnel']],
    [['Correo', 'Correo de trabajo']], [['E-mail', 'E-mail 2']],
  ])('%j is still a fallback pair', (header) => {
    expect(targets(header)).toEqual(['email', 'email']);
  });

  it('drops a parent’s e-mail column from a mapping remembered before this rule', () => {
    const header = ['Name', 'Email', 'Parent email'];
    const stored: ColumnMapping = {
      signature: suggestMapping(header, []).signature,
      columns: [
        { index: 0, header: 'Name', target: 'name', confidence: 1, reason: { code: 'chosen' } },
        { index: 1, header: 'Email', target: 'email', confidence: 1, reason: { code: 'chosen' } },
        { index: 2, header: 'Parent email', target: 'email', confidence: 0.72, reason: { code: 'chosen' } },
      ],
    };
    expect(applyRememberedMapping(header, stored)!.columns.map((c) => c.target)).toEqual(['name', 'email', 'ignore']);
  });
});

describe('suggestMapping: two last-name columns', () => {
  it.each([
    [['Nombre', 'Apellido paterno', 'Apellido materno']],
    [['Nombre', 'Primer apellido', 'Segundo apellido']],
    [['Vorname', '1. Nachname', '2. Nachname']],
    [['First name', 'First surname', 'Second surname']],
  ])('%j: the parts of one surname are joined', (header) => {
    const columns = suggestMapping(header, []).columns;
    expect(columns.map((c) => c.target)).toEqual(['first_name', 'last_name', 'last_name']);
    expect(said(columns[2].reason)).toBe(`Also the last name: joined after column B (“${header[1]}”).`);
  });

  it.each([
    [['Vorname', 'Nachname', 'E-Mail', 'Nachname Erziehungsberechtigte'], ['first_name', 'last_name', 'email', 'ignore']],
    [['First name', 'Last name', 'Emergency contact last name'], ['first_name', 'last_name', 'ignore']],
    [['Prénom', 'Nom de famille', 'Nom de naissance'], ['first_name', 'last_name', 'ignore']],
  ])('%j: another surname is ignored, the stronger or left one kept', (header, expected) => {
    const columns = suggestMapping(header, []).columns;
    expect(columns.map((c) => c.target)).toEqual(expected);
    expect(said(columns.at(-1)!.reason)).toBe(`Column B (“${header[1]}”) already supplies the last name; this one is ignored.`);
  });
});

describe('applyOverrides: a column chosen as the last name', () => {
  const mapping = (third: string): ColumnMapping => ({
    signature: 'sig',
    columns: [['Nombre', 'first_name'], ['Apellido paterno', 'last_name'], [third, 'ignore']].map(([header, target], index) => ({
      index, header, target: target as 'ignore', confidence: 0.7, reason: { code: 'no_match' },
    })),
  });

  it('joins the surname when its header is a part of it', () => {
    const result = applyOverrides(mapping('Apellido materno'), [{ column: 'C', target: 'last_name' }]);
    expect(result.columns.map((c) => c.target)).toEqual(['first_name', 'last_name', 'last_name']);
  });

  it('replaces the last name otherwise', () => {
    const result = applyOverrides(mapping('Nachname Erziehungsberechtigte'), [{ column: 'C', target: 'last_name' }]);
    expect(result.columns.map((c) => c.target)).toEqual(['first_name', 'ignore', 'last_name']);
    expect(said(result.columns[1].reason)).toBe('Column C was chosen for the last name instead.');
  });
});
