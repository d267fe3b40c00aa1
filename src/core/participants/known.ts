/**
 * The participants of an event as far as one computer can tell: the imports it saw acted on,
 * replayed in order with the import action's rules (docs/interface.md, "Identity" and
 * "Import actions"). The interface has no way to list an event's participants, so this is
 * how an offline check learns which e-mails several of them share. Participants added
 * elsewhere are not in it; ids are only local (negative) for participants the service
 * created, since a parse before the action cannot name them.
 */
import type { ImportFlags, ParsedParticipant } from '../contract/imports';
import { matchByEmail, ParticipantIndex } from './directory';
import { emailKey } from './email';

export interface AppliedImport {
  flags: ImportFlags;
  /** The service's parse of the import, as read before its action ran. */
  participants: readonly ParsedParticipant[];
}

class KnownIndex extends ParticipantIndex {
  private readonly ids = new Set<number>();
  private nextLocal = -1;

  create(externalId: string, key: string): number {
    const id = this.nextLocal--;
    this.add(id, externalId, key);
    this.ids.add(id);
    return id;
  }

  all(): number[] {
    return [...this.ids];
  }

  forget(id: number): void {
    this.update(id, '', '');
    this.ids.delete(id);
  }
}

function replay(index: KnownIndex, { flags, participants }: AppliedImport): void {
  const touched = new Set<number>();
  for (const p of participants) {
    if (p.invalid_fields.length > 0) continue;
    if (p.duplicate_of_row !== null && flags.skip_duplicate_identity_matches) continue;
    const key = p.email === '' ? '' : emailKey(p.email);
    let id = p.external_id !== '' ? index.idByExternalId(p.external_id) : undefined;
    if (id === undefined && p.identity_conflict === null) {
      const byEmail = matchByEmail(index, p.external_id, key);
      if (byEmail.conflict === 'email_of_several_people') continue;
      id = byEmail.id ?? undefined;
    }
    if (id === undefined) {
      touched.add(index.create(p.external_id, key));
      continue;
    }
    touched.add(id);
    const merged = p.duplicate_of_row !== null && p.identity_conflict === null;
    if (!flags.only_demographics && !merged) index.update(id, p.external_id || index.externalIdOf(id), key);
    else if (p.external_id !== '' && index.externalIdOf(id) === '') index.update(id, p.external_id, index.emailKeyOf(id));
  }
  if (flags.destroy_unmatched_participants && touched.size > 0) {
    for (const id of index.all()) if (!touched.has(id)) index.forget(id);
  }
}

/** The event's participants after `imports`, in the order their actions ran. */
export function knownParticipants(imports: readonly AppliedImport[]): ParticipantIndex {
  const index = new KnownIndex();
  for (const applied of imports) replay(index, applied);
  return index;
}
