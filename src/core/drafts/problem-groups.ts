/**
 * The workspace's problems and warnings by kind and column, with how many rows have each
 * ("3 e-mail addresses not valid", "2 unknown locales"). A draft keeps the counts as it is
 * edited: each changed row's groups are taken out and its new ones put in, so an edit never
 * walks all rows to count.
 */
import type { RowProblem, RowProblemKind } from '../intake/problems';
import type { RowWarning, RowWarningKind, WarningField } from '../intake/row-warnings';

export interface ProblemGroup {
  level: 'problem' | 'warning';
  kind: RowProblemKind | RowWarningKind;
  field: WarningField;
  /** Rows in the group. */
  rows: number;
}

/** The column a problem is about: where the grid marks it. */
const PROBLEM_FIELD: Readonly<Record<RowProblemKind, WarningField>> = {
  name_missing: 'name',
  name_too_long: 'name',
  email_missing: 'email',
  email_invalid: 'email',
  locale_unknown: 'locale',
  external_id_too_long: 'external_id',
  note_too_long: 'note',
  demographics_invalid: 'demographics',
  shares_email: 'email',
  shares_email_participant: 'email',
  email_of_several_participants: 'email',
  repeats: 'external_id',
};

export const problemField = (kind: RowProblemKind): WarningField => PROBLEM_FIELD[kind];

const NONE: readonly string[] = Object.freeze([]);

/** Each group's key, made once: a key made per row is a new string to hash on every count. */
const PROBLEM_KEYS = new Map(Object.entries(PROBLEM_FIELD).map(([kind, field]) => [kind, `problem ${kind} ${field}`]));
const warningKeys = new Map<string, Map<string, string>>();

function warningKey(kind: RowWarningKind, field: WarningField): string {
  let byField = warningKeys.get(kind);
  if (!byField) warningKeys.set(kind, (byField = new Map()));
  let key = byField.get(field);
  if (key === undefined) byField.set(field, (key = `warning ${kind} ${field}`));
  return key;
}

/** The groups a row is in, each once (a row with two formula-looking demographics counts once). */
export function groupKeysOf(problems: readonly RowProblem[], warnings: readonly RowWarning[]): readonly string[] {
  if (problems.length === 0 && warnings.length === 0) return NONE;
  // A row is in a few groups at most: a list read through costs less than a set.
  const keys: string[] = [];
  for (const p of problems) {
    const key = PROBLEM_KEYS.get(p.kind)!;
    if (!keys.includes(key)) keys.push(key);
  }
  for (const w of warnings) {
    const key = warningKey(w.kind, w.field);
    if (!keys.includes(key)) keys.push(key);
  }
  return keys;
}

/** Whether a row (its problems and warnings) is in the group: the grid's filter for a group. */
export function inGroup(row: { problems: readonly RowProblem[]; warnings: readonly RowWarning[] }, group: Pick<ProblemGroup, 'level' | 'kind' | 'field'>): boolean {
  return group.level === 'problem'
    ? row.problems.some((p) => p.kind === group.kind)
    : row.warnings.some((w) => w.kind === group.kind && w.field === group.field);
}

export class GroupTally {
  private counts = new Map<string, number>();

  // Indexed loops: a bulk fix counts 10,000 rows, most with no key, and a for…of over an
  // empty list still made an iterator.
  add(keys: readonly string[]): void {
    for (let k = 0; k < keys.length; k++) this.counts.set(keys[k], (this.counts.get(keys[k]) ?? 0) + 1);
  }

  remove(keys: readonly string[]): void {
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k];
      const left = (this.counts.get(key) ?? 0) - 1;
      if (left > 0) this.counts.set(key, left);
      else this.counts.delete(key);
    }
  }

  /** Problems before warnings, each by how many rows it holds, most first. */
  groups(): ProblemGroup[] {
    const out: ProblemGroup[] = [];
    for (const [key, rows] of this.counts) {
      const [level, kind, field] = key.split(' ') as [ProblemGroup['level'], ProblemGroup['kind'], WarningField];
      out.push({ level, kind, field, rows });
    }
    return out.sort((a, b) => (a.level === b.level ? b.rows - a.rows || a.kind.localeCompare(b.kind) : a.level === 'problem' ? -1 : 1));
  }
}
