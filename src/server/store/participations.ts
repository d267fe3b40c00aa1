import type { Db } from '../db/open';

/** Records that a subject took part in an event on a day (`YYYY-MM-DD`). */
export function addParticipation(db: Db, subjectId: number, eventId: number, day: string): number {
  return Number(db.prepare('INSERT INTO participations (subject_id, event_id, participated_on) VALUES (?, ?, ?)').run(subjectId, eventId, day).lastInsertRowid);
}

/** The days each subject took part in an event, oldest first, in one query. */
export function participationDatesOf(db: Db, subjectIds: readonly number[]): Map<number, string[]> {
  const rows = db
    .prepare('SELECT subject_id, participated_on FROM participations WHERE subject_id IN (SELECT value FROM json_each(?)) ORDER BY subject_id, participated_on, id')
    .all(JSON.stringify(subjectIds)) as { subject_id: number; participated_on: string }[];
  const map = new Map<number, string[]>();
  for (const row of rows) {
    const days = map.get(row.subject_id);
    if (days) days.push(row.participated_on);
    else map.set(row.subject_id, [row.participated_on]);
  }
  return map;
}
