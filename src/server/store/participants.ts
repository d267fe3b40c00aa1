import type { Db } from '../db/open';
import type { ParticipantDirectory } from '../../core/participants/parser';

/**
 * An in-memory index of an event's participants by external id and e-mail key. An import
 * job keeps it current as it writes, so a later row matches what an earlier row became.
 */
export class EventDirectory implements ParticipantDirectory {
  private readonly byExternal = new Map<string, number>();
  private readonly byEmail = new Map<string, number>();
  private readonly keysOf = new Map<number, { externalId: string; key: string }>();

  constructor(db: Db, eventId: number) {
    const rows = db.prepare('SELECT id, external_id, email_key FROM participants WHERE event_id = ? ORDER BY id').iterate(eventId) as Iterable<{
      id: number;
      external_id: string;
      email_key: string;
    }>;
    for (const row of rows) this.add(row.id, row.external_id, row.email_key);
  }

  add(id: number, externalId: string, key: string): void {
    if (externalId !== '' && !this.byExternal.has(externalId)) this.byExternal.set(externalId, id);
    if (key !== '' && !this.byEmail.has(key)) this.byEmail.set(key, id);
    this.keysOf.set(id, { externalId, key });
  }

  /** Records that a participant's external id or e-mail changed; its old keys stop matching. */
  update(id: number, externalId: string, key: string): void {
    const old = this.keysOf.get(id);
    if (old) {
      if (this.byExternal.get(old.externalId) === id) this.byExternal.delete(old.externalId);
      if (this.byEmail.get(old.key) === id) this.byEmail.delete(old.key);
    }
    this.add(id, externalId, key);
  }

  externalIdOf(id: number): string {
    return this.keysOf.get(id)?.externalId ?? '';
  }

  emailKeyOf(id: number): string {
    return this.keysOf.get(id)?.key ?? '';
  }

  idByExternalId(externalId: string): number | undefined {
    return this.byExternal.get(externalId);
  }

  idByEmailKey(key: string): number | undefined {
    return this.byEmail.get(key);
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
