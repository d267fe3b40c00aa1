/**
 * Subjects created, changed and removed on this computer, and conflicts settled, for the
 * app's subject screens. Each change is written with its outbox op in one transaction
 * (sync/subjects/local.ts) and waits there for the next sync. Input that breaks a subject
 * rule is answered field by field, each problem with its kind so a face can say it in the
 * person's language; a change the mirror cannot make is refused in a sentence.
 *
 * - `saveSubjectOffline(place, localId | null, input, householdLocalId?)` → saved detail, or problems.
 * - `removeSubjectOffline(place, localId)`, `resolveSubjectOffline(place, localId, choices)`.
 * - `exportSubjectsTo(place, filters, path)` writes the search's subjects as xlsx or csv.
 */
import { problemOf, type FieldProblem } from '../../core/subjects/field-problems';
import type { SubjectFilters, SubjectInput } from '../../core/contract/subjects';
import type { TextTable } from '../../core/intake/export-table';
import { exportTable, ExportError } from '../exports/participant-export';
import { householdByLocalId } from '../mirror/queries/subjects/households';
import type { MirrorSubject } from '../mirror/queries/subjects/subjects';
import { createSubjectOffline, destroySubjectOffline, SubjectChangeError, SubjectInputError, updateSubjectOffline } from '../sync/subjects/local';
import { resolveSubjectConflict, type ConflictChoice } from '../sync/subjects/resolve';
import { UseCaseError } from './errors';
import { withAccountMirror, type MirrorPlace } from './account-mirror';
import { detailOf, searchAllSubjects, type SubjectDetail } from './subjects';

export type { FieldProblem, ProblemKind } from '../../core/subjects/field-problems';

export type SaveOutcome = { saved: true; subject: SubjectDetail } | { saved: false; problems: FieldProblem[] };

function refusal(error: unknown): never {
  if (error instanceof SubjectChangeError) throw new UseCaseError(error.message, 'input', false, 'subject_change');
  throw error;
}

export function saveSubjectOffline(place: MirrorPlace, localId: number | null, input: SubjectInput, householdLocalId?: number): SaveOutcome {
  return withAccountMirror(place, (db): SaveOutcome => {
    try {
      if (householdLocalId !== undefined && !householdByLocalId(db, householdLocalId)) {
        throw new SubjectChangeError('That household is no longer on this computer; choose another.');
      }
      if (localId === null) {
        const created = createSubjectOffline(db, input, { householdLocalId });
        return { saved: true, subject: detailOf(db, created.localId) };
      }
      const current = detailOf(db, localId);
      const moving = householdLocalId !== undefined && householdLocalId !== current.household.localId;
      // Nothing changed: nothing to send.
      if (Object.keys(input).length === 0 && !moving) return { saved: true, subject: current };
      updateSubjectOffline(db, localId, input, moving ? { householdLocalId } : {});
      return { saved: true, subject: detailOf(db, localId) };
    } catch (error) {
      if (error instanceof SubjectInputError) return { saved: false, problems: error.details.map(problemOf) };
      return refusal(error);
    }
  });
}

export function removeSubjectOffline(place: MirrorPlace, localId: number): { removed: boolean } {
  return withAccountMirror(place, (db) => {
    try {
      detailOf(db, localId);
      destroySubjectOffline(db, localId);
      return { removed: true };
    } catch (error) {
      return refusal(error);
    }
  });
}

export function resolveSubjectOffline(place: MirrorPlace, localId: number, choices: Record<string, ConflictChoice>): { state: 'synced' | 'updated' | 'created' | 'forgotten' } {
  return withAccountMirror(place, (db) => {
    try {
      return { state: resolveSubjectConflict(db, localId, choices).state };
    } catch (error) {
      return refusal(error);
    }
  });
}

const COLUMNS: [string, (s: MirrorSubject) => unknown][] = [
  ['Local ID', (s) => s.localId],
  ['ID', (s) => s.remoteId],
  ['Code', (s) => s.fields.code],
  ['First name', (s) => s.fields.first_name],
  ['Middle initial', (s) => s.fields.middle_initial],
  ['Last name', (s) => s.fields.last_name],
  ['E-mail', (s) => s.fields.email],
  ['Date of birth', (s) => s.fields.date_of_birth],
  ['Preferred language', (s) => s.fields.preferred_language],
  ['Phone', (s) => s.fields.phone],
  ['Mobile phone', (s) => s.fields.mobile_phone],
  ['Work phone', (s) => s.fields.work_phone],
  ['Head of household', (s) => (s.fields.head_of_household ? 'yes' : 'no')],
  ['Address', (s) => s.household.address],
  ['City', (s) => s.household.city],
  ['State', (s) => s.household.state],
  ['Zip', (s) => s.household.zip],
  ['Country', (s) => s.household.country],
  ['Demographic IDs', (s) => s.fields.demographic_ids.join('; ')],
  ['Location IDs', (s) => s.fields.location_ids.join('; ')],
  ['Consented at', (s) => s.fields.consented_at],
  ['Opted out at', (s) => s.fields.opted_out_at],
  ['Contact exclusion until', (s) => s.fields.contact_exclusion_until_date],
  ['Archived at', (s) => s.fields.archived_at],
  ['Notes', (s) => s.fields.notes],
  ['Sync state', (s) => s.state],
];

/** The subjects a search finds, every page, one row each; cells are plain text. */
export function subjectTable(place: MirrorPlace, filters: SubjectFilters): TextTable {
  return withAccountMirror(place, (db) => ({
    header: COLUMNS.map(([header]) => header),
    rows: searchAllSubjects(db, filters).map((s) => COLUMNS.map(([, value]) => {
      const v = value(s);
      return v === null || v === undefined ? '' : String(v);
    })),
  }));
}

/** Writes the search's subjects to `path` (.xlsx or .csv, formula-looking cells neutralised); answers how many. */
export async function exportSubjectsTo(place: MirrorPlace, filters: SubjectFilters, path: string): Promise<number> {
  const table = subjectTable(place, filters);
  try {
    await exportTable(path, 'Subjects', table);
  } catch (error) {
    if (error instanceof ExportError) throw new UseCaseError(error.message, 'failed');
    throw error;
  }
  return table.rows.length;
}
