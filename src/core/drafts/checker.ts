/**
 * A draft's rows checked by the shared parser, kept up to date edit by edit: a changed row
 * is parsed again on its own, and the duplicate marks (which depend on every row) are
 * recomputed in one pass, so an edit of one cell in 100,000 rows costs one parse and one
 * hash pass, not a whole new check. Answers which rows' problems changed.
 *
 * The workspace checks without the event's participant directory (that is the service's
 * parse, compared before an import is acted on), so identity conflicts here come only from
 * the rows themselves and are recomputed with the duplicates.
 */
import type { ParsedParticipant, ParticipantInput } from '../contract/imports';
import { markDuplicates, parseParticipant, type ParseContext } from '../participants/parser';

export class DraftChecker {
  private parsed: ParsedParticipant[];

  constructor(
    participants: readonly ParticipantInput[],
    private readonly context: ParseContext = {},
  ) {
    this.parsed = participants.map((p, i) => parseParticipant(p, i + 1, context));
    markDuplicates(this.parsed);
  }

  get size(): number {
    return this.parsed.length;
  }

  at(index: number): ParsedParticipant {
    return this.parsed[index];
  }

  /** Rows with an invalid field, and rows that repeat another (but are valid). */
  counts(): { invalid: number; duplicates: number } {
    let invalid = 0;
    let duplicates = 0;
    for (const p of this.parsed) {
      if (p.invalid_fields.length > 0) invalid++;
      else if (p.duplicate_of_row !== null || p.identity_conflict !== null) duplicates++;
    }
    return { invalid, duplicates };
  }

  /** Replaces rows by index; answers every index whose parse or duplicate mark changed. */
  replace(changes: readonly { index: number; participant: ParticipantInput }[]): number[] {
    const before = this.parsed.map((p) => `${p.duplicate_of_row ?? ''}|${p.identity_conflict ?? ''}`);
    const touched = new Set<number>();
    for (const { index, participant } of changes) {
      this.parsed[index] = parseParticipant(participant, index + 1, this.context);
      touched.add(index);
    }
    for (const p of this.parsed) {
      p.duplicate_of_row = null;
      p.identity_conflict = null;
    }
    markDuplicates(this.parsed);
    this.parsed.forEach((p, i) => {
      if (`${p.duplicate_of_row ?? ''}|${p.identity_conflict ?? ''}` !== before[i]) touched.add(i);
    });
    return [...touched].sort((a, b) => a - b);
  }
}
