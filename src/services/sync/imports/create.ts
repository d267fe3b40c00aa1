/**
 * `import.create`: POST participant_imports with the draft's rows (act_if_valid false, or
 * true with the six flags on the direct path). Exactly once:
 * - an id recorded by an earlier attempt is re-read, never re-created;
 * - before the first POST the event's existing imports are noted on the op (adopt.ts), and an
 *   attempt that finds such a note knows a POST may have gone out, so it looks for the import
 *   that POST made and adopts it before sending another;
 * - the new id is recorded the moment it is known; the Idempotency-Key goes with every POST.
 */
import type { ImportCreateBody, ParticipantImport } from '../../../core/contract/imports';
import { draftParticipants } from '../../mirror/queries/drafts/draft-rows';
import { draftParticipantsJson } from '../../mirror/queries/drafts/draft-rows-json';
import { recordImport } from '../../mirror/queries/imports/imports';
import type { OutboxOp } from '../../mirror/queries/outbox/outbox';
import { noteInFlight } from '../../mirror/queries/outbox/outbox-release';
import { createImportFromJson, showImport } from '../../remote/imports';
import type { OpOutcome, SyncContext } from '../types';
import { findEarlierImport, importBaseline, type CreateNote } from './adopt';
import type { CreatePayload, CreateResult } from './chain';

function created(op: OutboxOp<CreatePayload>, record: ParticipantImport, adopted: boolean, at: number): OpOutcome {
  const { draftId, externalEventId } = op.payload;
  const result: CreateResult = { importId: record.id, eventId: record.event_id, actionId: record.participant_import_action_id ?? null, adopted };
  return { type: 'done', remoteRef: record.id, result, apply: (db) => void recordImport(db, record, { externalEventId, draftId, at }) };
}

const isNote = (value: unknown): value is CreateNote => typeof value === 'object' && value !== null && 'baseline' in value;

export async function createImportOp(op: OutboxOp<CreatePayload>, ctx: SyncContext): Promise<OpOutcome> {
  const { db, remote, signal } = ctx;
  if (op.remoteRef !== null) return created(op, await showImport(remote, op.remoteRef, { signal }), true, ctx.now());
  let note = isNote(op.result) ? op.result : null;
  if (note) {
    // An earlier attempt got as far as the POST: look for what it made first.
    const earlier = await findEarlierImport(ctx, op, note, draftParticipants(db, op.payload.draftId));
    if (earlier) {
      ctx.recordRemoteRef(op.id, earlier.id);
      return created(op, earlier, true, ctx.now());
    }
  } else {
    note = await importBaseline(ctx, op.payload.externalEventId);
    noteInFlight(db, op.id, note, ctx.now());
  }
  const { externalEventId, direct, flags } = op.payload;
  const head: Omit<ImportCreateBody, 'participants'> = { external_event_id: externalEventId, act_if_valid: direct, ...(direct ? flags : {}) };
  // The rows' stored JSON goes out as it is (see draft-rows-json.ts).
  const record = await createImportFromJson(remote, head, draftParticipantsJson(db, op.payload.draftId).json, { idempotencyKey: op.idempotencyKey, signal });
  ctx.recordRemoteRef(op.id, record.id);
  return created(op, record, false, ctx.now());
}
