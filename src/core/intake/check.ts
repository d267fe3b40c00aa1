/** Reads intake rows with the service's own participant rules. */
import type { ParseSummary } from '../participants/parser';
import { parseParticipants, summarize, type ParseContext } from '../participants/parser';
import type { CheckedParticipant, IntakeRow } from './types';

/**
 * Parses the rows' payloads exactly as the service's parser would (row_number counts the
 * payload from 1), and carries each row's sheet position and intake warnings along.
 */
export function checkRows(rows: IntakeRow[], context: ParseContext = {}): CheckedParticipant[] {
  const parsed = parseParticipants(rows.map((row) => row.participant), context);
  return parsed.map((participant, i) => ({ ...participant, source_row: rows[i].source_row, warnings: [...rows[i].warnings] }));
}

export function summarizeCheck(checked: readonly CheckedParticipant[]): ParseSummary {
  return summarize(checked);
}
