/**
 * A draft made from rows instead of a file: a list typed on site, the subjects found
 * offline, an import's parse. It is a draft like any other (page, edits, undo across
 * restarts, export, push review, push): only its source differs, a name with no file
 * behind it (size 0 and an empty hash, which no file's content hash ever equals, so the
 * "same file again" question never finds it).
 */
import { withCell, type GridField } from '../../core/drafts/cells';
import type { ParticipantInput } from '../../core/contract/imports';
import type { MirrorDb } from '../mirror/open';
import { createDraft, DraftError, listDrafts, type Draft } from '../mirror/queries/drafts/drafts';
import { countDraftRows, type DraftRowInput } from '../mirror/queries/drafts/draft-rows';
import { withAccountMirror, type MirrorPlace } from './account-mirror';
import { UseCaseError, refusal } from './errors';

/** A row as the grid's cells: any field left out is blank. */
export type GridRow = Partial<Record<GridField, string>>;

export interface DraftFromRows {
  externalEventId: number;
  /** What the person calls the list; the event screen and the push review show it. */
  name: string;
  /** Rows as the grid's cells, typed or pasted. */
  rows?: readonly GridRow[];
  /** Rows already as payloads (subjects, a parse), whose demographics need no text round trip. */
  participants?: readonly ParticipantInput[];
  /** The row each of `participants` was in where it came from (an import's rows), to be named by it; none: added rows. */
  sourceRows?: readonly (number | null)[];
}

/** The marks of a draft with no file behind it. */
export const NO_FILE = { size: 0, hash: '' } as const;

export const hasNoFile = (draft: Draft): boolean => draft.source.hash === NO_FILE.hash && draft.source.size === NO_FILE.size;

const BLANK: ParticipantInput = { name: '', email: '' };

/** A row's cells as the participant payload the parser reads, as a typed cell would be. */
export function participantOfCells(row: GridRow): ParticipantInput {
  let participant = BLANK;
  for (const [field, value] of Object.entries(row) as [GridField, string | undefined][]) {
    if (value !== undefined && value !== '') participant = withCell(participant, field, value);
  }
  return participant;
}

export function draftRowsOf(input: Pick<DraftFromRows, 'rows' | 'participants' | 'sourceRows'>): DraftRowInput[] {
  const typed = (input.rows ?? []).map((row) => ({ source_row: null, participant: participantOfCells(row) }));
  return [...typed, ...(input.participants ?? []).map((participant, k) => ({ source_row: input.sourceRows?.[k] ?? null, participant }))];
}

/** Makes the draft in the caller's transaction (or its own). */
export function createDraftFromRows(db: MirrorDb, input: DraftFromRows, at: number = Date.now()): Draft {
  const name = input.name.trim();
  if (name.length === 0 || name.length > 200) throw refusal('list_name');
  try {
    return createDraft(db, { externalEventId: input.externalEventId, source: { name, ...NO_FILE } }, draftRowsOf(input), at);
  } catch (error) {
    if (error instanceof DraftError) throw new UseCaseError(error.message, 'input');
    throw error;
  }
}

export function draftFromRows(place: MirrorPlace, input: DraftFromRows): Draft {
  return withAccountMirror(place, (db) => createDraftFromRows(db, input));
}

/** The event's drafts that can still take rows, newest first, to add people to an open list. */
export function openListsOf(place: MirrorPlace, externalEventId: number): { id: number; name: string; rows: number }[] {
  return withAccountMirror(place, (db) =>
    listDrafts(db, externalEventId)
      .filter((d) => d.state === 'editing' || d.state === 'failed')
      .map((d) => ({ id: d.id, name: d.name, rows: countDraftRows(db, d.id) })),
  );
}
