/**
 * What a draft's rows have to say beyond their check: each row's warnings (worked out once per
 * change) and the counts per kind of problem and warning the problems panel groups by, kept
 * up to date from the rows an edit touched rather than recounted over every row.
 */
import type { DraftChecker } from '../../core/drafts/checker';
import { groupKeysOf, GroupTally } from '../../core/drafts/problem-groups';
import { rowProblemsOf } from '../../core/intake/problems';
import { QUIET, rowWarningsOf, sheetWarningsOf, type RowWarning } from '../../core/intake/row-warnings';
import type { ParticipantInput } from '../../core/contract/imports';
import type { Catalog } from '../../core/participants/catalog';

export class DraftFindings {
  private readonly tally = new GroupTally();
  private readonly warnings: (readonly RowWarning[] | undefined)[] = [];
  private readonly keys: (readonly string[])[];
  /** Per row, the participant it was when its own warnings were last worked out and there were none. */
  private readonly calm: (ParticipantInput | undefined)[] = [];

  constructor(
    private readonly row: (i: number) => { participant: ParticipantInput; notes?: readonly RowWarning[] },
    private readonly checker: DraftChecker,
    private readonly catalog: Catalog | undefined,
    rows: number,
  ) {
    this.keys = Array.from({ length: rows }, (_, i) => this.keysAt(i));
    for (const keys of this.keys) this.tally.add(keys);
  }

  warningsAt(i: number): readonly RowWarning[] {
    return (this.warnings[i] ??= this.worked(i));
  }

  private worked(i: number): readonly RowWarning[] {
    const { participant, notes } = this.row(i);
    const own = rowWarningsOf(participant, this.checker.at(i), this.catalog, this.quiet(i, participant));
    this.calm[i] = own.length === 0 ? participant : undefined;
    const sheet = sheetWarningsOf(notes, participant);
    return sheet.length === 0 ? own : [...own, ...sheet];
  }

  /**
   * The fields that said nothing when the row last had no warnings of its own and hold the
   * same values now: a bulk fix of one column checks only that column. The catalog is the
   * session's, so unchanged demographics resolve and warn as they did.
   */
  private quiet(i: number, p: ParticipantInput): number {
    const was = this.calm[i];
    if (!was) return 0;
    return (
      (p.external_id === was.external_id ? QUIET.external_id : 0) |
      (p.name === was.name ? QUIET.name : 0) |
      (p.email === was.email ? QUIET.email : 0) |
      (p.locale === was.locale ? QUIET.locale : 0) |
      (p.note === was.note ? QUIET.note : 0) |
      (p.demographics === was.demographics ? QUIET.demographics : 0)
    );
  }

  /** Whether the row has a problem or a warning: the panel lists it. */
  listed(i: number): boolean {
    return this.keys[i].length > 0;
  }

  /** Row `i` changed: its warnings and groups are worked out again. */
  changed(i: number): void {
    this.warnings[i] = undefined;
    this.tally.remove(this.keys[i]);
    this.keys[i] = this.keysAt(i);
    this.tally.add(this.keys[i]);
  }

  groups(): ReturnType<GroupTally['groups']> {
    return this.tally.groups();
  }

  private keysAt(i: number): readonly string[] {
    return groupKeysOf(this.checker.hasProblems(i) ? rowProblemsOf(this.checker.at(i)) : [], this.warningsAt(i));
  }
}
