import type { Db } from '../db/open';
import type { MatchedParticipant, ParsedParticipant } from '../../core/contract/imports';
import { ParticipantIndex } from '../../core/participants/directory';

/** The participants an event has in the store, as the directory an import matches against. */
export class EventDirectory extends ParticipantIndex {
  constructor(db: Db, eventId: number) {
    super();
    const rows = db.prepare('SELECT id, external_id, email_key FROM participants WHERE event_id = ? ORDER BY id').iterate(eventId) as Iterable<{
      id: number;
      external_id: string;
      email_key: string;
    }>;
    for (const row of rows) this.add(row.id, row.external_id, row.email_key);
  }
}

/**
 * Gives each row matched by e-mail the participant's values as they are now, so the person
 * sees what the row would change before it is acted on (docs/interface.md, "Identity").
 * Matches by external id are the person the row names; they are left as they are.
 */
export function describeEmailMatches(db: Db, parsed: ParsedParticipant[]): void {
  const read = db.prepare('SELECT external_id, name, email, locale, note FROM participants WHERE id = ?');
  for (const p of parsed) {
    if (p.match_field !== 'email' || p.participant_id === null) continue;
    const found = read.get(p.participant_id) as MatchedParticipant | undefined;
    if (found) p.matched_participant = { ...found };
  }
}

export interface ParticipantRow {
  id: number;
  external_id: string;
  name: string;
  email: string;
  locale: string;
  note: string;
  demographic_ids: number[];
}

/** An event's participants with their demographics, for tests and exports. */
export function listParticipants(db: Db, eventId: number): ParticipantRow[] {
  const rows = db
    .prepare(
      `SELECT p.id, p.external_id, p.name, p.email, p.locale, p.note, group_concat(pd.demographic_id) AS ids
         FROM participants p LEFT JOIN participant_demographics pd ON pd.participant_id = p.id
        WHERE p.event_id = ? GROUP BY p.id ORDER BY p.id`,
    )
    .all(eventId) as (Omit<ParticipantRow, 'demographic_ids'> & { ids: string | null })[];
  return rows.map(({ ids, ...row }) => ({
    ...row,
    demographic_ids: ids ? ids.split(',').map(Number).sort((a, b) => a - b) : [],
  }));
}
