/**
 * Looking for what an earlier, unanswered attempt may have created, so a retry adopts it
 * instead of creating it again (docs/sync.md "Adoption").
 *
 * - `importBaseline(ctx, op)`: before the FIRST create POST, the ids of the imports the event
 *   already has (null when the mirror does not know the event's internal id yet). The create
 *   handler keeps it on the op (`noteInFlight`), so a later attempt knows exactly which
 *   imports appeared after its first POST, with no clock comparison between us and the service.
 * - `findEarlierImport(ctx, op, baseline, participants)`: among the event's imports that were
 *   not there before and that no other op or draft holds, with the same act_if_valid and count,
 *   the newest whose parser result has the same external id / e-mail / name sequence as the
 *   payload: content, not just a count. With no baseline (event id unknown at the first POST)
 *   nothing can be told apart; the op's Idempotency-Key is then the only protection.
 * - `findEarlierAction(ctx, op, importId, flags)`: the newest action of the import with the
 *   same six flags that no other op holds (the import is this draft's own).
 */
import { IMPORT_FLAG_NAMES, type ImportFlags, type ParsedParticipant, type ParticipantImport, type ParticipantImportAction, type ParticipantInput } from '../../../core/contract/imports';
import { parseParticipants } from '../../../core/participants/parser';
import { eventByExternalId } from '../../mirror/queries/imports/events';
import { importsOfEvent } from '../../mirror/queries/imports/imports';
import type { OutboxOp } from '../../mirror/queries/outbox/outbox';
import { remoteRefsOfKind } from '../../mirror/queries/outbox/outbox-refs';
import { listImportActions } from '../../remote/import-actions';
import { importParser, listImports } from '../../remote/imports';
import type { SyncContext } from '../types';
import { IMPORT_KINDS, type CreatePayload } from './chain';

type Identity = readonly [string, string, string];

const identityOf = (p: Pick<ParsedParticipant, 'external_id' | 'email' | 'name'>): Identity => [p.external_id, p.email.toLowerCase(), p.name];

/** The rows as the service's parser will read them: trimmed, ids as text. */
export function identitiesOf(participants: readonly ParticipantInput[]): Identity[] {
  return parseParticipants(participants).map(identityOf);
}

export function sameIdentities(service: readonly ParsedParticipant[], expected: readonly Identity[]): boolean {
  if (service.length !== expected.length) return false;
  for (let i = 0; i < expected.length; i++) {
    const [a, b, c] = identityOf(service[i]);
    const [x, y, z] = expected[i];
    if (a !== x || b !== y || c !== z) return false;
  }
  return true;
}

export interface CreateNote {
  eventId: number | null;
  /** The event's import ids before the first POST; null when they could not be listed. */
  baseline: number[] | null;
}

export async function importBaseline(ctx: SyncContext, externalEventId: number): Promise<CreateNote> {
  const eventId = eventByExternalId(ctx.db, externalEventId)?.eventId ?? null;
  if (eventId === null) return { eventId, baseline: null };
  const index = await listImports(ctx.remote, eventId, { signal: ctx.signal });
  return { eventId, baseline: index.participant_imports.map((i) => i.id) };
}

export async function findEarlierImport(
  ctx: SyncContext,
  op: OutboxOp<CreatePayload>,
  note: CreateNote,
  participants: readonly ParticipantInput[],
): Promise<ParticipantImport | null> {
  const { db, remote, signal } = ctx;
  if (note.eventId === null || note.baseline === null) return null;
  const { draftId, direct } = op.payload;
  const taken = remoteRefsOfKind(db, IMPORT_KINDS.create, op.id);
  for (const id of note.baseline) taken.add(id);
  for (const known of importsOfEvent(db, note.eventId)) if (known.draftId !== null && known.draftId !== draftId) taken.add(known.id);
  const index = await listImports(remote, note.eventId, { signal });
  const candidates = index.participant_imports
    .filter((i) => !taken.has(i.id))
    // Extensions a real service may lack: when absent, the content decides alone.
    .filter((i) => i.participant_count == null || i.participant_count === participants.length)
    .filter((i) => i.act_if_valid == null || i.act_if_valid === direct)
    .reverse(); // newest first
  if (candidates.length === 0) return null;
  const expected = identitiesOf(participants);
  for (const candidate of candidates) {
    const parsed = await importParser(remote, candidate.id, { signal });
    if (sameIdentities(parsed.participants, expected)) return candidate;
  }
  return null;
}

export const sameFlags = (action: ParticipantImportAction, flags: ImportFlags): boolean => IMPORT_FLAG_NAMES.every((name) => (action[name] === true) === flags[name]);

export async function findEarlierAction(ctx: SyncContext, op: OutboxOp, importId: number, flags: ImportFlags): Promise<ParticipantImportAction | null> {
  const taken = remoteRefsOfKind(ctx.db, IMPORT_KINDS.act, op.id);
  const index = await listImportActions(ctx.remote, importId, { signal: ctx.signal });
  const found = index.participant_import_actions.filter((a) => !taken.has(a.id) && sameFlags(a, flags));
  return found.length > 0 ? found[found.length - 1] : null;
}
