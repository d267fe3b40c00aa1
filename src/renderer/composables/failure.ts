/**
 * What a failed call says to the person: the main side's sentence (an ApiError) in the page's
 * language when it came with its catalog words, else as it was said, or the error's text.
 */
import { ApiError } from '../../core/contract/api-error';
import { i18n } from '../i18n';

export function messageOf(failure: unknown): string {
  if (failure instanceof ApiError && failure.words && failure.words.length > 0) {
    const { t } = i18n.global;
    return failure.words.map((w) => t(w.key, w.params ?? {})).join(' ');
  }
  return failure instanceof Error ? failure.message : String(failure);
}
