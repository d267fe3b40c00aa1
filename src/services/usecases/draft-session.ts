/**
 * An open draft in the import workspace: its rows and their check held in memory beside the
 * mirror, so a page is read without parsing again and an edit re-checks only what it can
 * change. Every edit is in the mirror's log before it is answered, its rows with it or, for a
 * step of many rows, as soon as the main side is idle (rows-later.ts); the memory is only a
 * faster way to read what the mirror holds.
 */
import { workspaceRow } from './workspace-row';
import { DraftChecker } from '../../core/drafts/checker';
import { mergeParticipants } from '../../core/drafts/merge-rows';
import type { PastedCell } from '../../core/drafts/paste';
import { warningText } from '../../core/intake/row-warnings';
import { DraftFindings } from './draft-findings';
import { buildCatalog, type Catalog, type CatalogCategory } from '../../core/participants/catalog';
import { knownParticipants } from '../../core/participants/known';
import { appliedImports } from '../intake/known-participants';
import type { MirrorDb } from '../mirror/open';
import { catalogFor } from '../mirror/queries/imports/catalog';
import { draftRows, FIRST_POSITION, nextPosition, type DraftRow, type DraftRowInput } from '../mirror/queries/drafts/draft-rows';
import type { ParsedParticipant } from '../../core/contract/imports';
import { readSheetForEvent, type SheetForEvent } from './check-sheet';
import { checkResultTable, type CheckedParticipant } from '../../core/intake';
import { exportTable, ExportError } from '../exports/participant-export';
import { applyEdit, historyState, redo, undo, type DraftEdit, type DraftStep } from '../mirror/queries/drafts/draft-edits';
import { RowsLater } from './rows-later';
import { createDraft, draftById, DraftError, type Draft } from '../mirror/queries/drafts/drafts';
import type { CellEdit, WorkspaceChange, WorkspacePage, WorkspaceRow, WorkspaceSummary } from '../../core/contract/app-api';
import { keptOnStartOver, removeDraft } from './draft-files';
import { blankRow, editedRows, pastedRows } from './draft-cell-edits';
import { UseCaseError, refusal } from './errors';
import { openAccountMirror, type MirrorPlace } from './account-mirror';

export interface PageOptions {
  offset?: number;
  limit?: number;
  problemsOnly?: boolean;
}

export class DraftSession {
  private rows: DraftRow[] = [];
  private index = new Map<number, number>();
  private checker!: DraftChecker;
  private catalog: Catalog | undefined;
  /** Each row's problem and warning groups, and how many rows each group holds. */
  private findings!: DraftFindings;
  /** The rows of large steps, written once each step is answered. */
  private readonly later: RowsLater;

  private constructor(
    /** The draft's mirror connection, for what is kept beside the rows (rejected suggestions). */
    readonly db: MirrorDb,
    readonly draftId: number,
    fresh?: { rows: DraftRow[]; parsed: ParsedParticipant[]; catalog: CatalogCategory[] },
  ) {
    this.later = new RowsLater(db, draftId, (position) => this.heldAt(position));
    if (fresh) this.hold(fresh.rows, fresh);
    else this.reload();
  }

  static open(place: MirrorPlace, draftId: number): DraftSession {
    const db = openAccountMirror(place);
    try {
      return new DraftSession(db, draftId);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  /**
   * A new draft of the sheet, open: the rows just read and their check are held as they are,
   * instead of being read back from the mirror and parsed a second time.
   */
  static async create(place: MirrorPlace, input: SheetForEvent & { onProgress?: (fraction: number) => void; replace?: number }): Promise<DraftSession> {
    const db = openAccountMirror(place);
    try {
      // One reading of the catalog for the check and the session: a sync may change it while
      // a large sheet is read, and the session must check edits as the sheet was checked.
      const catalog = catalogFor(db, input.externalEventId);
      const sheet = await readSheetForEvent(db, place.dataDir, input, input.onProgress, catalog);
      const setup = { externalEventId: input.externalEventId, source: sheet.source, sheetName: sheet.check.sheet, headerRow: sheet.check.header_row, mapping: sheet.check.mapping };
      // Starting over: the old draft goes as the new one is made, or neither happens; a sent one stays beside it.
      const draft = db.transaction(() => {
        const replaced = input.replace === undefined ? undefined : draftById(db, input.replace);
        if (input.replace !== undefined && !(replaced && keptOnStartOver(db, replaced))) removeDraft(db, input.replace, input.externalEventId);
        return createDraft(db, setup, sheet.rows);
      })();
      const rows = sheet.rows.map((row, i) => ({ ...row, position: FIRST_POSITION + i }));
      return new DraftSession(db, draft.id, { rows, parsed: sheet.check.participants, catalog });
    } catch (error) {
      db.close();
      throw error;
    }
  }

  close(): void {
    this.later.now();
    this.db.close();
  }

  /** The draft's record as the mirror has it (its event, name and state). */
  draft(): Draft {
    const draft = draftById(this.db, this.draftId);
    if (!draft) throw refusal('draft_gone', 'input', { draft: this.draftId });
    return draft;
  }

  /** Reads every row from the mirror and checks them all (opening, or after rows were added or removed). */
  private reload(): void {
    this.hold(draftRows(this.db, this.draft().id));
  }

  private hold(rows: DraftRow[], checked?: { parsed: ParsedParticipant[]; catalog: CatalogCategory[] }): void {
    this.rows = rows;
    this.index = new Map(this.rows.map((r, i) => [r.position, i]));
    const externalEventId = this.draft().externalEventId;
    const categories = checked?.catalog ?? catalogFor(this.db, externalEventId);
    // As `muster check --event` reads it: against the event's catalog and the participants
    // this computer knows of. The sheet's own check did not see those participants, so with
    // them the rows are checked again.
    this.catalog = categories.length > 0 ? buildCatalog(categories) : undefined;
    const applied = appliedImports(this.db, externalEventId);
    const directory = applied.length > 0 ? knownParticipants(applied) : null;
    this.checker = new DraftChecker(
      this.rows.map((r) => r.participant),
      { ...(this.catalog ? { catalog: this.catalog } : {}), ...(directory ? { directory } : {}) },
      directory ? undefined : checked?.parsed,
    );
    this.findings = new DraftFindings((i) => this.rows[i], this.checker, this.catalog, this.rows.length);
  }

  private label = (rowNumber: number) => this.rows[rowNumber - 1]?.source_row ?? rowNumber;

  private rowAt(i: number): WorkspaceRow {
    return workspaceRow(this.rows, i, this.checker.at(i), this.findings.warningsAt(i), this.label);
  }

  summary(): WorkspaceSummary {
    const draft = this.draft();
    const history = historyState(this.db, draft.id);
    const counts = this.checker.counts();
    return {
      id: draft.id,
      name: draft.name,
      externalEventId: draft.externalEventId,
      state: draft.state,
      rows: this.rows.length,
      invalidRows: counts.invalid,
      duplicateRows: counts.duplicates,
      canUndo: history.canUndo,
      canRedo: history.canRedo,
      groups: this.findings.groups(),
    };
  }

  page(options: PageOptions = {}): WorkspacePage {
    const all = this.rows.map((_, i) => i);
    // The panel lists every row with something to say: problems and warnings.
    const shown = options.problemsOnly ? all.filter((i) => this.findings.listed(i)) : all;
    const offset = options.offset ?? 0;
    return { draft: this.summary(), matching: shown.length, rows: shown.slice(offset, offset + (options.limit ?? 200)).map((i) => this.rowAt(i)) };
  }

  /** Takes the rows an edit wrote (or undo/redo put back) into memory and answers what changed. */
  private take({ positions, written }: { positions: readonly number[]; written: readonly (DraftRowInput | null)[] }): WorkspaceChange {
    // Each row's place, looked up once; a row added or removed means reading them all again.
    const at: number[] = [];
    for (let k = 0; k < positions.length; k++) {
      const i = written[k] === null ? undefined : this.index.get(positions[k]);
      if (i === undefined) {
        this.reload();
        return { draft: this.summary(), rows: this.rows.map((_, i) => this.rowAt(i)) };
      }
      at.push(i);
    }
    // Indexed loops: a bulk fix runs these once over 10,000 rows, where each for…of or map
    // step made an object of its own.
    const changes = new Array<{ index: number; participant: DraftRow['participant'] }>(at.length);
    for (let k = 0; k < at.length; k++) {
      const i = at[k];
      this.rows[i] = { ...this.rows[i], ...written[k]! };
      changes[k] = { index: i, participant: this.rows[i].participant };
    }
    const touched = this.checker.replace(changes);
    const rows = new Array<WorkspaceRow>(touched.length);
    for (let k = 0; k < touched.length; k++) {
      this.findings.changed(touched[k]);
      rows[k] = this.rowAt(touched[k]);
    }
    return { draft: this.summary(), rows };
  }

  edit(edits: readonly CellEdit[], kind = 'cell'): WorkspaceChange {
    return this.took(this.write(kind, editedRows(this.rows, this.index, edits)));
  }

  /**
   * A block pasted from a spreadsheet, as one step of the history: the cells it covers, and
   * the rows it adds after the last (each given as its cells).
   */
  paste(edits: readonly CellEdit[], rows: readonly (readonly PastedCell[])[]): WorkspaceChange {
    const added = pastedRows(nextPosition(this.db, this.draftId), rows);
    return this.took(this.write('paste', [...editedRows(this.rows, this.index, edits), ...added]));
  }

  /**
   * A row that repeats an earlier one, resolved as one step of the history: `drop` removes
   * it; `merge` fills the earlier row's blanks (and demographics) from it, then removes it.
   */
  resolveRepeat(position: number, action: 'drop' | 'merge'): WorkspaceChange {
    const i = this.index.get(position);
    if (i === undefined) throw refusal('row_gone', 'input', { row: position });
    const earlierRow = this.checker.at(i).duplicate_of_row;
    if (earlierRow === null) throw refusal('not_a_repeat');
    if (action === 'merge' && this.checker.at(i).identity_conflict !== null) {
      throw refusal('two_people');
    }
    const earlier = this.rows[earlierRow - 1];
    const changes: { position: number; after: DraftRowInput | null }[] = [{ position, after: null }];
    if (action === 'merge') changes.unshift({ position: earlier.position, after: { source_row: earlier.source_row, participant: mergeParticipants(earlier.participant, this.rows[i].participant) } });
    return this.took(this.write(action === 'merge' ? 'merge rows' : 'delete rows', changes));
  }

  /** The rows as held, in grid order; an edit replaces a changed row's object, never changes it. */
  held = (): readonly DraftRow[] => this.rows;

  /** A row's place in `held()` by its position. */
  placeOf = (position: number): number | undefined => this.index.get(position);

  /** Rows rewritten or removed as one step of the history (`kind` labels it). */
  step(kind: string, changes: readonly { position: number; after: DraftRowInput | null }[]): WorkspaceChange {
    return this.took(this.write(kind, changes));
  }

  /** Empty rows after the last, to type or paste into. */
  addRows(count: number): WorkspaceChange {
    const first = nextPosition(this.db, this.draftId);
    return this.took(this.write('add rows', Array.from({ length: count }, (_, k) => ({ position: first + k, after: blankRow() }))));
  }

  deleteRows(positions: readonly number[]): WorkspaceChange {
    for (const position of positions) if (!this.index.has(position)) throw refusal('row_gone', 'input', { row: position });
    return this.took(this.write('delete rows', [...new Set(positions)].map((position) => ({ position, after: null }))));
  }

  /** What a push of this draft sends, as the grid checked it: how many rows, and which (1-based, grid order) are invalid. */
  pushable(): { participants: number; invalidRows: number[] } {
    return { participants: this.rows.length, invalidRows: this.checker.invalidRows() };
  }

  /** The rows with their status and problems, as `muster check --export` writes them. */
  async exportTo(path: string, options: { problemsOnly?: boolean } = {}): Promise<number> {
    const checked: CheckedParticipant[] = this.rows.map((row, i) => ({ ...this.checker.at(i), source_row: row.source_row ?? i + 1, warnings: this.findings.warningsAt(i).map(warningText) }));
    const shown = options.problemsOnly ? checked.filter((_, i) => this.findings.listed(i)) : checked;
    try {
      await exportTable(path, 'Participants', checkResultTable(shown, this.label));
    } catch (error) {
      if (error instanceof ExportError) throw new UseCaseError(error.message, 'failed');
      throw error;
    }
    return shown.length;
  }

  undo(): WorkspaceChange {
    return this.stepped(this.guard(() => undo(this.db, this.draftId, Date.now(), this.heldAt, this.later.option)));
  }

  redo(): WorkspaceChange {
    return this.stepped(this.guard(() => redo(this.db, this.draftId, Date.now(), this.heldAt, this.later.option)));
  }

  private stepped(step: Pick<DraftStep, 'positions' | 'written'> | null): WorkspaceChange {
    if (!step) return { draft: this.summary(), rows: [] };
    const change = this.take(step);
    this.later.soon(step.positions.length);
    return change;
  }

  private took(edit: DraftEdit): WorkspaceChange {
    return this.stepped({ positions: edit.positions, written: edit.after });
  }

  /** A row as memory holds it, which is what the mirror has: history steps read it from here instead of the file. */
  private heldAt = (position: number): DraftRow | null => this.rows[this.index.get(position) ?? -1] ?? null;

  private write(kind: string, changes: readonly { position: number; after: DraftRowInput | null }[]): DraftEdit {
    return this.guard(() => applyEdit(this.db, this.draftId, kind, changes, Date.now(), this.heldAt, this.later.option));
  }

  private guard<T>(work: () => T): T {
    try {
      return work();
    } catch (error) {
      if (error instanceof DraftError) throw new UseCaseError(error.message, 'input');
      throw error;
    }
  }
}
