import { describe, expect, it } from 'vitest';
import { adjacentKeys, emailFinding, slipDistance } from '../../../../src/core/suggestions';
import { isValidEmail } from '../../../../src/core/participants/email';
import { saidFix } from '../../../support/words';

describe('slipDistance', () => {
  it('counts a neighbouring key and two swapped letters as half a slip', () => {
    expect(adjacentKeys('n', 'm')).toBe(true);
    expect(adjacentKeys('q', 'p')).toBe(false);
    expect(slipDistance('con', 'com')).toBe(0.5);
    expect(slipDistance('gmial', 'gmail')).toBe(0.5);
    expect(slipDistance('gmai', 'gmail')).toBe(1);
    expect(slipDistance('cox', 'com')).toBe(1); // x is far from m
  });

  it('gives up past its budget', () => {
    expect(slipDistance('firma', 'gmail', 1)).toBe(Infinity);
  });
});

describe('e-mail domain slips', () => {
  it.each([
    ['ana@gmial.com', 'ana@gmail.com'],
    ['ana@hotmial.com', 'ana@hotmail.com'],
    ['ana@gmai.com', 'ana@gmail.com'],
    ['ana@yahoo.con', 'ana@yahoo.com'],
    ['ana@gnail.com', 'ana@gmail.com'],
    ['ana@gmial.con', 'ana@gmail.com'],
    ['ana@outlok.com', 'ana@outlook.com'],
    ['ana@t-onlin.de', 'ana@t-online.de'],
    ['ana@gmx.dr', 'ana@gmx.de'],
    ['ana@gmail.co', 'ana@gmail.com'],
    ['ana@gmail', 'ana@gmail.com'],
    ['ana@web', 'ana@web.de'],
    ['ana@gmailcom', 'ana@gmail.com'],
    // Not online.de, a letter nearer: a left-out hyphen is the likelier slip.
    ['ana@tonline.de', 'ana@t-online.de'],
  ])('%s → %s, with one answer', (from, to) => {
    const found = emailFinding(from);
    expect(found).toMatchObject({ to: [to], sure: true, kind: 'email-domain' });
    expect(saidFix(found!.reason)).toMatch(/^The (domain|dot)/);
  });

  it('offers the endings of a provider that has several, without choosing', () => {
    const found = emailFinding('ana@hotmail')!;
    expect(found.sure).toBe(false);
    expect(found.to[0]).toBe('ana@hotmail.com');
    expect(found.to).toContain('ana@hotmail.de');
  });

  it.each(['ana@firma.de', 'ana@mail.com', 'ana@email.com', 'ana@gmail.fr', 'ana@gmaul.org', 'ana@webb.de', 'ana@gmx.net', 'ana@aok.de', 'ana@uni-koeln.de', 'Ana@GMAIL.COM', 'ana@free.de', 'ana@aol.co', 'ana@web.at'])(
    'never touches the valid address %s on a domain that is a provider’s or unknown',
    (email) => expect(emailFinding(email)).toBeNull(),
  );
});

describe('e-mail wrappings', () => {
  it.each([
    ['Ana <ana@x.de>', 'ana@x.de'],
    ['<ana@x.de>', 'ana@x.de'],
    ['mailto:ana@x.de', 'ana@x.de'],
    ['MAILTO:ana@x.de?subject=Hallo', 'ana@x.de'],
    ['ana (at) x.de', 'ana@x.de'],
    ['ana[at]x.de', 'ana@x.de'],
    ['ana at x.de', 'ana@x.de'],
    ['ana (at) x (dot) de', 'ana@x.de'],
    ['ana @ x.de', 'ana@x.de'],
    ['ana@x.de.', 'ana@x.de'],
    ['"ana@x.de",', 'ana@x.de'],
    ['ana@x,de', 'ana@x.de'],
    ['ana@@x.de', 'ana@x.de'],
    ['ana@x\u200b.de', 'ana@x.de'],
    ['Ana Lima <ana@gmial.com>', 'ana@gmail.com'],
  ])('%j → %s', (from, to) => {
    const found = emailFinding(from);
    expect(found).toMatchObject({ to: [to], sure: true });
    expect(saidFix(found!.reason).length).toBeGreaterThan(10);
  });

  it('guesses, without being sure, when a space splits two words of an address', () => {
    expect(emailFinding('ana maria@x.de')).toMatchObject({ to: ['anamaria@x.de'], sure: false });
  });

  it('lets a person choose when a cell holds several addresses, never keeping one silently', () => {
    expect(emailFinding('Ana <ana@x.de>, Bo <bo@y.de>')).toMatchObject({ to: ['ana@x.de', 'bo@y.de'], sure: false });
    expect(emailFinding('ana@x.de; bo@y.de')).toMatchObject({ to: ['ana@x.de', 'bo@y.de'], sure: false });
  });

  it('offers nothing it cannot make valid', () => {
    for (const junk of ['ana', 'ana@', '@x.de', 'ana@x@y.de', 'call me']) expect(emailFinding(junk)).toBeNull();
  });

  it('only ever offers valid addresses', () => {
    for (const from of ['Ana <ana@x.de>', 'ana@hotmail', 'ana maria@x.de', 'ana@gmial.com']) {
      for (const to of emailFinding(from)!.to) expect(isValidEmail(to)).toBe(true);
    }
  });
});
