/**
 * Whether a service answers at all, before anything is saved for it: any HTTP answer counts
 * (this says nothing of the token or the interface); no answer gives the transport's
 * sentence, as every other failure of the client words it.
 */
import got from 'got';
import type { Message } from '../../core/i18n';
import { classifyFailure } from '../../core/sync/failure';
import { failedCallOf } from './errors';
import { serviceBaseUrl } from './server-url';

export async function unreachableReason(serverUrl: string, timeoutMs = 10_000): Promise<string | null> {
  return (await unreachableSaid(serverUrl, timeoutMs))?.message ?? null;
}

/** The same, with the sentences as data the catalogs word (transport.*), for the page. */
export async function unreachableSaid(serverUrl: string, timeoutMs = 10_000): Promise<{ message: string; words: Message[] | null } | null> {
  const base = serviceBaseUrl(serverUrl);
  try {
    await got(base, { method: 'HEAD', retry: { limit: 0 }, throwHttpErrors: false, followRedirect: false, timeout: { request: timeoutMs } });
    return null;
  } catch (error) {
    const failure = classifyFailure(failedCallOf(error, { method: 'HEAD', readOnly: true }, base.startsWith('https:')));
    return { message: failure.message, words: failure.words ?? null };
  }
}
