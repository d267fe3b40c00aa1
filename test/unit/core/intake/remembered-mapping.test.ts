import { describe, expect, it } from 'vitest';
import { applyRememberedMapping, headerSignature, suggestMapping } from '../../../../src/core/intake/mapping';
import type { ColumnMapping, ColumnTarget } from '../../../../src/core/intake/types';
import { said } from '../../../support/words';

// How a confirmed mapping is recognised (by its header signature) and applied again.
describe('headerSignature', () => {
  const base = ['External ID', 'Full Name', 'E-mail'];
  it.each([
    [['external id', 'FULL NAME', 'e-mail']],
    [['  External ID ', 'Full   Name', 'E-mail']],
    [['External ID', 'Full\tName', 'E-mail', '', ' ']],
  ])('is the same for %j', (header) => {
    expect(headerSignature(header)).toBe(headerSignature(base));
  });

  it.each([
    [['Full Name', 'External ID', 'E-mail']],
    [['External ID', 'Full Name']],
    [['External ID', 'Full Name', 'Email']],
    [['External ID', '', 'Full Name', 'E-mail']],
  ])('differs for %j', (header) => {
    expect(headerSignature(header)).not.toBe(headerSignature(base));
  });

  it('is carried by the suggested mapping', () => {
    expect(suggestMapping(base, []).signature).toBe(headerSignature(base));
  });
});

describe('applyRememberedMapping', () => {
  const header = ['External ID', 'Full Name', 'E-mail', 'Panel'];
  const confirmed = (): ColumnMapping => {
    const mapping = suggestMapping(header, []);
    mapping.columns[3] = { ...mapping.columns[3], target: 'demographic:Panel', confidence: 1, reason: { code: 'chosen' } };
    return mapping;
  };

  it('reuses the confirmed targets for the same headers written differently', () => {
    const reused = applyRememberedMapping(['external id', ' FULL NAME ', 'E-mail', 'panel', ''], confirmed());
    expect(reused?.columns.map((c) => c.target)).toEqual(['external_id', 'name', 'email', 'demographic:Panel']);
    expect(reused?.columns.map((c) => c.header)).toEqual(['external id', 'FULL NAME', 'E-mail', 'panel']);
    expect(reused?.columns.every((c) => c.confidence === 1 && c.reason.code === 'remembered')).toBe(true);
    expect(reused?.signature).toBe(headerSignature(header));
  });

  it.each([
    ['other headers', ['External ID', 'Name', 'E-mail', 'Panel']],
    ['another order', ['Full Name', 'External ID', 'E-mail', 'Panel']],
    ['a column more', [...header, 'Notes']],
  ])('refuses %s', (_name, other) => {
    expect(applyRememberedMapping(other, confirmed())).toBeNull();
  });

  it('refuses nothing, and a stored mapping whose headers do not match its signature', () => {
    expect(applyRememberedMapping(header, null)).toBeNull();
    expect(applyRememberedMapping(header, undefined)).toBeNull();
    const forged = confirmed();
    forged.columns[1] = { ...forged.columns[1], header: 'Something else' };
    expect(applyRememberedMapping(header, forged)).toBeNull();
  });

  it('reads an unknown stored target as ignore and keeps single targets single', () => {
    const stored = confirmed();
    stored.columns[0] = { ...stored.columns[0], target: 'password' as ColumnTarget };
    stored.columns[3] = { ...stored.columns[3], target: 'name' };
    const reused = applyRememberedMapping(header, stored)!;
    expect(reused.columns.map((c) => c.target)).toEqual(['ignore', 'name', 'email', 'ignore']);
  });

  it('keeps a fallback e-mail column second, as it was confirmed', () => {
    const both = ['E-mail', 'Work e-mail address'];
    const suggested = suggestMapping(both, []);
    expect(suggested.columns.map((c) => c.target)).toEqual(['email', 'email']);
    // The right-hand column was confirmed as the e-mail read first.
    const stored: ColumnMapping = { ...suggested, columns: [{ ...suggested.columns[0], confidence: 0.7 }, { ...suggested.columns[1], confidence: 1 }] };
    const reused = applyRememberedMapping(both, stored)!;
    expect(reused.columns.map((c) => [c.target, c.confidence])).toEqual([['email', 0.9], ['email', 1]]);
    expect(said(reused.columns[0].reason)).toBe('A second e-mail column: read where column B (“Work e-mail address”) is blank.');
  });

  it('keeps columns beyond the header that were mapped by their values', () => {
    const mapping = suggestMapping(['Name', ''], [['Ada', 'ada@example.com']]);
    expect(mapping.columns.map((c) => c.target)).toEqual(['name', 'email']);
    expect(applyRememberedMapping(['name'], mapping)?.columns.map((c) => c.target)).toEqual(['name', 'email']);
  });
});
