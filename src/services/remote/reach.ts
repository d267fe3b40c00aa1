/**
 * Whether a service answers at all, before anything is saved for it: any HTTP answer counts
 * (this says nothing of the token or the interface); no answer gives the transport's
 * sentence, as every other failure of the client words it.
 */
import got from 'got';
import { classifyFailure } from '../../core/sync/failure';
import { failedCallOf } from './errors';
import { serviceBaseUrl } from './server-url';

export async function unreachableReason(serverUrl: string, timeoutMs = 10_000): Promise<string | null> {
  const base = serviceBaseUrl(serverUrl);
  try {
    await got(base, { method: 'HEAD', retry: { limit: 0 }, throwHttpErrors: false, followRedirect: false, timeout: { request: timeoutMs } });
    return null;
  } catch (error) {
    return classifyFailure(failedCallOf(error, { method: 'HEAD', readOnly: true }, base.startsWith('https:'))).message;
  }
}
