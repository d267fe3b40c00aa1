/**
 * The sync status's problem, an outbox change's, or a subject's refused change, in the page's language: Muster's own sentences come as catalog
 * keys (transport.*, core/i18n), the service's words and older sentences as they were said.
 */
import type { OutboxItem, SyncStatus } from '../../../core/contract/app-api';

type Translate = (key: string, params: Record<string, unknown>) => string;

export function statusErrorText(status: Pick<SyncStatus, 'error' | 'errorWords'> | null | undefined, t: Translate): string | null {
  if (!status?.error) return null;
  const words = status.errorWords ?? [];
  return words.length > 0 ? words.map((w) => t(w.key, w.params ?? {})).join(' ') : status.error;
}

/** An outbox change's title in the page's language; its English one for a step the catalogs have no words for. */
export function outboxTitleText(item: Pick<OutboxItem, 'title' | 'titleWords'>, t: Translate, known: (key: string) => boolean): string {
  const { step, form, params } = item.titleWords;
  const key = `outbox.steps.${step}`;
  return known(key) ? t(`outbox.forms.${form}`, { ...params, step: t(key, {}) }) : item.title;
}

/** What discarding a change gives up, in the page's language; the English sentence when it came without its words. */
export function discardLossText(item: Pick<OutboxItem, 'discardLoses' | 'discardWords'>, t: Translate): string | null {
  const words = item.discardWords ?? [];
  return words.length > 0 ? words.map((w) => t(w.key, w.params ?? {})).join(' ') : item.discardLoses;
}
