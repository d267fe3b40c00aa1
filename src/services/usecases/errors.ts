/**
 * Why a use case could not do what it was asked, as the faces (command line, app) need to
 * know it: each face words and codes it its own way (an exit code, a dialog). The message is
 * already a sentence for a person; some also carry its catalog words.
 */
import { SHARED_MESSAGES, type Message } from '../../core/i18n';
import { englishOf } from '../../core/i18n/translate';

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
  /** The message as catalog words (core/i18n), for a face that says it in the person's language. */
  words?: Message[];
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

  /** The same refusal, said from catalog words whose English is `message`. */
  saidAs(words: readonly Message[] | undefined): this {
    if (words && words.length > 0) this.words = [...words];
    return this;
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

/** The refusals said from the shared catalogs (core/i18n `refusals`), so the page says them in its language. */
export const REFUSAL_CODES = [
  'closing', 'draft_gone', 'draft_no_longer', 'row_gone', 'not_a_repeat', 'two_people', 'list_name', 'no_participants', 'push_not_asked', 'push_busy',
  'suggestion_stale', 'no_category', 'not_a_value', 'other_event', 'being_sent', 'import_not_here', 'import_not_on_service',
] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];

const english = englishOf(SHARED_MESSAGES.en);

/** A refusal whose English and catalog words come from one sentence. */
export function refusal(code: RefusalCode, reason: UseCaseFailure = 'input', params?: Record<string, string | number>): UseCaseError {
  const words: Message = params ? { key: `refusals.${code}`, params } : { key: `refusals.${code}` };
  return new UseCaseError(english(words.key, words.params), reason).saidAs([words]);
}
