/** A failure the user can act on: printed as one line, never as a stack trace. */
export class UsageError extends Error {
  constructor(message: string, readonly exitCode = 2) {
    super(message);
  }
}
