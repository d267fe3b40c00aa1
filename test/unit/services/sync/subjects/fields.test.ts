import { describe, expect, it } from 'vitest';
import type { Subject } from '../../../../../src/core/contract/subjects';
import type { MirrorHousehold } from '../../../../../src/services/mirror/queries/subjects/households';
import type { MirrorSubject } from '../../../../../src/services/mirror/queries/subjects/subjects';
import { EMPTY_SUBJECT_FIELDS } from '../../../../../src/services/mirror/queries/subjects/subject-row';
import { createBody, sameIdentity, subjectLabel, updateBody } from '../../../../../src/services/sync/subjects/fields';

const fields = { ...EMPTY_SUBJECT_FIELDS, first_name: 'Ana', last_name: 'Lopez', email: 'ana@example.com', demographic_ids: [3, 4] };
const subject = { localId: 7, fields } as unknown as MirrorSubject;
const household = (remoteId: number | null, changes = {}): MirrorHousehold => {
  const base = { address: '1 Main St', city: 'Berlin', country: null, state: null, zip: '10115' };
  return { localId: 1, remoteId, fields: { ...base, ...changes }, base: remoteId === null ? null : base, pulledAt: null };
};

describe('createBody', () => {
  it('sends every field and a new household with all its fields when the service has none', () => {
    const { body, sent } = createBody(subject, household(null));
    expect(body).toMatchObject({ first_name: 'Ana', email: 'ana@example.com', notes: null, head_of_household: false, demographic_ids: [3, 4] });
    expect(body.household).toEqual({ address: '1 Main St', city: 'Berlin', country: null, state: null, zip: '10115' });
    expect(sent).toMatchObject({ first_name: 'Ana', household_id: null, 'household.city': 'Berlin' });
    expect(Object.keys(body)).not.toContain('lock_version');
  });

  it('joins a household the service has by id, sending only the household fields changed here', () => {
    const { body, sent } = createBody(subject, household(55, { zip: '10117' }));
    expect(body.household).toEqual({ id: 55, zip: '10117' });
    expect(sent).toMatchObject({ household_id: 55, 'household.zip': '10117' });
    expect(sent).not.toHaveProperty('household.city');
  });

  it('copies the id lists, so the body never shares arrays with the mirror record', () => {
    expect(createBody(subject, household(null)).body.demographic_ids).not.toBe(fields.demographic_ids);
  });
});

describe('updateBody', () => {
  it('sends only what changed, with the base lock_version apart from the body', () => {
    const update = updateBody({ fields: { notes: 'x' }, household: { zip: '1' }, movedTo: null, lockVersion: 4 })!;
    expect(update).toEqual({ body: { notes: 'x', household: { zip: '1' } }, sent: { notes: 'x', 'household.zip': '1' }, lockVersion: 4 });
  });

  it('names the household moved to', () => {
    expect(updateBody({ fields: {}, household: {}, movedTo: { localId: 2, remoteId: 9 }, lockVersion: 0 })).toEqual({
      body: { household: { id: 9 } },
      sent: { household_id: 9 },
      lockVersion: 0,
    });
  });

  it('answers null when nothing differs from the base', () => {
    expect(updateBody({ fields: {}, household: {}, movedTo: null, lockVersion: 2 })).toBeNull();
  });
});

describe('sameIdentity and labels', () => {
  const record = { first_name: 'Ana', last_name: 'Lopez', email: 'ana@example.com', date_of_birth: null } as Subject;
  it('matches on names, e-mail and birth date exactly', () => {
    expect(sameIdentity(fields, record)).toBe(true);
    expect(sameIdentity(fields, { ...record, date_of_birth: '1990-01-01' })).toBe(false);
    expect(sameIdentity(fields, { ...record, email: 'ANA@example.com' })).toBe(false);
  });

  it('names a subject by local id and name', () => {
    expect(subjectLabel(subject)).toBe('subject 7 (Ana Lopez)');
    expect(subjectLabel({ localId: 8, fields: EMPTY_SUBJECT_FIELDS })).toBe('subject 8');
  });
});
