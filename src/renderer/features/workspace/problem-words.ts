/**
 * A row's problems in the person's language. The main side answers them as data
 * (core/intake/problems.ts), worded from the same catalogs `muster check` uses (core/i18n).
 */
import { useI18n } from 'vue-i18n';
import type { WorkspaceRow } from '../../../core/contract/app-api';
import type { ProblemGroup } from '../../../core/drafts/problem-groups';
import { problemText } from '../../../core/intake/problems';
import { intakeWarningText } from '../../../core/intake/warning-words';

export type { ProblemGroup };

export type RowProblem = WorkspaceRow['problems'][number];

/** The translator's `t` and `n` (a component's, or the app's global ones). */
interface Words {
  t: (key: string, values: Record<string, unknown>) => string;
  n: (value: number) => string;
}

export function problemWords({ t, n }: Words, problem: RowProblem): string {
  return problemText(problem, (key, values) => t(key, values ?? {}), n);
}

export function useProblemWords(): (problem: RowProblem) => string {
  const words = useI18n();
  return (problem) => problemWords(words, problem);
}

export type RowWarning = WorkspaceRow['warnings'][number];

/** The translator's `t` with plurals, and the locale for lists ("en_US, en_AU or en_GB"). */
interface GroupWords extends Words {
  tc: (key: string, count: number, values: Record<string, unknown>) => string;
  locale: string;
}

export function warningWords({ t, locale }: Pick<GroupWords, 't' | 'locale'>, { kind, ...warning }: RowWarning): string {
  return intakeWarningText({ ...warning, code: kind }, (key, values) => t(key, values ?? {}), locale);
}

export function groupWords({ tc, t, n }: GroupWords, group: ProblemGroup): string {
  return tc(`findings.groups.${group.kind}`, group.rows, { n: n(group.rows), column: t(`workspace.columns.${group.field}`, {}) });
}

export function useFindingWords() {
  const { t, n, locale } = useI18n();
  const words = { t, n, tc: (key: string, count: number, values: Record<string, unknown>) => t(key, values, count), get locale() { return locale.value; } };
  return { warning: (w: RowWarning) => warningWords(words, w), group: (g: ProblemGroup) => groupWords(words, g) };
}
