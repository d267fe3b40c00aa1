import { describe, expect, it } from 'vitest';
import type { ParsedDemographic, ParsedParticipant } from '../../../../src/core/contract/imports';
import { buildCatalog, nameKey } from '../../../../src/core/participants/catalog';
import { catalogFor, demographicNames, knownCatalog, learnCatalog, rememberCategory } from '../../../../src/services/mirror/queries/imports/catalog';
import { eventByEventId, eventByExternalId, learnEventId, listEvents, rememberEvent } from '../../../../src/services/mirror/queries/imports/events';
import { mirrorDir } from './mirror-fixture';

const dirs = mirrorDir();

describe('events', () => {
  it('remembers an event by external id and learns its internal id later', () => {
    const db = dirs.fresh();
    expect(rememberEvent(db, 1234, 'Tasting, Berlin', 10)).toEqual({ externalEventId: 1234, eventId: null, name: 'Tasting, Berlin', createdAt: 10, learnedAt: null });
    expect(rememberEvent(db, 1234, undefined, 20).name).toBe('Tasting, Berlin');
    expect(learnEventId(db, 1234, 7, 30)).toEqual({ externalEventId: 1234, eventId: 7, name: 'Tasting, Berlin', createdAt: 10, learnedAt: 30 });
    expect(eventByEventId(db, 7)?.externalEventId).toBe(1234);
    expect(eventByExternalId(db, 999)).toBeNull();
  });

  it('learns an internal id for an event it did not know yet', () => {
    const db = dirs.fresh();
    learnEventId(db, 55, 9, 5);
    expect(listEvents(db)).toEqual([{ externalEventId: 55, eventId: 9, name: null, createdAt: 5, learnedAt: 5 }]);
  });

  it.each([0, -3, 1.5, Number.NaN])('refuses %s as an external id with a sentence', (bad) => {
    const db = dirs.fresh();
    expect(() => rememberEvent(db, bad)).toThrow(/must be a positive whole number/);
  });
});

const entry = (category: string, name: string, ids: [number | null, number | null], exclusive = false): ParsedDemographic => ({
  demographic_category_name: category,
  demographic_name: name,
  demographic_category_id: ids[0],
  demographic_id: ids[1],
  exclusive,
});

const parsed = (demographics: ParsedDemographic[]): ParsedParticipant =>
  ({ name: 'A', email: 'a@example.com', note: '', locale: 'en_US', external_id: '', row_number: 1, demographic_ids: [], invalid_fields: [], participant_id: null, match_field: null, duplicate_of_row: null, identity_conflict: null, demographics }) as ParsedParticipant;

describe('catalog', () => {
  it('learns categories and demographics with ids from parser results, as core CatalogCategory[]', () => {
    const db = dirs.fresh();
    const count = learnCatalog(db, 100, [
      parsed([entry('Gender', 'Female', [1, 11], true), entry('Age Group', '18-24', [2, 21])]),
      parsed([entry('Gender', 'Male', [1, 12], true), entry('Age Group', '25-34', [2, 22], true), entry('Hobby', 'Chess', [null, null])]),
      parsed([entry('Diet', 'Vegan', [3, null])]),
    ]);
    expect(count).toBe(3);
    const catalog = catalogFor(db, 100);
    expect(catalog).toEqual([
      { id: 1, name: 'Gender', exclusive: true, demographics: [{ id: 11, name: 'Female' }, { id: 12, name: 'Male' }] },
      // One entry asked for exclusive, another did not: the catalog itself does not say so.
      { id: 2, name: 'Age Group', exclusive: false, demographics: [{ id: 21, name: '18-24' }, { id: 22, name: '25-34' }] },
      { id: 3, name: 'Diet', exclusive: false, demographics: [] },
    ]);
    expect(buildCatalog(catalog).get(nameKey('  age   group '))?.demographics.get('25-34')?.id).toBe(22);
    expect(catalogFor(db, 999)).toEqual([]);
  });

  it('follows a rename on the service and keeps what it learned before', () => {
    const db = dirs.fresh();
    learnCatalog(db, 100, [parsed([entry('Gender', 'Female', [1, 11], true)])], 1);
    learnCatalog(db, 100, [parsed([entry('Sex', 'Woman', [1, 11], true), entry('Sex', 'Man', [1, 12], true)])], 2);
    expect(catalogFor(db, 100)).toEqual([{ id: 1, name: 'Sex', exclusive: true, demographics: [{ id: 11, name: 'Woman' }, { id: 12, name: 'Man' }] }]);
  });

  it('keeps each event’s catalog apart and records a category directly', () => {
    const db = dirs.fresh();
    rememberCategory(db, 100, { id: 1, name: 'Gender', exclusive: true, demographics: [{ id: 11, name: 'Female' }] });
    rememberCategory(db, 200, { id: 5, name: 'Region', exclusive: false, demographics: [] });
    expect(catalogFor(db, 100).map((c) => c.id)).toEqual([1]);
    expect(catalogFor(db, 200).map((c) => c.id)).toEqual([5]);
    expect(eventByExternalId(db, 200)).not.toBeNull();
  });

  it('names demographic ids it has learned, in the order asked, leaving out the ones it has not', () => {
    const db = dirs.fresh();
    rememberCategory(db, 100, { id: 1, name: 'Gender', exclusive: true, demographics: [{ id: 11, name: 'Female' }] });
    rememberCategory(db, 200, { id: 2, name: 'Age Group', exclusive: true, demographics: [{ id: 21, name: '25-34' }] });
    expect(demographicNames(db, [21, 99, 11])).toEqual([
      { id: 21, category: 'Age Group', name: '25-34' },
      { id: 11, category: 'Gender', name: 'Female' },
    ]);
    expect(demographicNames(db, [])).toEqual([]);
  });

  it('lists every category it has learned, from any event, by name, to pick from', () => {
    const db = dirs.fresh();
    expect(knownCatalog(db)).toEqual([]);
    learnCatalog(db, 100, [parsed([entry('Gender', 'Male', [1, 12], true), entry('Gender', 'Female', [1, 11], true)])], 1);
    rememberCategory(db, 200, { id: 2, name: 'age group', exclusive: true, demographics: [{ id: 21, name: '25-34' }] });
    expect(knownCatalog(db)).toEqual([
      { id: 2, name: 'age group', exclusive: true, demographics: [{ id: 21, name: '25-34' }] },
      { id: 1, name: 'Gender', exclusive: true, demographics: [{ id: 11, name: 'Female' }, { id: 12, name: 'Male' }] },
    ]);
  });
});
