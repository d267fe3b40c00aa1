/**
 * The import workspace's use cases: a spreadsheet opened as a draft in the mirror, its rows
 * with their problems (the shared parser's, in the words `muster check` uses), edits that
 * are saved and re-validated at once, and undo and redo from the draft's edit log, which
 * lives in the mirror and so survives a restart.
 */
import { cellsOf, GRID_FIELDS, withCell, type GridCells, type GridField } from '../../core/drafts/cells';
import { problemsOf } from '../../core/intake/problems';
import { buildCatalog } from '../../core/participants/catalog';
import { parseParticipants } from '../../core/participants/parser';
import { catalogFor } from '../mirror/queries/catalog';
import { draftRows, type DraftRow } from '../mirror/queries/draft-rows';
import { applyEdit, historyState, redo, undo } from '../mirror/queries/draft-edits';
import { createDraft, draftById, DraftError, type Draft } from '../mirror/queries/drafts';
import type { MirrorDb } from '../mirror/open';
import { MappingMemory } from '../intake/mapping-memory';
import { readSheetRows } from '../sync/imports/sheet-draft';
import { sheetProblem } from './check-sheet';
import { UseCaseError } from './errors';
import { openAccountMirror, type MirrorPlace } from './session';

export interface WorkspaceRow {
  position: number;
  /** The row in the sheet (1-based), or null for a row added by hand. */
  sourceRow: number | null;
  cells: GridCells;
  invalid: GridField[];
  problems: string[];
}

export interface WorkspaceSummary {
  id: number;
  name: string;
  externalEventId: number;
  state: Draft['state'];
  rows: number;
  invalidRows: number;
  duplicateRows: number;
  canUndo: boolean;
  canRedo: boolean;
}

export interface WorkspacePage {
  draft: WorkspaceSummary;
  /** Rows matching the page's filter, in grid order. */
  matching: number;
  rows: WorkspaceRow[];
}

export interface CellEdit {
  position: number;
  field: GridField;
  value: string;
}

function withMirror<T>(place: MirrorPlace, work: (db: MirrorDb) => T): T {
  const db = openAccountMirror(place);
  try {
    return work(db);
  } finally {
    db.close();
  }
}

function requireDraft(db: MirrorDb, draftId: number): Draft {
  const draft = draftById(db, draftId);
  if (!draft) throw new UseCaseError(`There is no draft ${draftId} on this computer (it may have been deleted).`, 'input');
  return draft;
}

/** Every row checked by the shared parser against the event's catalog, in grid order. */
function validate(db: MirrorDb, draft: Draft): WorkspaceRow[] {
  const rows: DraftRow[] = draftRows(db, draft.id);
  const categories = catalogFor(db, draft.externalEventId);
  // As `muster check` reads it: against the event's catalog when this computer knows it.
  const parsed = parseParticipants(
    rows.map((r) => r.participant),
    categories.length > 0 ? { catalog: buildCatalog(categories) } : {},
  );
  const label = (rowNumber: number) => rows[rowNumber - 1]?.source_row ?? rowNumber;
  return rows.map((row, i) => ({
    position: row.position,
    sourceRow: row.source_row,
    cells: cellsOf(row.participant),
    invalid: parsed[i].invalid_fields.filter((f): f is GridField => (GRID_FIELDS as readonly string[]).includes(f)),
    problems: problemsOf(parsed[i], label),
  }));
}

function summary(db: MirrorDb, draft: Draft, rows: WorkspaceRow[]): WorkspaceSummary {
  const history = historyState(db, draft.id);
  return {
    id: draft.id,
    name: draft.source.name,
    externalEventId: draft.externalEventId,
    state: draft.state,
    rows: rows.length,
    invalidRows: rows.filter((r) => r.invalid.length > 0).length,
    duplicateRows: rows.filter((r) => r.invalid.length === 0 && r.problems.length > 0).length,
    canUndo: history.canUndo,
    canRedo: history.canRedo,
  };
}

function page(db: MirrorDb, draftId: number, options: { offset?: number; limit?: number; problemsOnly?: boolean }): WorkspacePage {
  const draft = requireDraft(db, draftId);
  const rows = validate(db, draft);
  const shown = options.problemsOnly ? rows.filter((r) => r.problems.length > 0) : rows;
  const offset = options.offset ?? 0;
  return { draft: summary(db, draft, rows), matching: shown.length, rows: shown.slice(offset, offset + (options.limit ?? 200)) };
}

export interface OpenSheetInput {
  file: string;
  externalEventId: number;
  sheet?: string;
  headerRow?: number;
  onProgress?: (fraction: number) => void;
}

/** Reads a spreadsheet as `muster check` does and keeps it as a draft to edit. */
export async function openSheetAsDraft(place: MirrorPlace, input: OpenSheetInput): Promise<WorkspacePage> {
  const db = openAccountMirror(place);
  try {
    let sheet;
    try {
      sheet = await readSheetRows(input.file, {
        sheetName: input.sheet,
        headerRow: input.headerRow,
        catalog: catalogFor(db, input.externalEventId),
        memory: new MappingMemory(place.dataDir),
        onProgress: input.onProgress,
      });
    } catch (error) {
      throw sheetProblem(error) ?? error;
    }
    const draft = createDraft(db, { externalEventId: input.externalEventId, source: sheet.source, sheetName: sheet.check.sheet, headerRow: sheet.check.header_row, mapping: sheet.check.mapping }, sheet.rows);
    return page(db, draft.id, {});
  } finally {
    db.close();
  }
}

export function draftPage(place: MirrorPlace, draftId: number, options: { offset?: number; limit?: number; problemsOnly?: boolean } = {}): WorkspacePage {
  return withMirror(place, (db) => page(db, draftId, options));
}

/** Saves cell edits as one step of the draft's history and answers the page as it is now. */
export function editDraftCells(place: MirrorPlace, draftId: number, edits: readonly CellEdit[], kind = 'cell'): WorkspaceSummary {
  return withMirror(place, (db) => {
    const draft = requireDraft(db, draftId);
    const byPosition = new Map(draftRows(db, draft.id).map((r) => [r.position, r]));
    const changed = new Map<number, DraftRow>();
    for (const edit of edits) {
      const row = changed.get(edit.position) ?? byPosition.get(edit.position);
      if (!row) throw new UseCaseError(`Row ${edit.position} is no longer in this draft.`, 'input');
      changed.set(edit.position, { ...row, participant: withCell(row.participant, edit.field, edit.value) });
    }
    try {
      applyEdit(db, draft.id, kind, [...changed.values()].map((row) => ({ position: row.position, after: { source_row: row.source_row, participant: row.participant } })));
    } catch (error) {
      if (error instanceof DraftError) throw new UseCaseError(error.message, 'input');
      throw error;
    }
    return summary(db, requireDraft(db, draftId), validate(db, draft));
  });
}

export function undoDraft(place: MirrorPlace, draftId: number): WorkspaceSummary {
  return withMirror(place, (db) => {
    const draft = requireDraft(db, draftId);
    undo(db, draft.id);
    return summary(db, requireDraft(db, draftId), validate(db, draft));
  });
}

export function redoDraft(place: MirrorPlace, draftId: number): WorkspaceSummary {
  return withMirror(place, (db) => {
    const draft = requireDraft(db, draftId);
    redo(db, draft.id);
    return summary(db, requireDraft(db, draftId), validate(db, draft));
  });
}
