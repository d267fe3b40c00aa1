import { describe, expect, it } from 'vitest';
import { catalogByName, localeOfLanguage, participantOfSubject, type SubjectForList } from '../../../src/core/drafts/subject-participant';

const catalog = catalogByName([
  { id: 7, name: 'Gender', exclusive: true, demographics: [{ id: 70, name: 'Female' }, { id: 71, name: 'Male' }] },
  { id: 8, name: 'Age Group', exclusive: true, demographics: [{ id: 80, name: '25-34' }] },
]);
const ada: SubjectForList = {
  localId: 1, remoteId: 501, firstName: ' Ada ', lastName: 'Lovelace', email: 'ada@example.com', preferredLanguage: 'Deutsch', contactExclusionUntil: null,
  demographics: [{ category: 'gender', name: 'female' }, { category: 'Hair', name: 'Red' }, { category: 'Age Group', name: '65+' }],
};

describe('a subject as a participant', () => {
  it('takes the service id, the joined name, the e-mail, a sure locale and the demographics the catalog has, spelt as the catalog spells them', () => {
    expect(participantOfSubject(ada, catalog, '2026-01-10')).toEqual({
      participant: { external_id: '501', name: 'Ada Lovelace', email: 'ada@example.com', locale: 'de_DE', demographics: [{ demographic_category_name: 'Gender', demographic_name: 'Female' }] },
      flags: [],
      question: null,
    });
  });

  it('asks where several locales fit, and takes the answer given', () => {
    expect(localeOfLanguage('en')).toEqual({ locale: 'en', question: { written: 'en', options: ['en_US', 'en_AU', 'en_GB'] } });
    expect(localeOfLanguage('en', { en: 'en_GB' })).toEqual({ locale: 'en_GB', question: null });
    expect(localeOfLanguage('')).toEqual({ locale: '', question: null });
  });

  it('flags no e-mail, a contact exclusion that includes today, and a subject the service has not got yet', () => {
    const flags = (s: Partial<SubjectForList>, today = '2026-01-10') => participantOfSubject({ ...ada, ...s }, catalog, today).flags;
    expect(flags({ email: '  ' })).toEqual(['no_email']);
    expect(flags({ contactExclusionUntil: '2026-01-10' })).toEqual(['excluded']);
    expect(flags({ contactExclusionUntil: '2026-01-09' })).toEqual([]);
    expect(flags({ remoteId: null })).toEqual(['not_on_service']);
  });
});
