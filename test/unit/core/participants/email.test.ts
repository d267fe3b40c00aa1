import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { emailKey, isValidEmail, lowerCased, MAX_EMAIL_LENGTH } from '../../../../src/core/participants/email';

const label = (n: number, c = 'b') => c.repeat(n);

describe('isValidEmail accepts', () => {
  it.each([
    ['plain address', 'ada@example.com'],
    ['one-letter local part and labels', 'a@b.c'],
    ['subdomains', 'ada@mail.eu.example.co.uk'],
    ['dots inside the local part', 'ada.lovelace.k@example.com'],
    ['plus tag', 'ada+muster@example.com'],
    ['every WHATWG special character', "!#$%&'*+/=?^_`{|}~-@example.com"],
    ['upper case anywhere', 'ADA@EXAMPLE.COM'],
    ['digits-only labels', '123@1.2.3.4'],
    ['hyphen inside a label', 'ada@my-mail.example-host.com'],
    ['63-character label', `a@${label(63)}.com`],
    ['punycode domain', 'ada@xn--mnchen-3ya.de'],
    ['local part longer than 64 (not part of the rule)', `${'a'.repeat(70)}@example.com`],
  ])('%s: %s', (_why, email) => {
    expect(isValidEmail(email)).toBe(true);
  });
});

describe('isValidEmail rejects', () => {
  it.each([
    ['empty', ''],
    ['no at sign', 'ada.example.com'],
    ['two at signs', 'ada@lovelace@example.com'],
    ['empty local part', '@example.com'],
    ['empty domain', 'ada@'],
    ['undotted domain', 'ada@localhost'],
    ['leading dot in local part', '.ada@example.com'],
    ['trailing dot in local part', 'ada.@example.com'],
    ['double dot in local part', 'ada..lovelace@example.com'],
    ['leading dot in domain', 'ada@.example.com'],
    ['trailing dot in domain', 'ada@example.com.'],
    ['double dot in domain', 'ada@example..com'],
    ['label starting with a hyphen', 'ada@-example.com'],
    ['label ending with a hyphen', 'ada@example-.com'],
    ['64-character label', `a@${label(64)}.com`],
    ['underscore in the domain', 'ada@ex_ample.com'],
    ['space in local part', 'ada lovelace@example.com'],
    ['space around', ' ada@example.com '],
    ['quoted local part', '"ada"@example.com'],
    ['IP literal', 'ada@[127.0.0.1]'],
    ['comment', 'ada(comment)@example.com'],
    ['display name', 'Ada <ada@example.com>'],
    ['non-ASCII local part', 'adä@example.com'],
    ['non-ASCII domain', 'ada@münchen.de'],
    ['full-width at sign', 'ada＠example.com'],
    ['trailing newline', 'ada@example.com\n'],
    ['leading newline', '\nada@example.com'],
    ['embedded NUL', 'ada\u0000@example.com'],
    ['comma-separated list', 'ada@example.com,bob@example.com'],
    ['semicolon in the local part', 'ada;x@example.com'],
    ['backslash', 'ada\\@example.com'],
  ])('%s: %j', (_why, email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});

describe('isValidEmail length limit', () => {
  // 64 + 1 + 63 + 1 + 63 + 1 + 61 = 254
  const at254 = `${'a'.repeat(64)}@${label(63)}.${label(63, 'c')}.${label(61, 'd')}`;

  it('accepts exactly 254 characters', () => {
    expect(at254).toHaveLength(254);
    expect(MAX_EMAIL_LENGTH).toBe(254);
    expect(isValidEmail(at254)).toBe(true);
  });

  it('rejects 255 characters that are otherwise well formed', () => {
    const at255 = `${at254}d`;
    expect(at255).toHaveLength(255);
    expect(isValidEmail(at255)).toBe(false);
  });

  it('answers quickly on long hostile input', () => {
    const hostile = `a@${'a-'.repeat(5000)}!`;
    const started = performance.now();
    expect(isValidEmail(hostile)).toBe(false);
    expect(isValidEmail(`${'a.'.repeat(120)}@b`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('isValidEmail properties', () => {
  // An alphabet close to addresses, so that a good share of the strings are accepted.
  const localPart = fc.string({ unit: fc.constantFrom('a', 'a', 'a', 'b', 'Z', '0', '+', '.', 'é', ' ', '"'), minLength: 1, maxLength: 8 });
  const labelPart = fc.string({ unit: fc.constantFrom('a', 'a', 'a', 'a', 'b', '0', '-', '_', 'ü'), minLength: 1, maxLength: 8 });
  const near = fc.tuple(localPart, fc.constantFrom('@', '@', '@', '@@'), labelPart, fc.constantFrom('.', '.', '', '..'), labelPart).map((parts) => parts.join(''));
  const long = fc.string({ unit: 'binary', maxLength: 300 });

  /** The decided rule, written out by hand without a regular expression. */
  function reference(email: string): boolean {
    const parts = email.split('@');
    if (email.length > 254 || parts.length !== 2) return false;
    const [local, domain] = parts;
    const atom = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]$/;
    if (local === '' || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
    if (![...local].every((c) => c === '.' || atom.test(c))) return false;
    const labels = domain.split('.');
    if (labels.length < 2) return false;
    return labels.every((l) => l.length >= 1 && l.length <= 63 && /^[A-Za-z0-9-]+$/.test(l) && !l.startsWith('-') && !l.endsWith('-'));
  }

  it('agrees with a hand-written reference of the rule', () => {
    let accepted = 0;
    fc.assert(
      fc.property(fc.oneof(near, long), (s) => {
        const valid = isValidEmail(s);
        expect(valid).toBe(reference(s));
        if (valid) accepted++;
      }),
      { numRuns: 3000 },
    );
    expect(accepted).toBeGreaterThan(0);
  });

  it('accepts simple generated addresses', () => {
    const part = fc.stringMatching(/^[a-z0-9]{1,20}$/);
    fc.assert(
      fc.property(part, part, part, (local, host, tld) => {
        expect(isValidEmail(`${local}@${host}.${tld}`)).toBe(true);
      }),
    );
  });
});

describe('emailKey', () => {
  it.each([
    ['Ada@Example.COM', 'ada@example.com'],
    ['  ada@example.com\t', 'ada@example.com'],
    ['ada@example.com', 'ada@example.com'],
    ['', ''],
  ])('%j → %j', (input, key) => {
    expect(emailKey(input)).toBe(key);
  });

  it('gives the same key to re-cased and re-padded variants', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'B', 'x', 'Q', '@', '.', '1'), maxLength: 40 }), fc.constantFrom('', ' ', '\t', '  '), (s, pad) => {
        expect(emailKey(`${pad}${s.toUpperCase()}${pad}`)).toBe(emailKey(s.toLowerCase()));
        expect(emailKey(emailKey(s))).toBe(emailKey(s));
      }),
    );
  });

  it('lower-cases as toLowerCase does, in every script', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'Z', 'É', 'é', 'İ', 'ß', 'Σ', '@', '.', '😀'), maxLength: 30 }), (s) => {
        expect(lowerCased(s)).toBe(s.toLowerCase());
      }),
    );
  });
});
