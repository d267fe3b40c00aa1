/**
 * A subject rule's sentence (input.ts, households.ts) read back as its kind, so each face
 * says it in the person's language; and one field checked on its own, so a form can say at
 * once whether a value it shows as wrong is right now.
 */
import type { ErrorDetail } from '../contract/errors';
import type { SubjectInput } from '../contract/subjects';
import { normaliseSubjectInput } from './input';

export type ProblemKind = 'blank' | 'too_long' | 'email' | 'date' | 'birth_range' | 'timestamp' | 'ids' | 'child_household' | 'other';

export interface FieldProblem {
  field: string;
  kind: ProblemKind;
  limit: number | null;
  message: string;
}

const KINDS: [RegExp, ProblemKind][] = [
  [/^must not be blank/, 'blank'],
  [/^must be at most (\d+) characters/, 'too_long'],
  [/^must be a valid e-mail address/, 'email'],
  [/^must be a date written/, 'date'],
  [/^must lie between/, 'birth_range'],
  [/^must be an ISO 8601/, 'timestamp'],
  [/^must be a list of ids/, 'ids'],
  [/^a child must be given a household/, 'child_household'],
];

export function problemOf(detail: ErrorDetail): FieldProblem {
  for (const [pattern, kind] of KINDS) {
    const match = pattern.exec(detail.message);
    if (match) return { field: detail.field ?? '', kind, limit: match[1] ? Number(match[1]) : null, message: detail.message };
  }
  return { field: detail.field ?? '', kind: 'other', limit: null, message: detail.message };
}

/**
 * The problem of one field (`email`, `household.city`) with this value alone, or null when
 * the subject rules take it. Rules that weigh several fields together (a child's household)
 * are left to the save.
 */
export function fieldProblem(field: string, value: string | null, today: string): FieldProblem | null {
  const input: Record<string, unknown> = {};
  if (field.startsWith('household.')) input.household = { [field.slice('household.'.length)]: value };
  else input[field] = value;
  const { errors } = normaliseSubjectInput(input as SubjectInput, 'update', today);
  const own = errors.find((e) => e.field === field);
  return own ? problemOf(own) : null;
}
