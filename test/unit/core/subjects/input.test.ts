import { describe, expect, it } from 'vitest';
import { normaliseSubjectInput } from '../../../../src/core/subjects/input';

const TODAY = '2025-06-15';
const fields = (errors: { field?: string }[]) => errors.map((e) => e.field).sort();

describe('normaliseSubjectInput', () => {
  it('requires both names on create but not on update', () => {
    expect(fields(normaliseSubjectInput({}, 'create', TODAY).errors)).toEqual(['first_name', 'last_name']);
    expect(normaliseSubjectInput({}, 'update', TODAY).errors).toEqual([]);
    expect(fields(normaliseSubjectInput({ last_name: '  ' }, 'update', TODAY).errors)).toEqual(['last_name']);
  });

  it('keeps only the fields sent, trimmed, with blanks as null', () => {
    const { changes, errors } = normaliseSubjectInput({ first_name: ' Ada ', notes: '  ', phone: null }, 'update', TODAY);
    expect(errors).toEqual([]);
    expect(changes).toEqual({ columns: { first_name: 'Ada', notes: null, phone: null } });
  });

  it('writes cid as text and flags as booleans', () => {
    const { changes } = normaliseSubjectInput({ first_name: 'a', last_name: 'b', cid: 4567, head_of_household: true, has_account: false }, 'create', TODAY);
    expect(changes.columns).toMatchObject({ cid: '4567', head_of_household: true, has_account: false });
  });

  it('reads dates in both forms and timestamps into UTC', () => {
    const { changes, errors } = normaliseSubjectInput(
      { date_of_birth: '19850412', contact_exclusion_until_date: '2030-01-01', archived_at: '2025-01-02T10:30:00+02:00', consented_at: '' },
      'update',
      TODAY,
    );
    expect(errors).toEqual([]);
    expect(changes.columns).toEqual({ date_of_birth: '1985-04-12', contact_exclusion_until_date: '2030-01-01', archived_at: '2025-01-02T08:30:00.000Z', consented_at: null });
  });

  it('names every malformed value', () => {
    const { errors } = normaliseSubjectInput(
      { email: 'ada@localhost', date_of_birth: '2025-06-16', contact_exclusion_until_date: '31.12.2025', opted_out_at: '2025-01-01T10:00:00', middle_initial: 'abcdefghijk' },
      'update',
      TODAY,
    );
    expect(fields(errors)).toEqual(['contact_exclusion_until_date', 'date_of_birth', 'email', 'middle_initial', 'opted_out_at']);
  });

  it('refuses a birth date before 1900 and leaves a refused one out of the changes', () => {
    const { changes, errors } = normaliseSubjectInput({ date_of_birth: '1899-12-31' }, 'update', TODAY);
    expect(fields(errors)).toEqual(['date_of_birth']);
    expect('date_of_birth' in changes.columns).toBe(false);
    expect(normaliseSubjectInput({ date_of_birth: TODAY }, 'update', TODAY).errors).toEqual([]);
  });

  it('de-duplicates and sorts id lists and reads the household', () => {
    const { changes } = normaliseSubjectInput({ demographic_ids: [5, 3, 5], location_ids: [], household: { id: 2, city: ' Leeds ' } }, 'update', TODAY);
    expect(changes.demographic_ids).toEqual([3, 5]);
    expect(changes.location_ids).toEqual([]);
    expect(changes.household).toEqual({ id: 2, values: { city: 'Leeds' } });
  });
});
