/**
 * A draft's rows checked by the shared parser, kept up to date edit by edit: a changed row
 * is parsed again on its own, and the repeat marks (same external id or e-mail as an earlier
 * row) are recomputed only for the rows that share a key with a changed row, from an index
 * of rows per key. One cell edit in 100,000 rows costs one parse and a few lookups.
 * Answers which rows' problems changed. The result always equals a whole new check
 * (`parseParticipants`), which a property test holds it to.
 *
 * The workspace checks against the event's participants as far as this computer knows them
 * (`context.directory`, from the imports it saw acted on): a row whose e-mail several of them
 * share is a conflict here too. The service's parse, compared before an import is acted on,
 * sees them all.
 */
import type { IdentityConflict, ParsedParticipant, ParticipantInput } from '../contract/imports';
import { matchByEmail } from '../participants/directory';
import { markDuplicates, parseParticipant, sameIdentity, type ParseContext } from '../participants/parser';

/** Rows (0-based, ascending) per key; the first is the row the others repeat. */
class KeyIndex {
  private rows = new Map<string, number[]>();

  add(key: string, index: number): void {
    if (key === '') return;
    const list = this.rows.get(key);
    if (!list) return void this.rows.set(key, [index]);
    let at = list.length;
    while (at > 0 && list[at - 1] > index) at--;
    list.splice(at, 0, index);
  }

  remove(key: string, index: number): void {
    const list = this.rows.get(key);
    if (!list) return;
    const at = list.indexOf(index);
    if (at >= 0) list.splice(at, 1);
    if (list.length === 0) this.rows.delete(key);
  }

  first(key: string): number | undefined {
    return key === '' ? undefined : this.rows.get(key)?.[0];
  }

  members(key: string): readonly number[] {
    return this.rows.get(key) ?? [];
  }
}

const emailKey = (p: ParsedParticipant) => (p.email === '' ? '' : p.email.toLowerCase());

/** How a row counts in the summary: 0 fine, 1 invalid, 2 a valid repeat or conflict. */
const kindOf = (p: ParsedParticipant): 0 | 1 | 2 => (p.invalid_fields.length > 0 ? 1 : p.duplicate_of_row !== null || p.identity_conflict !== null ? 2 : 0);

export class DraftChecker {
  private parsed: ParsedParticipant[];
  private byExternalId = new KeyIndex();
  private byEmail = new KeyIndex();
  /** The summary's counts, kept as rows change: counting 100,000 rows on every keystroke cost more than the edit. */
  private tally = [0, 0, 0];

  /**
   * `parsed`: these rows' `parseParticipants` under the same context, when the caller has it
   * (a sheet just checked); parsing 100,000 rows again costs a sixth of opening the sheet.
   */
  constructor(
    participants: readonly ParticipantInput[],
    private readonly context: ParseContext = {},
    parsed?: ParsedParticipant[],
  ) {
    if (parsed && parsed.length !== participants.length) throw new Error('The parsed rows do not match the rows.');
    this.parsed = parsed ?? participants.map((p, i) => parseParticipant(p, i + 1, context));
    if (!parsed) markDuplicates(this.parsed);
    this.parsed.forEach((p, i) => {
      this.byExternalId.add(p.external_id, i);
      this.byEmail.add(emailKey(p), i);
      this.tally[kindOf(p)]++;
    });
  }

  get size(): number {
    return this.parsed.length;
  }

  at(index: number): ParsedParticipant {
    return this.parsed[index];
  }

  /** Rows with an invalid field, and rows that repeat another (but are valid). */
  counts(): { invalid: number; duplicates: number } {
    return { invalid: this.tally[1], duplicates: this.tally[2] };
  }

  /** The rows (1-based) with an invalid field. */
  invalidRows(): number[] {
    const rows: number[] = [];
    for (let i = 0; i < this.parsed.length; i++) if (this.parsed[i].invalid_fields.length > 0) rows.push(i + 1);
    return rows;
  }

  /** Whether the row has anything to show in the problems panel. */
  hasProblems(index: number): boolean {
    const p = this.parsed[index];
    return p.invalid_fields.length > 0 || p.duplicate_of_row !== null || p.identity_conflict !== null;
  }

  /** The repeat mark of one row, as markDuplicates gives it, from the key index. */
  private mark(index: number): boolean {
    const p = this.parsed[index];
    const firstExt = this.byExternalId.first(p.external_id);
    const firstMail = this.byEmail.first(emailKey(p));
    const byExt = firstExt !== undefined && firstExt < index ? firstExt : undefined;
    const byMail = firstMail !== undefined && firstMail < index ? firstMail : undefined;
    const duplicate = byExt ?? byMail;
    const conflict =
      this.eventConflict(p) ?? (byExt === undefined && byMail !== undefined && !sameIdentity(p.external_id, this.parsed[byMail].external_id) ? 'email_of_another_person' : null);
    const row = duplicate === undefined ? null : duplicate + 1;
    const changed = p.duplicate_of_row !== row || p.identity_conflict !== conflict;
    p.duplicate_of_row = row;
    p.identity_conflict = conflict;
    return changed;
  }

  /** The row's conflict with the event's participants, as parseParticipant finds it; it outranks the rows' own. */
  private eventConflict(p: ParsedParticipant): IdentityConflict | null {
    const directory = this.context.directory;
    if (!directory || p.email === '') return null;
    if (p.external_id !== '' && directory.idByExternalId(p.external_id) !== undefined) return null;
    return matchByEmail(directory, p.external_id, emailKey(p)).conflict;
  }

  /** Replaces rows by index; answers every index whose parse or repeat mark changed. */
  replace(changes: readonly { index: number; participant: ParticipantInput }[]): number[] {
    const touched = new Set<number>();
    const keys = { ext: new Set<string>(), mail: new Set<string>() };
    // Each row whose parse or mark may change leaves the tally first and comes back as it ends.
    const before = new Map<number, 0 | 1 | 2>();
    const leave = (i: number) => {
      if (before.has(i)) return;
      const kind = kindOf(this.parsed[i]);
      before.set(i, kind);
      this.tally[kind]--;
    };
    for (const { index, participant } of changes) {
      leave(index);
      const old = this.parsed[index];
      const fresh = parseParticipant(participant, index + 1, this.context);
      this.parsed[index] = fresh;
      touched.add(index);
      if (fresh.external_id === old.external_id && emailKey(fresh) === emailKey(old)) {
        // Same keys, so the index and every repeat mark stand: a bulk fix of another column
        // (a locale for 10,000 rows) costs only the parses.
        fresh.duplicate_of_row = old.duplicate_of_row;
        fresh.identity_conflict = old.identity_conflict;
        continue;
      }
      // Only the key that changed moves in its index: a bulk fix of e-mails leaves every
      // external id where it is. The rows sharing the e-mail are marked again either way, as
      // whether they conflict with this row depends on its external id.
      if (fresh.external_id !== old.external_id) {
        this.byExternalId.remove(old.external_id, index);
        this.byExternalId.add(fresh.external_id, index);
        keys.ext.add(old.external_id);
        keys.ext.add(fresh.external_id);
      }
      if (emailKey(fresh) !== emailKey(old)) {
        this.byEmail.remove(emailKey(old), index);
        this.byEmail.add(emailKey(fresh), index);
      }
      keys.mail.add(emailKey(old));
      keys.mail.add(emailKey(fresh));
    }
    // Only rows sharing a key with a changed row can have a different mark now.
    const affected = new Set<number>(touched);
    for (const key of keys.ext) if (key !== '') for (const i of this.byExternalId.members(key)) affected.add(i);
    for (const key of keys.mail) if (key !== '') for (const i of this.byEmail.members(key)) affected.add(i);
    for (const i of affected) {
      leave(i);
      if (this.mark(i)) touched.add(i);
    }
    for (const i of before.keys()) this.tally[kindOf(this.parsed[i])]++;
    return [...touched].sort((a, b) => a - b);
  }
}
