import type { Db } from '../db/open';

/** Records that a subject took part in an event on a day (`YYYY-MM-DD`). */
export function addParticipation(db: Db, subjectId: number, eventId: number, day: string): number {
  return Number(db.prepare('INSERT INTO participations (subject_id, event_id, participated_on) VALUES (?, ?, ?)').run(subjectId, eventId, day).lastInsertRowid);
}
