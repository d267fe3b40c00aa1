/**
 * The import workspace's use cases: a spreadsheet opened as a draft in the mirror, its rows
 * with their problems (the shared parser's, in the words `muster check` uses), edits that
 * are saved and re-checked at once, and undo and redo from the draft's edit log, which lives
 * in the mirror and so survives a restart. A face that keeps a draft open holds a
 * DraftSession (draft-session.ts); these one-shot forms open and close one per call.
 */
import { createDraft } from '../mirror/queries/drafts';
import { readSheetForEvent, type SheetForEvent } from './check-sheet';
import { DraftSession, type CellEdit, type PageOptions, type WorkspaceChange, type WorkspacePage } from './draft-session';
import { openAccountMirror, type MirrorPlace } from './session';

export interface OpenSheetInput extends SheetForEvent {
  onProgress?: (fraction: number) => void;
}

/** Reads a spreadsheet as `muster check` does and keeps it as a draft to edit; answers its id. */
export async function createDraftFromSheet(place: MirrorPlace, input: OpenSheetInput): Promise<number> {
  const db = openAccountMirror(place);
  try {
    const sheet = await readSheetForEvent(db, place.dataDir, input, input.onProgress);
    return createDraft(db, { externalEventId: input.externalEventId, source: sheet.source, sheetName: sheet.check.sheet, headerRow: sheet.check.header_row, mapping: sheet.check.mapping }, sheet.rows).id;
  } finally {
    db.close();
  }
}

function once<T>(place: MirrorPlace, draftId: number, work: (session: DraftSession) => T): T {
  const session = DraftSession.open(place, draftId);
  try {
    return work(session);
  } finally {
    session.close();
  }
}

export async function openSheetAsDraft(place: MirrorPlace, input: OpenSheetInput): Promise<WorkspacePage> {
  const id = await createDraftFromSheet(place, input);
  return once(place, id, (session) => session.page());
}

export const draftPage = (place: MirrorPlace, draftId: number, options: PageOptions = {}): WorkspacePage => once(place, draftId, (s) => s.page(options));
export const editDraftCells = (place: MirrorPlace, draftId: number, edits: readonly CellEdit[], kind = 'cell'): WorkspaceChange => once(place, draftId, (s) => s.edit(edits, kind));
export const undoDraft = (place: MirrorPlace, draftId: number): WorkspaceChange => once(place, draftId, (s) => s.undo());
export const redoDraft = (place: MirrorPlace, draftId: number): WorkspaceChange => once(place, draftId, (s) => s.redo());
