/**
 * The import workspace's use cases: a spreadsheet opened as a draft in the mirror, its rows
 * with their problems (the shared parser's, in the words `muster check` uses), edits that
 * are saved and re-checked at once, and undo and redo from the draft's edit log, which lives
 * in the mirror and so survives a restart. A face that keeps a draft open holds a
 * DraftSession (draft-session.ts); these one-shot forms open and close one per call.
 */
import type { DraftCatalog } from '../../core/contract/app-api';
import { catalogFor } from '../mirror/queries/catalog';
import { draftById } from '../mirror/queries/drafts';
import type { SheetForEvent } from './check-sheet';
import type { CellEdit, WorkspaceChange, WorkspacePage } from '../../core/contract/app-api';
import { DraftSession, type PageOptions } from './draft-session';
import { UseCaseError } from './errors';
import { openAccountMirror, type MirrorPlace } from './account-mirror';

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

/** The catalog of the draft's event as the mirror knows it now, each category's values in the service's order. */
export function draftCatalog(place: MirrorPlace, draftId: number): DraftCatalog {
  const db = openAccountMirror(place);
  try {
    const draft = draftById(db, draftId);
    if (!draft) throw new UseCaseError(`There is no draft ${draftId} on this computer (it may have been deleted).`, 'input');
    return { categories: catalogFor(db, draft.externalEventId).map((c) => ({ name: c.name, exclusive: c.exclusive, values: c.demographics.map((d) => d.name) })) };
  } finally {
    db.close();
  }
}
