import type { ErrorDetail } from '../../core/contract/errors';
import type { Subject, SubjectInput } from '../../core/contract/subjects';
import { isMinorOn } from '../../core/subjects/age';
import { todayOf } from '../../core/subjects/dates';
import { householdRuleProblem, type HouseholdChange } from '../../core/subjects/households';
import { normaliseSubjectInput, type SubjectChanges } from '../../core/subjects/input';
import type { ServiceContext } from '../context';
import type { Db } from '../db/open';
import { ApiError } from '../../core/contract/api-error';
import { invalid, notFound } from '../http/errors';
import { deleteHouseholdIfEmpty, findHousehold, insertHousehold, membersOtherThan, updateHousehold } from '../store/households';
import { unknownLocationIds } from '../store/locations';
import { setSubjectDemographics, setSubjectLocations, unknownDemographicIds } from '../store/subject-links';
import { deleteSubject, findSubjectRow, insertSubject, loadSubject, updateSubject } from '../store/subjects';

/** Demographics and locations must be the caller's company's own. */
function checkLinks(db: Db, companyId: number, changes: SubjectChanges, errors: ErrorDetail[]): void {
  const unknownDemographics = changes.demographic_ids ? unknownDemographicIds(db, companyId, changes.demographic_ids) : [];
  if (unknownDemographics.length) errors.push({ field: 'demographic_ids', message: `are not demographics of your company: ${unknownDemographics.join(', ')}` });
  const unknownLocations = changes.location_ids ? unknownLocationIds(db, companyId, changes.location_ids) : [];
  if (unknownLocations.length) errors.push({ field: 'location_ids', message: `are not locations of your company: ${unknownLocations.join(', ')}` });
}

/** A household to join must be the company's, and a child may only join one with someone in it. */
function checkJoin(db: Db, companyId: number, householdId: number, subjectId: number | null, minor: boolean, errors: ErrorDetail[]): void {
  if (!findHousehold(db, companyId, householdId)) {
    errors.push({ field: 'household.id', message: 'is not a household of your company' });
    return;
  }
  const problem = householdRuleProblem(minor, membersOtherThan(db, householdId, subjectId));
  if (problem) errors.push({ field: 'household', message: problem });
}

function applyLinks(db: Db, subjectId: number, changes: SubjectChanges): void {
  if (changes.demographic_ids) setSubjectDemographics(db, subjectId, changes.demographic_ids);
  if (changes.location_ids) setSubjectLocations(db, subjectId, changes.location_ids);
}

const hasValues = (household: HouseholdChange | undefined) => household !== undefined && Object.keys(household.values).length > 0;

export function createSubject(ctx: ServiceContext, companyId: number, body: SubjectInput): Subject {
  const { db } = ctx;
  const now = ctx.now();
  const today = todayOf(now);
  const { changes, errors } = normaliseSubjectInput(body, 'create', today);
  return db.transaction(() => {
    checkLinks(db, companyId, changes, errors);
    const minor = isMinorOn(changes.columns.date_of_birth ?? null, today);
    const household = changes.household;
    if (household?.id != null) checkJoin(db, companyId, household.id, null, minor, errors);
    else {
      const problem = householdRuleProblem(minor, 0);
      if (problem) errors.push({ field: 'household', message: `${problem}; give household.id` });
    }
    if (errors.length > 0) throw invalid(errors);

    let householdId: number;
    if (household?.id != null) {
      householdId = household.id;
      if (hasValues(household)) updateHousehold(db, householdId, household.values);
    } else {
      householdId = insertHousehold(db, companyId, household?.values ?? {});
    }
    const id = insertSubject(db, companyId, householdId, changes.columns, now);
    applyLinks(db, id, changes);
    return loadSubject(db, companyId, id, today) as Subject;
  })();
}

export function updateSubjectById(ctx: ServiceContext, companyId: number, id: number, body: SubjectInput): Subject {
  const { db } = ctx;
  const now = ctx.now();
  const today = todayOf(now);
  return db.transaction(() => {
    const row = findSubjectRow(db, companyId, id);
    if (!row) throw notFound(`Subject ${id}`);
    // A stale edit is refused before its content is judged against a record it never saw.
    if (body.lock_version !== undefined && body.lock_version !== row.lock_version) {
      throw new ApiError('conflict', `Subject ${id} was changed since lock_version ${body.lock_version}; it is at ${row.lock_version}. Read it again and reapply the change.`, [
        { field: 'lock_version', message: `is stale; the subject is at ${row.lock_version}` },
      ]);
    }
    const { changes, errors } = normaliseSubjectInput(body, 'update', today);
    checkLinks(db, companyId, changes, errors);
    const birthDate = 'date_of_birth' in changes.columns ? (changes.columns.date_of_birth ?? null) : row.date_of_birth;
    const minor = isMinorOn(birthDate, today);
    const household = changes.household;
    const moveTo = household?.id != null && household.id !== row.household_id ? household.id : null;
    if (moveTo !== null) checkJoin(db, companyId, moveTo, id, minor, errors);
    else if (minor && !isMinorOn(row.date_of_birth, today)) {
      const problem = householdRuleProblem(true, membersOtherThan(db, row.household_id, id));
      if (problem) errors.push({ field: 'date_of_birth', message: `makes this subject a child, and ${problem}` });
    }
    if (errors.length > 0) throw invalid(errors);

    updateSubject(db, id, changes.columns, moveTo, now);
    if (moveTo !== null) deleteHouseholdIfEmpty(db, row.household_id);
    if (household && hasValues(household)) updateHousehold(db, moveTo ?? row.household_id, household.values);
    applyLinks(db, id, changes);
    return loadSubject(db, companyId, id, today) as Subject;
  })();
}

/** Removes a subject and answers it as it was; a household it leaves empty goes with it. */
export function destroySubject(ctx: ServiceContext, companyId: number, id: number): Subject {
  const { db } = ctx;
  return db.transaction(() => {
    const subject = loadSubject(db, companyId, id, todayOf(ctx.now()));
    if (!subject) throw notFound(`Subject ${id}`);
    deleteSubject(db, id);
    deleteHouseholdIfEmpty(db, subject.household_id);
    return subject;
  })();
}
