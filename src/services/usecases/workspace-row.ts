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

const isGridField = (field: string): field is GridField => (GRID_FIELDS as readonly string[]).includes(field);

/** Row `i` of `rows` (grid order), with its parse and warnings; `label` names another row as the person sees it. */
export function workspaceRow(rows: readonly DraftRow[], i: number, parsed: ParsedParticipant, warnings: readonly RowWarning[], label: (rowNumber: number) => number): WorkspaceRow {
  const row = rows[i];
  return {
    position: row.position,
    sourceRow: row.source_row,
    cells: cellsOf(row.participant),
    invalid: parsed.invalid_fields.filter(isGridField),
    problems: rowProblemsOf(parsed, label),
    warnings: [...warnings],
    repeats: parsed.duplicate_of_row === null ? null : rows[parsed.duplicate_of_row - 1].position,
    sharesEmail: parsed.identity_conflict !== null,
  };
}
