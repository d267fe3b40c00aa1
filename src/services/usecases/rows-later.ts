/**
 * The rows of a large step, written when the main side is next idle (the step itself is in
 * the draft's log before it is answered; mirror/queries/drafts/draft-rows-behind.ts). One per
 * open draft: `option` for its steps (marked as this session's), `soon(count)` after a step of
 * `count` rows, `now()` before the draft closes.
 */
import { randomUUID } from 'node:crypto';
import type { MirrorDb } from '../mirror/open';
import type { DraftRowInput } from '../mirror/queries/drafts/draft-rows';
import { settleDraftRows } from '../mirror/queries/drafts/draft-rows-behind';

/** How many rows a step changes for it to be answered before its rows are written. */
const ROWS_LATER = 1_000;

export class RowsLater {
  private pending: ReturnType<typeof setImmediate> | undefined;
  /** What the session's steps pass to the log: only this session's memory may write its rows. */
  readonly option = { from: ROWS_LATER, owner: randomUUID() };

  constructor(
    private readonly db: MirrorDb,
    private readonly draftId: number,
    /** The draft's rows as the session holds them: what its steps made. */
    private readonly held: (position: number) => DraftRowInput | null,
  ) {}

  soon(count: number): void {
    if (count < this.option.from || this.pending) return;
    this.pending = setImmediate(() => {
      this.pending = undefined;
      this.now();
    });
  }

  now(): void {
    if (this.pending) clearImmediate(this.pending);
    this.pending = undefined;
    try {
      settleDraftRows(this.db, this.draftId, { owner: this.option.owner, held: this.held });
    } catch {
      // The rows stay behind the log, which holds them: the next edit or read of the rows
      // writes them first, and says so if it cannot.
    }
  }
}
