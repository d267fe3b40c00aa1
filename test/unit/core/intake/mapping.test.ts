import { describe, expect, it } from 'vitest';
import type { CatalogCategory } from '../../../../src/core/participants/catalog';
import { suggestMapping } from '../../../../src/core/intake/mapping';
import type { ColumnTarget } from '../../../../src/core/intake/types';
import { said } from '../../../support/words';

const targetOf = (header: string, sample: string[][] = []) => suggestMapping([header], sample).columns[0].target;
const targets = (header: string[], sample: string[][] = [], catalog?: CatalogCategory[]) =>
  suggestMapping(header, sample, { catalog }).columns.map((c) => c.target);
/** One column of values under a header. */
const column = (...values: string[]) => values.map((v) => [v]);

const PROPERTY_WORDS: [string, string, ColumnTarget][] = [
  // English
  ['en', 'E-mail', 'email'], ['en', 'Email address', 'email'], ['en', 'Full Name', 'name'], ['en', 'Name', 'name'],
  ['en', 'First name', 'first_name'], ['en', 'Last name', 'last_name'], ['en', 'Surname', 'last_name'],
  ['en', 'Language', 'locale'], ['en', 'Locale', 'locale'], ['en', 'External ID', 'external_id'],
  ['en', 'Participant ID', 'external_id'], ['en', 'Notes', 'note'], ['en', 'Comments', 'note'], ['en', 'Remarks', 'note'],
  // German
  ['de', 'E-Mail-Adresse', 'email'], ['de', 'E-Mail', 'email'], ['de', 'Vorname', 'first_name'], ['de', 'Nachname', 'last_name'],
  ['de', 'Vollständiger Name', 'name'], ['de', 'Sprache', 'locale'], ['de', 'Teilnehmer-ID', 'external_id'],
  ['de', 'Teilnehmernummer', 'external_id'], ['de', 'Bemerkung', 'note'], ['de', 'Anmerkungen', 'note'], ['de', 'Kommentar', 'note'],
  // French
  ['fr', 'Courriel', 'email'], ['fr', 'Adresse e-mail', 'email'], ['fr', 'Prénom', 'first_name'], ['fr', 'Nom', 'name'],
  ['fr', 'Nom de famille', 'last_name'], ['fr', 'Nom complet', 'name'], ['fr', 'Langue', 'locale'], ['fr', 'ID externe', 'external_id'],
  ['fr', 'Identifiant participant', 'external_id'], ['fr', 'Remarques', 'note'], ['fr', 'Commentaires', 'note'],
  // Spanish
  ['es', 'Correo electrónico', 'email'], ['es', 'Correo', 'email'], ['es', 'Nombre', 'name'], ['es', 'Nombre completo', 'name'],
  ['es', 'Apellido(s)', 'last_name'], ['es', 'Apellidos', 'last_name'], ['es', 'Idioma', 'locale'],
  ['es', 'ID externo', 'external_id'], ['es', 'Notas', 'note'], ['es', 'Comentarios', 'note'], ['es', 'Observaciones', 'note'],
];

describe('suggestMapping: property words in four languages', () => {
  it.each(PROPERTY_WORDS)('[%s] %j → %s', (_lang, header, target) => {
    const [column] = suggestMapping([header], []).columns;
    expect(column).toMatchObject({ index: 0, header, target });
    expect(column.confidence).toBeGreaterThanOrEqual(0.9);
    expect(said(column.reason)).toContain(header);
  });
});

describe('suggestMapping: demographic category words', () => {
  it.each([
    ['en', 'Gender'], ['de', 'Geschlecht'], ['fr', 'Genre'], ['es', 'Sexo'], ['es', 'Género'],
    ['en', 'Age group'], ['de', 'Altersgruppe'], ['fr', "Tranche d'âge"], ['es', 'Grupo de edad'],
    ['en', 'Age'], ['de', 'Alter'], ['fr', 'Âge'], ['es', 'Edad'],
    ['en', 'Income'], ['de', 'Einkommen'], ['fr', 'Revenu'], ['es', 'Ingresos'],
    ['en', 'Region'], ['de', 'Bundesland'], ['fr', 'Région'], ['es', 'Región'],
    ['en', 'City'], ['de', 'Wohnort'], ['fr', 'Ville'], ['es', 'Ciudad'],
  ])('[%s] %j → demographic of that name, as written', (_lang, header) => {
    expect(targetOf(header)).toBe(`demographic:${header}`);
  });

  it('keeps the header as written, with its spaces made single', () => {
    expect(targetOf('  Age   group ')).toBe('demographic:Age group');
  });
});

describe('suggestMapping: columns that are no participant property', () => {
  it.each(['Phone', 'Telefon', 'Téléphone', 'Teléfono', 'Address', 'PLZ', 'Date of birth', 'Geburtsdatum', 'Nr.', 'Status'])(
    '%j → ignore, with a reason',
    (header) => {
      const [column] = suggestMapping([header], column5(header)).columns;
      expect(column.target).toBe('ignore');
      expect(said(column.reason)).toMatch(/not a participant property/);
    },
  );
});
/** Categorical-looking values, to show that an ignore word wins over them. */
function column5(_header: string): string[][] {
  return column('a', 'b', 'a', 'b', 'a', 'b');
}

describe('suggestMapping: typos, accents, case, punctuation and spacing', () => {
  it.each([
    ['Emial', 'email'], ['E mail adress', 'email'], ['EMAIL', 'email'], ['e_mail', 'email'], ['E.Mail', 'email'],
    ['  E-Mail  ', 'email'], ['Emailadresse', 'email'], ['Correo electronico', 'email'], ['CORREO ELECTRÓNICO', 'email'],
    ['Prenom', 'first_name'], ['PRÉNOM', 'first_name'], ['Vornmae', 'first_name'], ['Nachnahme', 'last_name'],
    ['Langauge', 'locale'], ['Sprahce', 'locale'], ['external-id', 'external_id'], ['ExternalID', 'external_id'],
    ['Teilnehmer*innen-ID', 'external_id'], ['Notes:', 'note'], ['E-mail (optional)', 'email'], ['E-mail *', 'email'],
  ])('%j → %s', (header, target) => {
    expect(targetOf(header)).toBe(target);
  });

  it('trusts a misspelling less than the word itself', () => {
    const [typo, exact] = suggestMapping(['Emial', 'Full name'], []).columns;
    expect(typo.confidence).toBeLessThan(0.9);
    expect(said(typo.reason)).toMatch(/misspelling/);
    expect(exact.confidence).toBe(1);
  });
});

describe('suggestMapping: one column per single-valued target', () => {
  it.each([
    [['E-mail', 'Mail', 'E-mail 2'], ['email', 'email', 'ignore']],
    [['Notes', 'Comments', 'Bemerkung'], ['note', 'ignore', 'ignore']],
    [['ID', 'External ID'], ['ignore', 'external_id']],
    [['Name', 'Full name'], ['ignore', 'name']],
    [['Gender', 'Geschlecht'], ['demographic:Gender', 'demographic:Geschlecht']],
  ])('%j → %j', (header, expected) => {
    expect(targets(header)).toEqual(expected);
  });

  it('says which column kept the target', () => {
    const [, , third] = suggestMapping(['E-mail', 'Mail', 'E-mail 2'], []).columns;
    expect(said(third.reason)).toBe('Column A (“E-mail”) already supplies the e-mail; this one is ignored.');
  });

  it('never leaves two columns on one single-valued target but the e-mail fallback', () => {
    const header = ['E-mail', 'Mail', 'Name', 'Nom', 'Nombre', 'ID', 'Code', 'Notes', 'Notizen', 'Language', 'Sprache'];
    const mapped = targets(header).filter((t) => t !== 'ignore' && !t.startsWith('demographic:'));
    expect(mapped.sort()).toEqual(['email', 'email', 'external_id', 'locale', 'name', 'note']);
  });
});

describe('suggestMapping: two e-mail columns', () => {
  it.each([
    [['E-mail', 'E-mail 2'], 'A'],
    [['Email', 'E-Mail'], 'A'],
    [['Contact email', 'Email'], 'B'],
    [['E-Mail privat', 'E-Mail geschäftlich'], 'A'],
  ])('%j: both supply the e-mail, column %s first, the other where it is blank', (header, first) => {
    const columns = suggestMapping(header, []).columns;
    expect(columns.map((c) => c.target)).toEqual(['email', 'email']);
    const second = columns.find((c) => c.index !== (first === 'A' ? 0 : 1))!;
    const kept = columns.find((c) => c !== second)!;
    expect(said(second.reason)).toBe(`A second e-mail column: read where column ${first} (“${kept.header}”) is blank.`);
    expect(second.confidence).toBeLessThanOrEqual(kept.confidence);
  });
});

describe('suggestMapping: a header that names something else over values that are all e-mails', () => {
  it.each([
    [['Nom', 'Adresse'], [['Jean', 'j@x.fr'], ['Luc', 'l@x.fr']]],
    [['Name', 'Address'], [['Ada', 'ada@example.com'], ['Alan', 'alan@example.com'], ['Grace', 'grace@example.com'], ['Joan', 'joan@example.com'], ['Bob', 'not given']]],
  ])('%j maps the column to the e-mail at a reduced confidence', (header, sample) => {
    const column = suggestMapping(header, sample).columns[1];
    expect(column.target).toBe('email');
    expect(column.confidence).toBeLessThanOrEqual(0.6);
    expect(said(column.reason)).toMatch(/\. But most of its values look like e-mail addresses\.$/);
  });

  it('still ignores an address column of postal addresses, or one where few values are e-mails', () => {
    expect(targets(['Nom', 'Adresse'], [['Jean', '1 rue de la Paix'], ['Luc', '2 rue Haute']])[1]).toBe('ignore');
    expect(targets(['Name', 'Address'], [['A', 'a@x.com'], ['B', 'Main St 1'], ['C', 'Elm St 2']])[1]).toBe('ignore');
  });
});

describe('suggestMapping: first and last name', () => {
  it.each([
    [['First name', 'Last name'], ['first_name', 'last_name']],
    [['Vorname', 'Nachname'], ['first_name', 'last_name']],
    [['Prénom', 'Nom'], ['first_name', 'last_name']],
    [['Nom', 'Prénom'], ['last_name', 'first_name']],
    [['Nombre', 'Apellidos'], ['first_name', 'last_name']],
    [['Name', 'Vorname'], ['last_name', 'first_name']],
    [['Name', 'Surname'], ['first_name', 'last_name']],
    [['Name', 'E-mail'], ['name', 'email']],
    [['Nom', 'Courriel'], ['name', 'email']],
    [['Full name', 'First name', 'Last name'], ['name', 'first_name', 'last_name']],
  ])('%j → %j', (header, expected) => {
    expect(targets(header)).toEqual(expected);
  });

  it('explains the reading of a bare name word', () => {
    const [, nom] = suggestMapping(['Prénom', 'Nom'], []).columns;
    expect(said(nom.reason)).toBe('“Nom” beside a first-name column is the last name.');
  });
});

const CATALOG: CatalogCategory[] = [
  { id: 1, name: 'Gender', exclusive: true, demographics: [{ id: 11, name: 'Female' }] },
  { id: 2, name: 'Age Group', exclusive: true, demographics: [] },
  { id: 3, name: 'Coffee drinker', exclusive: false, demographics: [] },
  { id: 4, name: 'Status', exclusive: false, demographics: [] },
];

describe('suggestMapping: the event catalog', () => {
  it.each([
    ['Gender', 'demographic:Gender'],
    ['GENDER', 'demographic:Gender'],
    ['age  group', 'demographic:Age Group'],
    ['Age-Group', 'demographic:Age Group'],
    ['Coffee Drinker', 'demographic:Coffee drinker'],
    ['Coffee drinkr', 'demographic:Coffee drinker'],
    ['Geschlecht', 'demographic:Gender'],
    ['Sexe', 'demographic:Gender'],
    ['Altersgruppe', 'demographic:Age Group'],
    ['Status', 'demographic:Status'],
    ['Region', 'demographic:Region'],
    ['E-mail', 'email'],
  ])('%j → %s', (header, target) => {
    expect(targets([header], [], CATALOG)).toEqual([target]);
  });

  it('names the category in the reason', () => {
    const [exact, word] = suggestMapping(['age group', 'Geschlecht'], [], { catalog: CATALOG }).columns;
    expect(exact.confidence).toBe(1);
    expect(said(exact.reason)).toBe('“age group” is the event’s category “Age Group”.');
    expect(said(word.reason)).toContain('the event’s category “Gender”');
  });

  it('without the catalog, an unknown category header is judged by its values', () => {
    expect(targets(['Coffee drinker'], column('yes', 'no', 'yes', 'yes'))).toEqual(['demographic:Coffee drinker']);
    expect(targets(['Coffee drinker'], column('yes', 'no', 'yes', 'yes'), CATALOG)).toEqual(['demographic:Coffee drinker']);
    expect(targets(['Coffee drinker'], column('Ada', 'Alan', 'Grace', 'Kurt'))).toEqual(['ignore']);
  });
});

describe('suggestMapping: values', () => {
  it.each([
    ['few short values repeated', column('A', 'B', 'A', 'C', 'B', 'A', 'C', 'A'), 'demographic:Brand'],
    ['two values, four rows', column('Yes', 'No', 'No', 'Yes'), 'demographic:Brand'],
    ['small numbers repeated', column('1', '2', '1', '3', '2', '2'), 'demographic:Brand'],
    ['blanks between them', column('A', '', 'B', '', 'A', 'B', ''), 'demographic:Brand'],
    ['all different', column('Ada', 'Alan', 'Grace', 'Kurt', 'Edsger', 'Barbara'), 'ignore'],
    ['too few rows', column('A', 'B', 'A'), 'ignore'],
    ['one value only', column('A', 'A', 'A', 'A'), 'ignore'],
    ['dates', column('2024-01-01', '2024-01-01', '2024-01-02', '2024-01-02'), 'ignore'],
    ['amounts', column('12.50', '3.75', '12.50', '3.75'), 'ignore'],
    ['long ids', column('123456', '123456', '654321', '654321'), 'ignore'],
    ['long text', column('x'.repeat(41), 'y', 'x'.repeat(41), 'y'), 'ignore'],
    ['too many distinct values', column(...Array.from({ length: 40 }, (_, i) => `v${i % 13}`)), 'ignore'],
    ['nothing', [], 'ignore'],
  ])('an unknown header over %s → %s', (_name, sample, target) => {
    expect(targets(['Brand'], sample)).toEqual([target]);
  });

  it('calls a categorical column a demographic with a modest confidence and says why', () => {
    const [c] = suggestMapping(['Brand'], column('A', 'B', 'A', 'B')).columns;
    expect(c.confidence).toBeLessThan(0.7);
    expect(said(c.reason)).toBe('2 distinct values repeat across 4 rows, like a demographic category.');
  });

  it.each([
    ['Contact', column('ada@example.com', 'alan@example.com', 'grace@example.com'), 'email'],
    ['', column('ada@example.com', 'alan@example.com', 'grace@example.com'), 'email'],
    ['Code', column('de_DE', 'en-us', 'fr_FR'), 'external_id'],
    ['Kind', column('de_DE', 'en-us', 'fr_FR', 'de_DE'), 'locale'],
    ['', column('x', 'y'), 'ignore'],
  ])('%j over values → %s', (header, sample, target) => {
    expect(targets([header], sample)).toEqual([target]);
  });

  it('trusts an e-mail or locale header less when its values disagree', () => {
    const names = column('Ada', 'Alan', 'Grace', 'Kurt');
    const [email, locale] = suggestMapping(['E-mail', 'Language'], names.map((r) => [r[0], 'German'])).columns;
    expect(email).toMatchObject({ target: 'email', confidence: 0.75 });
    expect(said(email.reason)).toMatch(/few of its values look like e-mail addresses/);
    expect(locale).toMatchObject({ target: 'locale', confidence: 0.75 });
  });

  it('keeps the better-supported of two e-mail columns', () => {
    const sample = [['x', 'ada@example.com'], ['y', 'alan@example.com'], ['z', 'grace@example.com']];
    const columns = suggestMapping(['E-mail', 'Mail'], sample).columns;
    expect(columns.map((c) => c.target)).toEqual(['email', 'email']);
    expect(columns[1].confidence).toBeGreaterThan(columns[0].confidence);
    expect(said(columns[0].reason)).toBe('A second e-mail column: read where column B (“Mail”) is blank.');
  });

  it('adds columns that hold data beyond the header, and drops trailing empty ones', () => {
    const mapping = suggestMapping(['Name', 'E-mail', '', ''], [['Ada', 'ada@example.com', '', 'x@example.com']]);
    expect(mapping.columns.map((c) => [c.index, c.header, c.target])).toEqual([
      [0, 'Name', 'name'], [1, 'E-mail', 'email'], [2, '', 'ignore'], [3, '', 'ignore'],
    ]);
    // Column D's e-mails could be anyone's: with an e-mail column already, a headerless one is not read.
    expect(said(mapping.columns[3].reason)).toBe('Column B (“E-mail”) already supplies the e-mail; this one is ignored.');
    expect(suggestMapping(['Name', '', ''], []).columns).toHaveLength(1);
  });

  it('gives every column a reason and a confidence between 0 and 1', () => {
    const mapping = suggestMapping(['ID', 'Name', 'Emial', '', 'Gender', 'Whatever'], [['1', 'Ada', 'a@example.com', 'q', 'F', 'x']]);
    expect(mapping.columns.map((c) => c.index)).toEqual([0, 1, 2, 3, 4, 5]);
    for (const c of mapping.columns) {
      expect(said(c.reason).length).toBeGreaterThan(10);
      expect(c.confidence).toBeGreaterThanOrEqual(0);
      expect(c.confidence).toBeLessThanOrEqual(1);
    }
  });
});
