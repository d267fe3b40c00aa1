/**
 * A draft row as the workspace grid and problems panel read it: its cells, the fields the
 * shared parser found invalid, its problems in words, its warnings, and which row it repeats.
 */
import { cellsOf, GRID_FIELDS, type GridField } from '../../core/drafts/cells';
import type { ParsedParticipant } from '../../core/contract/imports';
import type { WorkspaceRow } from '../../core/contract/app-api';
import { rowProblemsOf } from '../../core/intake/problems';
import type { RowWarning } from '../../core/intake/row-warnings';
import type { DraftRow } from '../mirror/queries/drafts/draft-rows';

/** Typed as the contract's lists; frozen, so a change to it fails where it is made. */
const NOTHING = Object.freeze([]) as unknown as never[];

const isGridField = (field: string): field is GridField => (GRID_FIELDS as readonly string[]).includes(field);

/** Row `i` of `rows` (grid order), with its parse and warnings; `label` names another row as the person sees it. */
export function workspaceRow(rows: readonly DraftRow[], i: number, parsed: ParsedParticipant, warnings: readonly RowWarning[], label: (rowNumber: number) => number): WorkspaceRow {
  const row = rows[i];
  // A row with nothing to say shares one empty list per kind: a bulk fix answers 10,000 rows,
  // most of them clean, and the answer is copied on its way to the page anyway.
  const clean = parsed.invalid_fields.length === 0 && parsed.duplicate_of_row === null && parsed.identity_conflict === null;
  return {
    position: row.position,
    sourceRow: row.source_row,
    cells: cellsOf(row.participant),
    invalid: clean ? NOTHING : parsed.invalid_fields.filter(isGridField),
    problems: clean ? NOTHING : rowProblemsOf(parsed, label),
    warnings: warnings.length === 0 ? NOTHING : [...warnings],
    repeats: parsed.duplicate_of_row === null ? null : rows[parsed.duplicate_of_row - 1].position,
    sharesEmail: parsed.identity_conflict !== null,
  };
}
