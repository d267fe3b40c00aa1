/**
 * The service's parse of an import as the workspace's read-only grid and problems panel show
 * it: each parsed participant as a grid row (its cells, invalid fields and problems, worded
 * by the same kinds as a draft's), with what it matched, and the problem groups with their
 * counts. The service's parse carries no warnings: those are read from a sheet's cells.
 */
import type { ParsedParticipant } from '../contract/imports';
import { rowProblemsOf, type RowProblem } from '../intake/problems';
import type { RowWarning } from '../intake/row-warnings';
import { cellsOf, type GridCells, type GridField } from './cells';
import { groupKeysOf, GroupTally, inGroup, type ProblemGroup } from './problem-groups';

export interface ReviewRow {
  /** The payload's row number (from 1). */
  position: number;
  /** The spreadsheet row when the import was sent from a draft here (null: added in the app); the payload's row otherwise. */
  sourceRow: number | null;
  cells: GridCells;
  invalid: GridField[];
  problems: RowProblem[];
  warnings: RowWarning[];
  repeats: number | null;
  sharesEmail: boolean;
  /** The participant of the event the row matched, and by which property; null when new. */
  participantId: number | null;
  matchField: 'external_id' | 'email' | null;
}

/** `sheetRows`: each payload row's spreadsheet row, when known (see `reviewRowsOf`). */
export function reviewRowOf(p: ParsedParticipant, sheetRows: readonly (number | null)[] | null = null): ReviewRow {
  // Another row named in a problem ("repeats row 4") by its spreadsheet row too, as the workspace does.
  const label = (n: number) => sheetRows?.[n - 1] ?? n;
  return {
    position: p.row_number,
    sourceRow: sheetRows ? (sheetRows[p.row_number - 1] ?? null) : p.row_number,
    cells: cellsOf(p),
    invalid: [...p.invalid_fields],
    problems: rowProblemsOf(p, label),
    warnings: [],
    repeats: p.duplicate_of_row,
    sharesEmail: p.identity_conflict !== null,
    participantId: p.participant_id,
    matchField: p.match_field,
  };
}

/**
 * `sheetRows`: for an import sent from a draft here, each payload row's spreadsheet row in
 * order, so the review numbers rows as the workspace did; otherwise the payload's numbers stand.
 */
export function reviewRowsOf(participants: readonly ParsedParticipant[], sheetRows: readonly (number | null)[] | null = null): { rows: ReviewRow[]; groups: ProblemGroup[] } {
  const tally = new GroupTally();
  const rows = participants.map((p) => {
    const row = reviewRowOf(p, sheetRows);
    tally.add(groupKeysOf(row.problems, row.warnings));
    return row;
  });
  return { rows, groups: tally.groups() };
}

/** The rows the grid shows: every row, only those with a problem, or those of one group. */
export function reviewRowsShown(rows: readonly ReviewRow[], filter: 'all' | 'problems' | ProblemGroup): ReviewRow[] {
  if (filter === 'all') return [...rows];
  if (filter === 'problems') return rows.filter((r) => r.problems.length > 0);
  return rows.filter((r) => inGroup(r, filter));
}
