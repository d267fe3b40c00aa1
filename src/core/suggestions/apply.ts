/**
 * Suggestions for a checked sheet, and the sheet with the sure ones made: what
 * `muster check --apply-suggestions` writes. Each fixed row says what was changed, so
 * the written list can be checked against the original by a person.
 */
import type { CheckedParticipant, IntakeRow, SheetPayload } from '../intake';
import { englishWarning, type IntakeWarning } from '../intake/warning-words';
import type { Translate } from '../i18n/translate';
import { applySure, suggestFixes, suggestionGroup, type SuggestOptions } from './engine';
import type { Suggestion } from './types';

/** Suggestions for the rows a sheet's check read, named by their sheet rows. */
export function suggestForSheet(payloads: readonly SheetPayload[], options: Omit<SuggestOptions, 'rowLabel'> = {}): (readonly Suggestion[])[] {
  return suggestFixes(
    payloads.map((p) => p.participant),
    { ...options, rowLabel: (index) => payloads[index]?.source_row ?? index + 1 },
  );
}

/** The label of a row warning about each field (rows.ts): once the field is fixed, its warning is stale. */
const WARNING_LABEL: Readonly<Record<string, string>> = { external_id: 'External ID', name: 'Name', email: 'E-mail', locale: 'Locale', note: 'Note' };

const shown = (value: string) => `“${value}”`;

/** The rows with every sure suggestion made, and the suggestions made. */
export function applyToRows(
  payloads: readonly SheetPayload[],
  checked: readonly CheckedParticipant[],
  suggestions: readonly (readonly Suggestion[])[],
): { rows: IntakeRow[]; applied: Suggestion[] } {
  const applied: Suggestion[] = [];
  const rows = payloads.map((payload, i): IntakeRow => {
    const sure = (suggestions[i] ?? []).filter((s) => s.sure);
    let warnings = checked[i]?.warnings ?? [];
    let words = checked[i]?.warning_words;
    if (sure.length > 0) {
      applied.push(...sure);
      // A field's warnings start with its label; a demographic value's (catalog-warnings.ts) with the value itself.
      const stale = sure.map((s) => (s.field.startsWith('demographics:') ? `${shown(s.from)} is not one of the event’s ` : WARNING_LABEL[s.field])).filter(Boolean);
      const kept = warnings.map((w) => !stale.some((label) => w.startsWith(label)));
      const made = sure.map((s): IntakeWarning => ({ code: 'fix_made', group: suggestionGroup(s), value: s.from, to: s.to[0] }));
      words = words || warnings.length === 0 ? [...(words ?? []).filter((_, k) => kept[k]), ...made] : undefined;
      warnings = [...warnings.filter((_, k) => kept[k]), ...made.map(englishWarning)];
    }
    const row: IntakeRow = { participant: applySure(payload.participant, sure), source_row: payload.source_row, warnings };
    if (words && words.length > 0) row.warning_words = words;
    return row;
  });
  return { rows, applied };
}

/** “Applied 14 suggestions (9 e-mails, 5 locales).”, through `t` and `n` in the command's language. */
export function appliedSentence(applied: readonly Suggestion[], t: Translate, n: (value: number) => string): string {
  if (applied.length === 0) return t('fixes.applied_none');
  const counts = new Map<string, number>();
  for (const s of applied) counts.set(suggestionGroup(s), (counts.get(suggestionGroup(s)) ?? 0) + 1);
  const groups = [...counts].sort((a, b) => b[1] - a[1]).map(([field, count]) => t(`fixes.counted.${field}`, { n: n(count) }, count));
  return t('fixes.applied', { n: n(applied.length), groups: groups.join(', ') }, applied.length);
}

/** How many suggestions, and how many of them have one right answer. */
export function countSuggestions(suggestions: readonly (readonly Suggestion[])[]): { total: number; sure: number } {
  let total = 0;
  let sure = 0;
  for (const row of suggestions) {
    total += row.length;
    for (const s of row) if (s.sure) sure++;
  }
  return { total, sure };
}
