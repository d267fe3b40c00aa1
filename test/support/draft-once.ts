/**
 * A draft used the way a face that keeps nothing open would: each call opens a DraftSession
 * on the mirror and closes it again, so a test sees what survives between sessions (and a
 * restart) — the rows, their check and the edit log read back from the mirror file.
 */
import type { CellEdit, WorkspaceChange, WorkspacePage } from '../../src/core/contract/app-api';
import type { SheetForEvent } from '../../src/services/usecases/check-sheet';
import { DraftSession, type MirrorPlace, type PageOptions } from '../../src/services/usecases';

export interface OpenSheetInput extends SheetForEvent {
  onProgress?: (fraction: number) => void;
}

/** Reads a spreadsheet as `muster check` does and keeps it as a draft to edit; answers its id. */
export async function createDraftFromSheet(place: MirrorPlace, input: OpenSheetInput): Promise<number> {
  const session = await DraftSession.create(place, input);
  session.close();
  return session.draftId;
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
  const session = await DraftSession.create(place, input);
  try {
    return session.page();
  } finally {
    session.close();
  }
}

export const draftPage = (place: MirrorPlace, draftId: number, options: PageOptions = {}): WorkspacePage => once(place, draftId, (s) => s.page(options));
export const editDraftCells = (place: MirrorPlace, draftId: number, edits: readonly CellEdit[], kind = 'cell'): WorkspaceChange => once(place, draftId, (s) => s.edit(edits, kind));
export const undoDraft = (place: MirrorPlace, draftId: number): WorkspaceChange => once(place, draftId, (s) => s.undo());
export const redoDraft = (place: MirrorPlace, draftId: number): WorkspaceChange => once(place, draftId, (s) => s.redo());

