export type SheetErrorCode = 'not_a_spreadsheet' | 'empty' | 'truncated' | 'password_protected' | 'too_large' | 'unreadable' | 'no_such_sheet';

/** A file that cannot be read, with a sentence a person can act on. */
export class SheetReadError extends Error {
  override name = 'SheetReadError';
  constructor(
    readonly code: SheetErrorCode,
    message: string,
  ) {
    super(message);
  }
}
