/**
 * Why a use case could not do what it was asked, as the faces (command line, app) need to
 * know it: each face words and codes it its own way (an exit code, a dialog). The message is
 * already a sentence for a person.
 */
export type UseCaseFailure =
  /** The request cannot be used as given (a file, an option, a folder, a server address). */
  | 'input'
  /** The work was tried and refused or failed; what was saved is kept. */
  | 'failed'
  /** The service refused the token; queued work waits for a new one. */
  | 'token_refused'
  /** The service cannot be reached now; queued work waits. */
  | 'unreachable'
  /** Cancelled by the person; queued work waits. */
  | 'interrupted';

export class UseCaseError extends Error {
  override name = 'UseCaseError';
  constructor(
    message: string,
    readonly reason: UseCaseFailure = 'input',
    /** True when the message is about the spreadsheet file, so a face may name the file first. */
    readonly aboutFile = false,
    /** A name for the problem, for a face that words it its own way (e.g. naming its option). */
    readonly problem?: string,
  ) {
    super(message);
  }
}

/** The sheet holds invalid rows and the caller did not ask to leave them out. */
export class InvalidRowsError extends UseCaseError {
  override name = 'InvalidRowsError';
  constructor(
    /** Sheet rows (1-based, as a spreadsheet shows them) of the invalid participants. */
    readonly invalidRows: readonly number[],
    readonly total: number,
  ) {
    super(`${invalidRows.length} of ${total} rows are invalid.`, 'failed', true);
  }
}
