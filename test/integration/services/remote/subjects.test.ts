import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectedService, disconnect, failureOf } from '../../../support/remote';
import type { TestService } from '../../../support/service';
import type { RemoteClient } from '../../../../src/services/remote/client';
import {
  createSubject,
  destroySubject,
  nextSearchPage,
  searchSubjects,
  showSubject,
  updateSubject,
} from '../../../../src/services/remote/subjects';

let service: TestService;
let client: RemoteClient;
beforeAll(async () => void ({ service, remote: client } = await connectedService()));
afterAll(() => disconnect(service, client));


describe('subjects', () => {
  it('creates, shows, updates and destroys a subject', async () => {
    const created = await createSubject(client, { first_name: 'Iris', last_name: 'Vale', email: 'iris@example.com' }, { idempotencyKey: 'subject-iris' });
    expect(created).toMatchObject({ company_id: 1, first_name: 'Iris', last_name: 'Vale', lock_version: 0 });
    expect(await showSubject(client, created.id)).toEqual(created);

    const updated = await updateSubject(client, created.id, { notes: 'prefers mornings' }, { lockVersion: created.lock_version });
    expect(updated).toMatchObject({ notes: 'prefers mornings', first_name: 'Iris', lock_version: 1 });

    const destroyed = await destroySubject(client, created.id);
    expect(destroyed).toEqual(updated);
    expect((await failureOf(showSubject(client, created.id))).kind).toBe('not_found');
  });

  it('classifies a stale lock_version as a conflict and keeps the service’s explanation', async () => {
    const created = await createSubject(client, { first_name: 'Otto', last_name: 'Stale' });
    await updateSubject(client, created.id, { notes: 'first' }, { lockVersion: 0 });
    const error = await failureOf(updateSubject(client, created.id, { notes: 'second' }, { lockVersion: 0 }));
    expect(error.failure).toMatchObject({ kind: 'conflict', status: 409, error: { code: 'conflict', details: [{ field: 'lock_version' }] } });
    expect(error.message).toContain('lock_version 0');
    expect((await showSubject(client, created.id)).notes).toBe('first');
    // Without a lock_version the change applies.
    expect((await updateSubject(client, created.id, { notes: 'second' })).notes).toBe('second');
  });

  it('refuses an invalid subject as rejected, naming each field', async () => {
    const error = await failureOf(createSubject(client, { first_name: 'Bad', last_name: 'Mail', email: 'a@b' }));
    expect(error.failure.kind).toBe('rejected');
    expect(error.failure.status).toBe(422);
    expect(error.failure.error?.details.map((d) => d.field)).toEqual(['email']);
  });
});

describe('subject search', () => {
  it('pages through every subject once, with the total from the service', async () => {
    const first = await searchSubjects(client, { per: 15 });
    expect(first).toMatchObject({ page: 1, per: 15 });
    expect(first.total).toBeGreaterThan(30);
    expect(first.subjects).toHaveLength(15);

    const ids = first.subjects.map((s) => s.id);
    let page = first;
    for (let next = nextSearchPage(page); next !== null; next = nextSearchPage(page)) {
      page = await searchSubjects(client, { per: 15, page: next });
      expect(page.page).toBe(next);
      ids.push(...page.subjects.map((s) => s.id));
    }
    expect(page.subjects.length).toBeLessThanOrEqual(15);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(first.total as number);
    const all = await searchSubjects(client, { per: 1000 });
    expect(ids.sort()).toEqual(all.subjects.map((s) => s.id).sort());
  });

  it('searches by term and answers the search-oriented form', async () => {
    const found = await searchSubjects(client, { search_term: 'anna smith' });
    expect(found.subjects.map((s) => [s.first_name, s.last_name])).toEqual([['Anna', 'Smith']]);
    expect(found.subjects[0]).toHaveProperty('campaign');
    expect(found.total).toBe(1);
    expect(nextSearchPage(found)).toBeNull();
  });

  it('classifies an unknown filter as rejected', async () => {
    const error = await failureOf(searchSubjects(client, { slice: 'nonsense' as never }));
    expect(error.failure).toMatchObject({ kind: 'rejected', status: 422 });
  });
});

describe('nextSearchPage', () => {
  const page = (n: number, count: number, per: number | null, total: number | null) => ({ subjects: Array.from({ length: count }, () => ({}) as never), page: n, per, total });

  it('follows the total when known, else a short page ends', () => {
    expect(nextSearchPage(page(1, 10, 10, 25))).toBe(2);
    expect(nextSearchPage(page(3, 5, 10, 25))).toBeNull();
    expect(nextSearchPage(page(2, 10, 10, 20))).toBeNull();
    expect(nextSearchPage(page(1, 10, 10, null))).toBe(2);
    expect(nextSearchPage(page(2, 4, 10, null))).toBeNull();
    expect(nextSearchPage(page(1, 0, null, null))).toBeNull();
    expect(nextSearchPage(page(4, 3, null, null))).toBe(5);
  });
});
