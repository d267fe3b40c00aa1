/**
 * What a list of an event takes from subjects, read in one statement for many at once
 * (adding ten thousand found subjects must not read each whole record): ids, names,
 * e-mail, preferred language, contact exclusion and demographic ids, in the order asked.
 * Subjects deleted here and waiting to be sent are left out.
 */
import type { MirrorDb } from '../../db';
import { readJson } from '../json';
import { stmt } from '../statements';

export interface SubjectListFields {
  localId: number;
  remoteId: number | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  preferredLanguage: string | null;
  contactExclusionUntil: string | null;
  demographicIds: number[];
}

interface Row {
  local_id: number;
  remote_id: number | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  preferred_language: string | null;
  contact_exclusion_until_date: string | null;
  demographic_ids: string;
}

export function subjectsForList(db: MirrorDb, localIds: readonly number[]): SubjectListFields[] {
  if (localIds.length === 0) return [];
  const rows = stmt(
    db,
    `SELECT s.local_id, s.remote_id, s.first_name, s.last_name, s.email, s.preferred_language, s.contact_exclusion_until_date, s.demographic_ids
       FROM json_each(?) AS j JOIN subjects s ON s.local_id = j.value
      WHERE s.state <> 'destroyed' ORDER BY j.key`,
  ).all(JSON.stringify(localIds)) as Row[];
  return rows.map((r) => ({
    localId: r.local_id,
    remoteId: r.remote_id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    preferredLanguage: r.preferred_language,
    contactExclusionUntil: r.contact_exclusion_until_date,
    demographicIds: r.demographic_ids === '[]' ? [] : readJson<number[]>(r.demographic_ids, 'subject demographics'),
  }));
}
