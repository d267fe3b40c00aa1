import { UseCaseError, type UseCaseFailure } from '../services/usecases/errors';

/** A failure the user can act on: printed as one line, never as a stack trace. */
export class UsageError extends Error {
  constructor(message: string, readonly exitCode = 2) {
    super(message);
  }
}

const EXIT_CODE: Record<UseCaseFailure, number> = { input: 2, failed: 1, token_refused: 3, unreachable: 4, interrupted: 130 };

/**
 * A use case's failure as the command line reports it: one line and the exit code the README
 * documents; a sentence about the spreadsheet names the file as the person typed it.
 */
export function asUsageError(error: unknown, file?: string): unknown {
  if (!(error instanceof UseCaseError)) return error;
  return new UsageError(error.aboutFile && file ? `${file}: ${error.message}` : error.message, EXIT_CODE[error.reason]);
}

/** Why a file cannot be read, in words (never an errno code), with what to do. */
export function fileProblem(code: string | undefined): string {
  switch (code) {
    case 'ENOENT':
      return 'does not exist; check the path (it is read from the folder the command runs in)';
    case 'EACCES':
    case 'EPERM':
      return 'cannot be read with your permissions; check who may read it';
    case 'EISDIR':
      return 'is a folder, not a file';
    default:
      return 'cannot be read';
  }
}
