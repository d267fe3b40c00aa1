/** Reads intake rows with the service's own participant rules. */
import type { ParseSummary } from '../participants/parser';
import { parseParticipants, summarize, type ParseContext } from '../participants/parser';
import { catalogWarnings } from './catalog-warnings';
import type { CheckedParticipant, IntakeRow } from './types';
import { englishWarning } from './warning-words';

/**
 * Parses the rows' payloads exactly as the service's parser would (row_number counts the
 * payload from 1), and carries each row's sheet position and intake warnings along.
 */
export function checkRows(rows: IntakeRow[], context: ParseContext = {}): CheckedParticipant[] {
  const parsed = parseParticipants(rows.map((row) => row.participant), context) as CheckedParticipant[];
  // Extended in place: a copy per row would cost a second 100,000 objects on a large sheet.
  for (let i = 0; i < parsed.length; i++) {
    parsed[i].source_row = rows[i].source_row;
    // The participants a computer knows of may carry only local ids: the check reports the
    // conflicts they reveal, never a match to a participant the service would not name so.
    if (context.directory) {
      parsed[i].participant_id = null;
      parsed[i].match_field = null;
    }
    parsed[i].warnings = rows[i].warnings;
    const words = rows[i].warning_words;
    if (words) parsed[i].warning_words = words;
    if (context.catalog && context.catalog.size > 0) {
      const unknown = catalogWarnings(parsed[i], context.catalog);
      if (unknown.length > 0) {
        parsed[i].warnings = [...rows[i].warnings, ...unknown.map(englishWarning)];
        // Words only when every earlier warning has them, so the two lists stay index for index.
        if (words || rows[i].warnings.length === 0) parsed[i].warning_words = [...(words ?? []), ...unknown];
      }
    }
  }
  return parsed;
}

export function summarizeCheck(checked: readonly CheckedParticipant[]): ParseSummary {
  return summarize(checked);
}
