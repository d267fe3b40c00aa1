import type { IdentityConflict } from '../contract/imports';

/** Finds participants the event already has. Lookups take an id as text and an e-mail key. */
export interface ParticipantDirectory {
  idByExternalId(externalId: string): number | undefined;
  /** Every participant with this e-mail key, oldest first: a family or a shared inbox has several. */
  idsByEmailKey(key: string): readonly number[];
  /** The external id a participant has ('' when none). */
  externalIdOf(id: number): string;
}

const NONE: readonly number[] = Object.freeze([]);

export const EMPTY_DIRECTORY: ParticipantDirectory = {
  idByExternalId: () => undefined,
  idsByEmailKey: () => NONE,
  externalIdOf: () => '',
};

/**
 * Whether a row may be matched by e-mail to `participantId`: not when both carry an external
 * id and they differ — that is another person who shares the e-mail, and matching would
 * overwrite their identity (docs/interface.md, "Identity").
 */
export function sameIdentity(rowExternalId: string, otherExternalId: string): boolean {
  return rowExternalId === '' || otherExternalId === '' || rowExternalId === otherExternalId;
}

export interface EmailMatch {
  id: number | null;
  conflict: IdentityConflict | null;
}

/**
 * The participant a row not found by its external id may be matched to by e-mail. Only when
 * the e-mail names exactly one participant: when it belongs to several (a family sharing an
 * address), nothing in the row says which of them it is, and updating the first would
 * rewrite someone else — the row is an `email_of_several_people` conflict and a person
 * decides. An e-mail whose holders all carry another external id is `email_of_another_person`.
 */
export function matchByEmail(directory: ParticipantDirectory, externalId: string, key: string): EmailMatch {
  const holders = directory.idsByEmailKey(key);
  if (holders.length === 0) return { id: null, conflict: null };
  let candidates = 0;
  for (const id of holders) if (sameIdentity(externalId, directory.externalIdOf(id))) candidates++;
  if (candidates === 0) return { id: null, conflict: 'email_of_another_person' };
  if (holders.length > 1) return { id: null, conflict: 'email_of_several_people' };
  return { id: holders[0], conflict: null };
}

/**
 * An event's participants by external id and e-mail key, kept current as rows are applied,
 * so a later row matches what an earlier row became.
 */
export class ParticipantIndex implements ParticipantDirectory {
  private readonly byExternal = new Map<string, number>();
  private readonly byEmail = new Map<string, number[]>();
  private readonly keysOf = new Map<number, { externalId: string; key: string }>();

  add(id: number, externalId: string, key: string): void {
    if (externalId !== '' && !this.byExternal.has(externalId)) this.byExternal.set(externalId, id);
    if (key !== '') {
      const holders = this.byEmail.get(key);
      if (!holders) this.byEmail.set(key, [id]);
      else if (!holders.includes(id)) insertSorted(holders, id);
    }
    this.keysOf.set(id, { externalId, key });
  }

  /** Records that a participant's external id or e-mail changed; its old keys stop matching. */
  update(id: number, externalId: string, key: string): void {
    const old = this.keysOf.get(id);
    if (old) {
      if (this.byExternal.get(old.externalId) === id) this.byExternal.delete(old.externalId);
      const holders = this.byEmail.get(old.key);
      if (holders) {
        const at = holders.indexOf(id);
        if (at >= 0) holders.splice(at, 1);
        if (holders.length === 0) this.byEmail.delete(old.key);
      }
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

  idsByEmailKey(key: string): readonly number[] {
    return this.byEmail.get(key) ?? NONE;
  }
}

function insertSorted(list: number[], id: number): void {
  let at = list.length;
  while (at > 0 && list[at - 1] > id) at--;
  list.splice(at, 0, id);
}
