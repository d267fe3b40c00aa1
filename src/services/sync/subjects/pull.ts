/**
 * Pulls every subject of the account's company into the mirror.
 *
 * Scope: one search without a campaign (the service then covers all the company's subjects),
 * archived ones included, ordered by id, in pages of the service's largest size. The search
 * item carries the whole record, so no per-subject read is needed. Campaign standings are
 * not mirrored by this pull.
 *
 * Each page is written in one transaction (mirror/queries/subjects/subjects-pull.ts): a record new to
 * the mirror or synced there becomes exactly the service's version; a record with local
 * changes keeps them and the service's version becomes its new base through the three-way
 * merge (subjects-rebase.ts): fields only the service changed are taken, a field both sides
 * changed differently makes the subject `conflict` (nothing overwritten either way).
 *
 * Pages are offsets, so a subject deleted or added on the service during the pull shifts the
 * pages and may make the pull skip one: when the service's total moved between pages, the
 * pages are read again (up to three passes; a subject still missed then arrives with the next
 * pull). Deletions: when every page was read, mirrored subjects the pull did not see are
 * asked about again by id (`selected_subjects`), so a shifted page never deletes anything. Those the service still has are written; the others are gone: a synced one is
 * removed from the mirror, one with local changes is marked "deleted on the service"
 * (a conflict the person resolves), and one deleted here too is left to its destroy op.
 */
import type { SubjectSearchItem } from '../../../core/contract/subjects';
import { MAX_PER_PAGE } from '../../../core/contract/subjects';
import type { MirrorDb } from '../../mirror/open';
import { dropEmptyHouseholds } from '../../mirror/queries/subjects/households';
import { forgetSubject, subjectByLocalId } from '../../mirror/queries/subjects/subjects';
import { upsertPulledSubjects } from '../../mirror/queries/subjects/subjects-pull';
import { rebaseSubject, type RebaseResult } from '../../mirror/queries/subjects/subjects-rebase';
import { knownSubjects, markSubjectGone, subjectsUnseenSince } from '../../mirror/queries/subjects/subjects-sync';
import type { RemoteClient } from '../../remote/client';
import { nextSearchPage, searchSubjects } from '../../remote/subjects';
import { settleRefusedChanges } from './conflicts';
import { ensureUpdateOp } from './local';
import { ownValues } from './own-values';

export interface SubjectPullCounts {
  /** Distinct records read from the service. */
  pulled: number;
  /** Of those, new to the mirror. */
  new: number;
  /** Of those, at a newer version than the mirror had. */
  changed: number;
  /** Subjects that became (or stayed) a conflict by this pull. */
  conflicts: number;
  /** Synced subjects removed because the service no longer has them. */
  deleted: number;
  /** Subjects with local changes the service deleted (now a conflict to resolve). */
  gone: number;
}

export interface PullOptions {
  /** Page size; default the service's maximum. */
  per?: number;
  signal?: AbortSignal;
  now?: () => number;
  /** Called after each page is written, e.g. for a progress line. */
  onPage?: (counts: Readonly<SubjectPullCounts>, total: number | null) => void;
}

export const emptyPullCounts = (): SubjectPullCounts => ({ pulled: 0, new: 0, changed: 0, conflicts: 0, deleted: 0, gone: 0 });

/** `mergePulled`, told which of the pulled values our own unanswered updates sent (own-values.ts). */
function mergeOwnPulled(db: MirrorDb, localId: number, at: number): RebaseResult | null {
  const subject = subjectByLocalId(db, localId);
  if (!subject?.pulled) return null;
  return rebaseSubject(db, localId, subject.pulled, { at, sent: ownValues(db, subject, null, subject.pulled) });
}

/**
 * Writes one page (one transaction), then merges the parked versions of subjects with local
 * changes (one transaction each). Not one outer transaction: a savepoint around the bulk
 * upsert makes SQLite journal every page it touches, which costs more than the upsert
 * itself; and a version parked but not yet merged is parked again by the next pull.
 */
export function writeSubjectPage(db: MirrorDb, records: readonly SubjectSearchItem[], at: number, counts: SubjectPullCounts): void {
  const known = knownSubjects(db, records.map((r) => r.id));
  const parked: number[] = [];
  for (const record of records) {
    const mirrored = known.get(record.id);
    if (!mirrored) counts.new++;
    else {
      if (mirrored.lockVersion !== record.lock_version) counts.changed++;
      if (mirrored.state !== 'synced') parked.push(mirrored.localId);
    }
  }
  upsertPulledSubjects(db, records, at);
  for (const localId of parked) {
    db.transaction(() => {
      const merged = mergeOwnPulled(db, localId, at);
      if ((merged?.conflicts.length ?? 0) > 0) counts.conflicts++;
      else if (merged) {
        // A conflict the service settled (it now holds the value chosen here too) may leave
        // other changes to push, while the op that carried them was refused: the refused one
        // is over, and they get an op of their own.
        settleRefusedChanges(db, localId, at);
        if (merged.state === 'updated') ensureUpdateOp(db, localId, at);
      }
    })();
  }
}

/** Asks again about mirrored subjects a complete pull did not see; handles the gone ones. */
async function sweepUnseen(db: MirrorDb, remote: RemoteClient, since: number, seen: Set<number>, counts: SubjectPullCounts, options: PullOptions, now: () => number): Promise<void> {
  const unseen = subjectsUnseenSince(db, since);
  for (let start = 0; start < unseen.length; start += MAX_PER_PAGE) {
    const batch = unseen.slice(start, start + MAX_PER_PAGE);
    const page = await searchSubjects(remote, { selected_subjects: batch.map((s) => s.remoteId), include_archived: true, per: MAX_PER_PAGE }, { signal: options.signal });
    writeSubjectPage(db, page.subjects, now(), counts);
    for (const record of page.subjects) seen.add(record.id);
    const still = new Set(page.subjects.map((s) => s.id));
    db.transaction(() => {
      for (const subject of batch) {
        if (still.has(subject.remoteId)) continue;
        if (subject.state === 'synced') {
          forgetSubject(db, subject.localId);
          counts.deleted++;
        } else if (subject.state === 'updated' || subject.state === 'conflict') {
          markSubjectGone(db, subject.localId);
          counts.gone++;
        }
      }
    })();
  }
}

/** Passes over the pages before a service that keeps changing is left for the next pull. */
const MAX_PASSES = 3;

/**
 * One pass over every page; answers whether the service's total held still meanwhile. Offset
 * pages shift when subjects are deleted or added during the pass, which may skip one: a
 * moving total makes the caller read again (mirrored subjects skipped are also caught by
 * the sweep, which asks about them by id).
 */
async function readPages(db: MirrorDb, remote: RemoteClient, per: number, seen: Set<number>, counts: SubjectPullCounts, options: PullOptions, now: () => number): Promise<boolean> {
  const fetchPage = (page: number) => {
    const answer = searchSubjects(remote, { page, per, order_by: 'id', order_dir: 'asc', include_archived: true }, { signal: options.signal });
    answer.catch(() => {}); // awaited below; a failure while a page is written is not unhandled
    return answer;
  };
  let steady = true;
  let firstTotal: number | null | undefined;
  for (let pending = fetchPage(1); ; ) {
    const answer = await pending;
    const next = nextSearchPage(answer);
    // The next page is on its way while this one is written: the wait overlaps the write.
    if (next !== null) pending = fetchPage(next);
    writeSubjectPage(db, answer.subjects, now(), counts);
    for (const record of answer.subjects) seen.add(record.id);
    // So far in this pass, for progress; the pass's end sets it for good.
    counts.pulled = seen.size;
    if (firstTotal === undefined) firstTotal = answer.total;
    else if (answer.total !== firstTotal) steady = false;
    options.onPage?.(counts, answer.total);
    if (next === null) return steady;
  }
}

export async function pullSubjects(db: MirrorDb, remote: RemoteClient, options: PullOptions = {}): Promise<SubjectPullCounts> {
  const now = options.now ?? Date.now;
  const per = options.per ?? MAX_PER_PAGE;
  const counts = emptyPullCounts();
  let seen = new Set<number>();
  let passStarted = now();
  for (let pass = 1; pass <= MAX_PASSES; pass++) {
    // What the last pass did not see is asked about by id: it may be gone.
    seen = new Set<number>();
    passStarted = now();
    if (await readPages(db, remote, per, seen, counts, options, now)) break;
  }
  await sweepUnseen(db, remote, passStarted, seen, counts, options, now);
  counts.pulled = seen.size;
  dropEmptyHouseholds(db);
  return counts;
}
