import { describe, expect, it } from 'vitest';
import { FILTER_PARAMS } from '../../../../src/core/contract/filter-params';
import { normaliseFilters } from '../../../../src/core/subjects/filters';

const fields = (raw: object, options = {}) => normaliseFilters(raw, options).errors.map((e) => e.field);

describe('normaliseFilters defaults', () => {
  it('applies nothing but the archive rule and default paging to an empty body', () => {
    const { filters, errors } = normaliseFilters({});
    expect(errors).toEqual([]);
    expect(filters).toMatchObject({ campaignId: null, slice: null, page: 1, per: 25, orderBy: 'id', orderDir: 'asc', includeArchived: false, searchTerms: [] });
    expect(filters.age).toBeNull();
    expect(filters.adultWithMinor).toBeNull();
    expect(filters.participated).toBeNull();
  });

  it('reads a campaign without a slice (or with null) as the rank slice ordered by rank', () => {
    for (const slice of [undefined, null]) {
      expect(normaliseFilters({ recruiting_campaign_id: 3, slice }).filters).toMatchObject({ campaignId: 3, slice: 'rank', orderBy: 'rank' });
    }
    expect(normaliseFilters({ recruiting_campaign_id: 3, slice: 'scheduled' }).filters.orderBy).toBe('id');
  });

  it('treats empty lists as not applied and lower-cases languages', () => {
    const { filters } = normaliseFilters({ selected_subjects: [], demographic_ids: [4, 4, 2], languages: [' DE ', '', 'de'] });
    expect(filters.selectedSubjects).toBeNull();
    expect(filters.demographicIds).toEqual([4, 2]);
    expect(filters.languages).toEqual(['de']);
  });

  it('splits the search term into words', () => {
    expect(normaliseFilters({ search_term: '  anna\t smith ' }).filters.searchTerms).toEqual(['anna', 'smith']);
  });
});

describe('normaliseFilters rules', () => {
  it('names each filter that needs a campaign', () => {
    expect(fields({ slice: 'rank', recruiting_blast_id: 1, interaction_rating_threshold: 2, selected_outcomes: ['declined'], order_by: 'rank' })).toEqual([
      'slice',
      'recruiting_blast_id',
      'interaction_rating_threshold',
      'selected_outcomes',
      'order_by',
    ]);
    expect(fields({ recruiting_campaign_id: 1, slice: 'rank', recruiting_blast_id: 1, interaction_rating_threshold: 2, selected_outcomes: ['declined'], order_by: 'rank' })).toEqual([]);
  });

  it('applies a blast only with slice rank and quotas only with slice qualified', () => {
    expect(fields({ recruiting_campaign_id: 1, slice: 'qualified', recruiting_blast_id: 1 })).toEqual(['recruiting_blast_id']);
    expect(fields({ recruiting_campaign_id: 1, only_quota_qualified: true })).toEqual(['only_quota_qualified']);
    expect(fields({ recruiting_campaign_id: 1, slice: 'qualified', only_quota_qualified: true })).toEqual([]);
    expect(fields({ only_quota_qualified: false })).toEqual([]);
  });

  it('refuses a minimum age above the maximum', () => {
    expect(fields({ min_age: 5, max_age: 4 })).toEqual(['max_age']);
    expect(fields({ adult_with_minor_min_age: 5, adult_with_minor_max_age: 4 })).toEqual(['adult_with_minor_max_age']);
    expect(normaliseFilters({ min_age: 4, max_age: 4, date_part: 'months' }).filters.age).toEqual({ unit: 'months', min: 4, max: 4 });
  });

  it('reads participation windows as dates and creation bounds as instants', () => {
    const { filters, errors } = normaliseFilters({ participated_after: '20250101', created_before: '2025-02-01', created_after: '2025-01-01T10:00:00+01:00' });
    expect(errors).toEqual([]);
    expect(filters.participated).toEqual({ yes: true, after: '2025-01-01', before: null });
    expect([filters.createdAfter, filters.createdBefore]).toEqual(['2025-01-01T09:00:00.000Z', '2025-02-01T00:00:00.000Z']);
    expect(normaliseFilters({ participated: false, participated_before: '2025-01-01' }).filters.participated).toEqual({ yes: false, after: null, before: '2025-01-01' });
    expect(fields({ participated_before: 'May', created_after: '2025-01-01T10:00' })).toEqual(['participated_before', 'created_after']);
  });

  it('asks for adults with any minor when only the minor date part is given', () => {
    expect(normaliseFilters({ adult_with_minor_date_part: 'months' }).filters.adultWithMinor).toEqual({ unit: 'months', min: null, max: null, demographicIds: null });
    expect(normaliseFilters({ adult_with_minor_demographic_ids: [9] }).filters.adultWithMinor).toEqual({ unit: 'years', min: null, max: null, demographicIds: [9] });
  });
});

describe("a blast's stored filter", () => {
  it('drops the keys that belong to the search and reads the rest for the blast campaign', () => {
    const { filters, errors } = normaliseFilters(
      { recruiting_campaign_id: 99, slice: 'scheduled', page: 4, per: 2, order_by: 'email', recruiting_blast_id: 5, languages: ['en'], selected_outcomes: ['declined'] },
      { storedFor: 7 },
    );
    expect(errors).toEqual([]);
    expect(filters).toMatchObject({ campaignId: 7, slice: 'rank', blastId: null, page: 1, per: 25, languages: ['en'], outcomes: ['declined'] });
  });
});

describe('FILTER_PARAMS', () => {
  it('describes each filter once, each default among its allowed values', () => {
    const names = FILTER_PARAMS.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toHaveLength(35);
    for (const param of FILTER_PARAMS) if (param.values && param.default !== undefined) expect(param.values).toContain(param.default);
  });
});
