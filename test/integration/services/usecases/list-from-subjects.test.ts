/**
 * Subjects found offline become an event's list, over a real mirror pulled from the real
 * reference service: each subject as a participant, repeats said, flagged subjects held
 * back until asked for, and the list pushed twice matching the same people (no duplicates).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DraftSession, pullMirror, pushDraft, type Connection } from '../../../../src/services/usecases';
import { previewSubjectsForList, subjectsIntoDraft, subjectsToNewList } from '../../../../src/services/usecases/list-from-subjects';
import { draftFromRows } from '../../../../src/services/usecases/draft-from-rows';
import { rememberCategory } from '../../../../src/services/mirror/queries/imports/catalog';
import { openAccountMirror } from '../../../../src/services/usecases/account-mirror';
import { freshEvent, participantsOf } from '../../../support/events';
import { startTestService, type TestService } from '../../../support/service';

let service: TestService;
const dir = mkdtempSync(join(tmpdir(), 'muster-list-subjects-'));
const place: Connection = { dataDir: join(dir, 'data'), serverUrl: '', account: 'default', token: () => service.token };
const slice = { filters: { recruiting_campaign_id: 1 } };

/** The service's subjects of campaign 1, by id, as the service has them. */
function serviceSubjects(): Map<number, { first_name: string; last_name: string; email: string | null; contact_exclusion_until_date: string | null }> {
  const rows = service.context.db.prepare('SELECT id, first_name, last_name, email, contact_exclusion_until_date FROM subjects WHERE company_id = 1').all() as {
    id: number; first_name: string; last_name: string; email: string | null; contact_exclusion_until_date: string | null;
  }[];
  return new Map(rows.map((r) => [r.id, r]));
}

/** An event's catalog as the mirror learns it from a parse of one of its imports, with the service's own ids. */
function learnCatalogOf(externalEventId: number): void {
  const rows = service.context.db
    .prepare(
      `SELECT c.id AS cid, c.name AS category, c.exclusive, d.id, d.name FROM demographic_categories c JOIN events e ON e.id = c.event_id
        JOIN demographics d ON d.category_id = c.id WHERE e.company_id = 1 AND e.external_event_id = ? ORDER BY d.id`,
    )
    .all(externalEventId) as { cid: number; category: string; exclusive: number; id: number; name: string }[];
  const db = openAccountMirror(place);
  try {
    for (const cid of new Set(rows.map((r) => r.cid))) {
      const of = rows.filter((r) => r.cid === cid);
      rememberCategory(db, externalEventId, { id: cid, name: of[0].category, exclusive: of[0].exclusive === 1, demographics: of.map((r) => ({ id: r.id, name: r.name })) });
    }
  } finally {
    db.close();
  }
}

/** Each subject's demographics on the service, by subject id, as "Category: name". */
function subjectDemographics(): Map<number, string[]> {
  const rows = service.context.db
    .prepare('SELECT sd.subject_id AS id, c.name AS category, d.name FROM subject_demographics sd JOIN demographics d ON d.id = sd.demographic_id JOIN demographic_categories c ON c.id = d.category_id')
    .all() as { id: number; category: string; name: string }[];
  const out = new Map<number, string[]>();
  for (const r of rows) out.set(r.id, [...(out.get(r.id) ?? []), `${r.category}: ${r.name}`]);
  return out;
}

beforeAll(async () => {
  service = await startTestService();
  place.serverUrl = service.url;
  await pullMirror(place, { follow: [1] });
});
afterAll(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

const subject_id = (row: { cells: { external_id: string } }) => Number(row.cells.external_id);

describe('a list from the subjects found offline', () => {
  it('makes each subject a participant by its service id, name, e-mail, locale and the event’s demographics', () => {
    const event = freshEvent(service);
    // The subjects' demographics are named by the demo event's catalog; the new event has
    // its own categories of the same names, with other ids.
    learnCatalogOf(4711);
    learnCatalogOf(event.external_event_id);
    const plan = previewSubjectsForList(place, { externalEventId: event.external_event_id, selection: slice });
    expect(plan.found).toBeGreaterThan(0);
    expect(plan.adding + plan.flagged.length + plan.repeats.length + plan.unsent.length).toBe(plan.found);
    // Two of the demo's languages fit several locales ("en": en_US, en_AU, en_GB): asked.
    expect(plan.questions.find((q) => q.written === 'en')?.options).toEqual(expect.arrayContaining(['en_US', 'en_GB']));

    const made = subjectsToNewList(place, { externalEventId: event.external_event_id, selection: slice, name: 'Campaign 1', locales: { en: 'en_GB' } });
    const session = DraftSession.open(place, made.draftId);
    try {
      const rows = session.page().rows;
      const subjects = serviceSubjects();
      const demographics = subjectDemographics();
      expect(rows).toHaveLength(made.plan.adding);
      expect(rows.some((r) => r.cells.demographics !== '')).toBe(true);
      for (const row of rows) {
        const subject = subjects.get(Number(row.cells.external_id))!;
        expect(row.cells.name).toBe(`${subject.first_name} ${subject.last_name}`);
        expect(row.cells.email).toBe(subject.email);
        expect(row.cells.demographics.split('; ').filter(Boolean).sort()).toEqual((demographics.get(subject_id(row)) ?? []).sort());
      }
      expect(rows.some((r) => r.cells.locale === 'en_GB')).toBe(true);
      expect(rows.every((r) => r.cells.locale !== 'en')).toBe(true);
    } finally {
      session.close();
    }
  });

  it('holds back subjects without e-mail or excluded from contact until asked, and says who is already in the list', () => {
    const event = freshEvent(service);
    const everyone = { filters: {} };
    const plan = previewSubjectsForList(place, { externalEventId: event.external_event_id, selection: everyone });
    const subjects = serviceSubjects();
    const today = new Date().toISOString().slice(0, 10);
    const noEmail = [...subjects.values()].filter((s) => s.email === null).length;
    const excluded = [...subjects.values()].filter((s) => s.contact_exclusion_until_date !== null && s.contact_exclusion_until_date >= today).length;
    expect(plan.flagged.filter((f) => f.flags.includes('no_email'))).toHaveLength(noEmail);
    expect(plan.flagged.filter((f) => f.flags.includes('excluded'))).toHaveLength(excluded);
    expect(plan.flagged.find((f) => f.flags.includes('excluded'))?.excludedUntil).not.toBeNull();

    const draft = draftFromRows(place, { externalEventId: event.external_event_id, name: 'Mixed', rows: [{ external_id: 'walk-in', name: 'Walk In', email: 'walk@example.com' }] });
    const session = DraftSession.open(place, draft.id);
    try {
      const first = subjectsIntoDraft(place, session, { externalEventId: event.external_event_id, selection: slice, includeFlagged: true });
      expect(first.change.draft.rows).toBe(1 + first.plan.adding);
      // The same people again: every one of them is said to be in the list already, none added.
      expect(() => subjectsIntoDraft(place, session, { externalEventId: event.external_event_id, selection: slice, includeFlagged: true })).toThrow(/already in the list/);
      const again = previewSubjectsForList(place, { externalEventId: event.external_event_id, selection: slice, draftId: draft.id, includeFlagged: true });
      expect(again.repeats).toHaveLength(first.plan.adding);
      expect(session.undo().draft.rows).toBe(1);
    } finally {
      session.close();
    }
  });

  it('is sent, and sent again, as the same participants on the service', async () => {
    const event = freshEvent(service);
    const send = async () => {
      const made = subjectsToNewList(place, { externalEventId: event.external_event_id, selection: slice, name: 'Campaign 1', locales: { en: 'en_US' } });
      const outcome = await pushDraft(place, made.draftId, {});
      expect(outcome.status.state).toBe('pushed');
      return made.plan.adding;
    };
    const adding = await send();
    const first = participantsOf(service, event);
    expect(first).toHaveLength(adding);
    await send();
    const second = participantsOf(service, event);
    expect(second.map((p) => [p.id, p.external_id]).sort()).toEqual(first.map((p) => [p.id, p.external_id]).sort());
  });
});
