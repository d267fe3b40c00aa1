/**
 * The subject screens' plain helpers: the body a save sends (a change sends only what differs,
 * so it never overwrites a field the person left alone) and the search body the filter panel
 * makes (only what is set).
 */
import { describe, expect, it } from 'vitest';
import type { SubjectDetail } from '../../../src/core/contract/app-api';
import { emptyForm, formOf, inputOf, parseIds } from '../../../src/renderer/features/subjects/form';
import { emptyFilters, filtersOf } from '../../../src/renderer/features/subjects/search-store';

const fields = {
  code: 'N05', preferred_language: 'es', first_name: 'Elena', last_name: 'Garcia', middle_initial: null, email: 'elena@example.com', phone: '555-0105', mobile_phone: null, work_phone: null,
  notes: null, cid: '100005', date_of_birth: '1992-11-15', contact_exclusion_until_date: null, onboarding_completed_at: null, minor_entry_completed_at: null, archived_at: null,
  consented_at: '2026-01-01T09:00:00.000Z', opted_out_at: null, head_of_household: true, has_account: false, demographic_ids: [1, 5], location_ids: [2],
};
const elena: SubjectDetail = {
  localId: 5, remoteId: 5, state: 'synced', fields, conflict: null, refused: null, refusedWords: null, dataAsOf: null, demographicNames: [],
  household: { localId: 3, remoteId: 3, address: 'Calle Mayor 5', city: 'Madrid', zip: '28013', state: null, country: 'ES', members: [] },
};
const now = new Date('2026-05-01T10:00:00.000Z');

describe('the body a save sends', () => {
  it('sends nothing when nothing was changed', () => {
    expect(inputOf(formOf(elena), elena, false, now)).toEqual({ input: {}, problems: [] });
  });

  it('sends only the changed fields, blanks as null, household fields apart, a consent box as its time', () => {
    const form = formOf(elena);
    form.text.phone = ' +34 600 111 222 ';
    form.text.email = '';
    form.text['household.city'] = 'Valencia';
    form.text.location_ids = '2, 7 7';
    form.checked.consented_at = false;
    form.checked.archived_at = true;
    expect(inputOf(form, elena, false, now)).toEqual({
      input: { phone: '+34 600 111 222', email: null, location_ids: [2, 7], consented_at: null, archived_at: now.toISOString(), household: { city: 'Valencia' } },
      problems: [],
    });
    // Moving to another household: its address is that household's, not sent from here.
    expect(inputOf(form, elena, true, now).input).not.toHaveProperty('household');
  });

  it('sends what was filled in for a new subject, and names ids that are not numbers', () => {
    const form = emptyForm();
    form.text.first_name = 'Ivy';
    form.text.last_name = 'Smith';
    form.text['household.city'] = 'Leipzig';
    form.checked.head_of_household = true;
    expect(inputOf(form, null, false, now)).toEqual({ input: { first_name: 'Ivy', last_name: 'Smith', head_of_household: true, household: { city: 'Leipzig' } }, problems: [] });
    form.text.demographic_ids = '3, four';
    expect(inputOf(form, null, false, now).problems).toEqual([{ field: 'demographic_ids', kind: 'ids', limit: null, message: '' }]);
    expect(parseIds('')).toEqual([]);
    expect(parseIds('0')).toBeNull();
  });
});

describe('the search body of the filter panel', () => {
  it('holds only what is set, and campaign filters only with a campaign', () => {
    expect(filtersOf('', emptyFilters(), { by: 'last_name', dir: 'asc' })).toEqual({ order_by: 'last_name', order_dir: 'asc' });
    const form = { ...emptyFilters(), slice: 'scheduled' as const, consented: 'yes' as const, canCall: 'no' as const, languages: 'en, de', minAge: '18', maxAge: 'x', includeArchived: true };
    expect(filtersOf('  anna ', form, { by: 'rank', dir: 'desc' })).toEqual({
      search_term: 'anna', order_by: 'last_name', order_dir: 'desc', consented: true, can_call: false, languages: ['en', 'de'], min_age: 18, include_archived: true,
    });
    expect(filtersOf('', { ...form, campaignId: 1, outcomes: ['declined'] }, { by: 'rank', dir: 'asc' })).toMatchObject({ recruiting_campaign_id: 1, slice: 'scheduled', selected_outcomes: ['declined'], order_by: 'rank' });
  });
});
