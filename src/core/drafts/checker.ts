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
import { KeyIndex } from './key-index';
import { sameEntries, type ResolvedDemographics } from '../participants/demographics';
import { matchByEmail } from '../participants/directory';
import { lowerCased } from '../participants/email';
import { markDuplicates, parseParticipant, sameIdentity, type ParseContext } from '../participants/parser';

/** A parse's demographics as resolveDemographics gave them, to be used again. */
const resolvedOf = (p: ParsedParticipant): ResolvedDemographics => ({
  demographics: p.demographics,
  demographicIds: p.demographic_ids,
  valid: !p.invalid_fields.includes('demographics'),
});

const emailKey = (p: ParsedParticipant) => (p.email === '' ? '' : lowerCased(p.email));

/** How a row counts in the summary: 0 fine, 1 invalid, 2 a valid repeat or conflict. */
const kindOf = (p: ParsedParticipant): 0 | 1 | 2 => (p.invalid_fields.length > 0 ? 1 : p.duplicate_of_row !== null || p.identity_conflict !== null ? 2 : 0);

const LEFT = 1;
const TOUCHED = 2;
const AFFECTED = 4;

export class DraftChecker {
  /** The rows as given, to tell which part of a replaced row changed. */
  private inputs: ParticipantInput[];
  private parsed: ParsedParticipant[];
  private byExternalId: KeyIndex;
  private byEmail: KeyIndex;
  /** The summary's counts, kept as rows change: counting 100,000 rows on every keystroke cost more than the edit. */
  private tally = [0, 0, 0];
  /** Per row, what the replace under way did with it (LEFT, TOUCHED, AFFECTED); all clear between replaces. */
  private flags: Uint8Array;
  /** Each row's e-mail key (its e-mail in lower case), worked out once per parse. */
  private mails: string[];
  /** Counts replaces, for the key index to gather each key's rows once per replace. */
  private round = 0;

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
    this.inputs = [...participants];
    this.flags = new Uint8Array(participants.length);
    this.mails = new Array<string>(participants.length);
    this.byExternalId = new KeyIndex(participants.length);
    this.byEmail = new KeyIndex(participants.length);
    this.parsed = parsed ?? participants.map((p, i) => parseParticipant(p, i + 1, context));
    if (!parsed) markDuplicates(this.parsed);
    this.parsed.forEach((p, i) => {
      this.byExternalId.add(p.external_id, i);
      this.mails[i] = emailKey(p);
      this.byEmail.add(this.mails[i], i);
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
    const firstMail = this.byEmail.first(this.mails[index]);
    const byExt = firstExt !== undefined && firstExt < index ? firstExt : undefined;
    const byMail = firstMail !== undefined && firstMail < index ? firstMail : undefined;
    const duplicate = byExt ?? byMail;
    const conflict =
      this.eventConflict(p, this.mails[index]) ?? (byExt === undefined && byMail !== undefined && !sameIdentity(p.external_id, this.parsed[byMail].external_id) ? 'email_of_another_person' : null);
    const row = duplicate === undefined ? null : duplicate + 1;
    const changed = p.duplicate_of_row !== row || p.identity_conflict !== conflict;
    p.duplicate_of_row = row;
    p.identity_conflict = conflict;
    return changed;
  }

  /** The row's conflict with the event's participants, as parseParticipant finds it; it outranks the rows' own. */
  private eventConflict(p: ParsedParticipant, mail: string): IdentityConflict | null {
    const directory = this.context.directory;
    if (!directory || p.email === '') return null;
    if (p.external_id !== '' && directory.idByExternalId(p.external_id) !== undefined) return null;
    return matchByEmail(directory, p.external_id, mail).conflict;
  }

  /** Replaces rows by index; answers every index whose parse or repeat mark changed. */
  replace(changes: readonly { index: number; participant: ParticipantInput }[]): number[] {
    const { flags } = this;
    // Each row whose parse or mark may change leaves the tally first and comes back as it ends.
    const left: number[] = [];
    const touched: number[] = [];
    const leave = (i: number) => {
      if (flags[i] & LEFT) return;
      flags[i] |= LEFT;
      left.push(i);
      this.tally[kindOf(this.parsed[i])]--;
    };
    const touch = (i: number) => {
      if (flags[i] & TOUCHED) return;
      flags[i] |= TOUCHED;
      touched.push(i);
    };
    // The rows whose keys moved, with their keys as they were (null: the external id stayed).
    const moved: number[] = [];
    const movedExt: (string | null)[] = [];
    const movedMail: string[] = [];
    // Indexed loops here and below: a bulk fix runs this once over 10,000 rows, before the
    // optimiser has seen it, and each for…of step made an object of its own.
    for (let c = 0; c < changes.length; c++) {
      const { index, participant } = changes[c];
      leave(index);
      touch(index);
      const old = this.parsed[index];
      // A row whose demographics are as they were keeps their resolution (and its parse's lists).
      const kept = sameEntries(this.inputs[index]?.demographics, participant?.demographics) ? resolvedOf(old) : undefined;
      const fresh = parseParticipant(participant, index + 1, this.context, kept);
      this.inputs[index] = participant;
      this.parsed[index] = fresh;
      const oldMail = this.mails[index];
      const freshMail = emailKey(fresh);
      this.mails[index] = freshMail;
      if (fresh.external_id === old.external_id && freshMail === oldMail) {
        // Same keys, so the index and every repeat mark stand: a bulk fix of another column
        // (a locale for 10,000 rows) costs only the parses.
        fresh.duplicate_of_row = old.duplicate_of_row;
        fresh.identity_conflict = old.identity_conflict;
        continue;
      }
      // Only the key that changed moves in its index: a bulk fix of e-mails leaves every
      // external id where it is. The rows sharing the e-mail are marked again either way, as
      // whether they conflict with this row depends on its external id.
      const extMoved = fresh.external_id !== old.external_id;
      moved.push(index);
      movedExt.push(extMoved ? old.external_id : null);
      movedMail.push(oldMail);
      if (extMoved) {
        this.byExternalId.remove(old.external_id, index);
        this.byExternalId.add(fresh.external_id, index);
      }
      if (freshMail !== oldMail) {
        this.byEmail.remove(oldMail, index);
        this.byEmail.add(freshMail, index);
      }
    }
    // Only rows whose keys moved, and rows sharing a key (old or new) with them, can have a
    // different mark now; each key's rows are gathered once.
    const affected: number[] = [];
    const affect = (i: number) => {
      if (flags[i] & AFFECTED) return;
      flags[i] |= AFFECTED;
      affected.push(i);
    };
    const round = ++this.round;
    for (let k = 0; k < moved.length; k++) {
      const index = moved[k];
      const ext = movedExt[k];
      affect(index);
      if (ext !== null) {
        this.byExternalId.visitOnce(ext, round, affect);
        this.byExternalId.visitOnce(this.parsed[index].external_id, round, affect);
      }
      this.byEmail.visitOnce(movedMail[k], round, affect);
      this.byEmail.visitOnce(this.mails[index], round, affect);
    }
    for (let a = 0; a < affected.length; a++) {
      const i = affected[a];
      leave(i);
      if (this.mark(i)) touch(i);
    }
    for (let l = 0; l < left.length; l++) {
      const i = left[l];
      this.tally[kindOf(this.parsed[i])]++;
      flags[i] = 0;
    }
    return isAscending(touched) ? touched : touched.sort((a, b) => a - b);
  }
}

/** A bulk fix touches its rows in order: sorting 10,000 that are, with a comparator, costs a millisecond or two. */
function isAscending(values: readonly number[]): boolean {
  for (let i = 1; i < values.length; i++) if (values[i - 1] > values[i]) return false;
  return true;
}
