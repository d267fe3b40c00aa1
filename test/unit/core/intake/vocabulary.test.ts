import { describe, expect, it } from 'vitest';
import { matchConcept, matchName } from '../../../../src/core/intake/match';
import { CONCEPTS } from '../../../../src/core/intake/vocabulary';
import { compact, editDistance, normaliseWords, typoBudget } from '../../../../src/core/intake/words';

describe('normaliseWords', () => {
  it.each([
    ['E-Mail-Adresse', 'e mail adresse'],
    ['  E-mail  ', 'e mail'],
    ['Correo electrónico', 'correo electronico'],
    ['Tranche d’âge', 'tranche d age'],
    ['PRÉNOM', 'prenom'],
    ['Apellido(s)', 'apellido'],
    ['Teilnehmer*innen-ID', 'teilnehmer id'],
    ['Teilnehmer:innen', 'teilnehmer'],
    ['Haushaltsgröße', 'haushaltsgrosse'],
    ['Straße', 'strasse'],
    ['E_mail', 'e mail'],
    ['N°', 'n'],
    ['***', ''],
    ['', ''],
  ])('%j → %j', (text, expected) => {
    expect(normaliseWords(text)).toBe(expected);
  });

  it('compact drops the spaces', () => {
    expect(compact('e mail adresse')).toBe('emailadresse');
  });
});

describe('editDistance', () => {
  it.each([
    ['email', 'email', 2, 0],
    ['emial', 'email', 2, 1],
    ['emal', 'email', 2, 1],
    ['emaill', 'email', 2, 1],
    ['emailadress', 'emailaddress', 2, 1],
    ['langauge', 'language', 2, 1],
    ['kitten', 'sitting', 5, 3],
    ['abc', 'xyz', 1, 2],
    ['a', 'abcdef', 2, 3],
    ['', 'ab', 3, 2],
  ])('%s ↔ %s (max %i) → %i', (a, b, max, d) => {
    expect(editDistance(a, b, max)).toBe(d);
    expect(editDistance(b, a, max)).toBe(d);
  });

  it.each([[3, 0], [4, 0], [5, 1], [8, 1], [9, 2], [20, 2]])('a %i-letter word may carry %i typos', (length, budget) => {
    expect(typoBudget(length)).toBe(budget);
  });
});

describe('vocabulary', () => {
  it('holds normalised-distinct phrases within each concept', () => {
    for (const concept of CONCEPTS) {
      const normalised = concept.phrases.map(normaliseWords);
      expect(normalised.every((p) => p.length > 0)).toBe(true);
      expect(new Set(normalised).size, concept.label).toBe(normalised.length);
    }
  });

  it('never lets a phrase of one concept match another concept better', () => {
    for (const concept of CONCEPTS) {
      for (const phrase of concept.phrases) {
        const match = matchConcept(phrase);
        expect(match?.concept.kind, phrase).toBe(concept.kind);
        expect(match?.how, phrase).toBe('exact');
      }
    }
  });
});

describe('matchConcept', () => {
  it.each([
    ['Emial', 'email', 'typo'],
    ['Emeil', 'email', 'typo'],
    ['E mail adress', 'email', 'typo'],
    ['Langauge', 'locale', 'typo'],
    ['Vornmae', 'first_name', 'typo'],
    ['Nachnahme', 'last_name', 'typo'],
    ['EMAIL', 'email', 'exact'],
    ['E.Mail', 'email', 'exact'],
    ['Emailaddress', 'email', 'spacing'],
    ['E-mail (optional)', 'email', 'decorated'],
    ['Participant e-mail', 'email', 'decorated'],
    ['Your e-mail address *', 'email', 'decorated'],
    ['E-mail (work)', 'email', 'contained'],
    ['Kunden-ID', 'external_id', 'contained'],
    ['Haushaltseinkommen', 'demographic', 'exact'],
    ['Monatseinkommen', 'demographic', 'contained'],
  ])('%j → %s (%s)', (header, kind, how) => {
    const match = matchConcept(header);
    expect(match?.concept.kind).toBe(kind);
    expect(match?.how).toBe(how);
    expect(match!.score).toBeGreaterThan(0.5);
    expect(match!.score).toBeLessThanOrEqual(1);
  });

  it.each([
    'Participant list – Spring test', 'Ada Lovelace', 'Female', 'Male', 'Berlin', 'ada@example.com', '12345', '',
    '   ', 'Participant', 'Teilnehmer', 'Contact', 'x'.repeat(61),
  ])('%j matches nothing', (text) => {
    expect(matchConcept(text)).toBeNull();
  });

  it('scores exact above spacing above decorated above typo above containment', () => {
    const scores = ['E-mail', 'Emailaddress', 'E-mail (optional)', 'Emial', 'E-mail (work)'].map((h) => matchConcept(h)!.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(new Set(scores).size).toBe(scores.length);
  });

  it('weighs a bare "ID" and bare name words below the explicit ones', () => {
    expect(matchConcept('ID')!.score).toBeLessThan(matchConcept('External ID')!.score);
    expect(matchConcept('Name')!.score).toBeLessThan(matchConcept('Full name')!.score);
  });
});

describe('matchName', () => {
  it.each([
    ['Age Group', 'Age Group', 'exact'],
    ['age  group', 'Age Group', 'exact'],
    ['AGE-GROUP', 'Age Group', 'exact'],
    ['Agegroup', 'Age Group', 'spacing'],
    ['Coffee drinkr', 'Coffee drinker', 'typo'],
  ])('%j names %j (%s)', (header, name, how) => {
    expect(matchName(header, name)?.how).toBe(how);
  });

  it.each([['Gender', 'Age Group'], ['', 'Gender'], ['Gender', '']])('%j does not name %j', (header, name) => {
    expect(matchName(header, name)).toBeNull();
  });
});
