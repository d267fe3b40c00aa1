/**
 * Suggested fixes in the person's language: the group's title, the row, the column, why the
 * fix is offered (from the catalogs `muster check` says it from too), and a repeat's answers
 * ("Merge into row 12", "Remove this row") instead of the engine's English.
 */
import { useI18n } from 'vue-i18n';
import type { SuggestionItem, SuggestionList } from '../../../core/contract/app-api';
import { suggestionReasonText, type SuggestionReason } from '../../../core/suggestions/reason-words';

const DEMOGRAPHICS = 'demographics:';

/** Where a suggestion is, to find it again in the panel: row, field and kind. */
export const itemKey = (item: Pick<SuggestionItem, 'position' | 'field' | 'kind'>) => `${item.position}|${item.field}|${item.kind}`;

export function useSuggestionWords(labels: () => Map<number, number | null>) {
  const { t, n, locale } = useI18n();
  const column = (field: string) => (field.startsWith(DEMOGRAPHICS) ? field.slice(DEMOGRAPHICS.length) : t(`workspace.columns.${field}`));
  const rowOf = (sheetRow: number | null | undefined) => (sheetRow === null || sheetRow === undefined ? t('workspace.addedRow') : t('workspace.rowLabel', { row: sheetRow }));
  return {
    column,
    group: (g: SuggestionList['groups'][number]) => t(`suggestions.groups.${g.kind}`, { n: n(g.count), column: column(g.field) }, g.count),
    row: (item: SuggestionItem) => rowOf(item.sheetRow),
    // The contract checks a reason's parameters by kind only; the engine made them.
    reason: (item: SuggestionItem) => suggestionReasonText(item.reason as SuggestionReason, t, locale.value),
    /** An answer as shown: the value, or what a repeat's choice does. */
    answer(item: SuggestionItem, to: string): string {
      const choice = item.choices?.[item.to.indexOf(to)];
      if (!choice) return to;
      return choice.action === 'merge' ? t('suggestions.merge', { row: rowOf(labels().get(choice.into)) }) : t('suggestions.remove');
    },
  };
}
