/**
 * The person settles a subject conflict, field by field: 'mine' keeps the value changed here,
 * 'theirs' takes the service's. Every conflicting field needs a choice (conflictFields names
 * them). The choice is merged against the parked service version in one transaction with the
 * op that sends what is left (a new `subject.update`; none when everything came from the
 * service). For a subject deleted on the service the field is `deleted`: 'mine' creates it
 * again (a new `subject.create`), 'theirs' lets it go here too. The op the conflict refused
 * (409, or 404 for a deletion) is settled with the resolution: it no longer waits in the
 * outbox as refused once the person has chosen.
 */
import type { MirrorDb } from '../../mirror/open';
import { enqueue, type OutboxOp } from '../../mirror/queries/outbox/outbox';
import { forgetSubject, subjectByLocalId } from '../../mirror/queries/subjects/subjects';
import { SubjectChangeError } from '../../mirror/queries/subjects/subjects-local';
import { resolveConflict } from '../../mirror/queries/subjects/subjects-rebase';
import { isGoneOnService, reviveSubject } from '../../mirror/queries/subjects/subjects-sync';
import { conflictFields, DELETED, settleRefusedChanges } from './conflicts';
import { SUBJECT_ENTITY, SUBJECT_OPS, type SubjectOpPayload } from './fields';

export type ConflictChoice = 'mine' | 'theirs';

export interface Resolution {
  /** The subject's state afterwards; 'forgotten' when it was let go. */
  state: 'synced' | 'updated' | 'created' | 'forgotten';
  op: OutboxOp<SubjectOpPayload> | null;
}

function checkChoices(choices: Record<string, ConflictChoice>): void {
  for (const [field, choice] of Object.entries(choices)) {
    if (choice !== 'mine' && choice !== 'theirs') throw new SubjectChangeError(`Choose 'mine' or 'theirs' for ${field}, not "${String(choice)}".`);
  }
}

export function resolveSubjectConflict(db: MirrorDb, localId: number, choices: Record<string, ConflictChoice>, at: number = Date.now()): Resolution {
  checkChoices(choices);
  return db.transaction((): Resolution => {
    const subject = subjectByLocalId(db, localId);
    if (!subject || subject.state !== 'conflict') throw new SubjectChangeError(`Subject ${localId} has no conflict to resolve.`);
    const op = (kind: string) => enqueue<SubjectOpPayload>(db, { entityType: SUBJECT_ENTITY, entityKey: localId, kind, payload: { localId } }, at);
    settleRefusedChanges(db, localId, at);
    if (isGoneOnService(subject)) {
      const choice = choices[DELETED];
      if (choice === 'theirs') {
        forgetSubject(db, localId);
        return { state: 'forgotten', op: null };
      }
      if (choice !== 'mine') throw new SubjectChangeError(`Subject ${localId} was deleted on the service: choose 'mine' for "${DELETED}" to create it again, or 'theirs' to let it go.`);
      reviveSubject(db, localId, at);
      return { state: 'created', op: op(SUBJECT_OPS.create) };
    }
    const open = conflictFields(db, localId).filter((field) => !choices[field]);
    if (open.length > 0) throw new SubjectChangeError(`Choose 'mine' or 'theirs' for: ${open.join(', ')}.`);
    const mapped = Object.fromEntries(Object.entries(choices).map(([field, choice]) => [field, choice === 'mine' ? ('local' as const) : ('remote' as const)]));
    const result = resolveConflict(db, localId, mapped, at);
    if (result.state === 'updated') return { state: 'updated', op: op(SUBJECT_OPS.update) };
    return { state: 'synced', op: null };
  })();
}
