/**
 * Whether a recruiting service can be used with a token, before anything is saved for it:
 * the address is usable, something answers there, it accepts the token, and it answers the
 * interface's import lookup as a Muster-compatible service does. Read-only.
 */
import { createRemoteClient } from '../remote/client';
import { isRemoteError } from '../remote/errors';
import { importLookup } from '../remote/imports';
import { unreachableReason, unreachableSaid } from '../remote/reach';
import { checkServerUrl } from './account-mirror';

export interface ConnectionCheck {
  ok: boolean;
  problem: 'bad_url' | 'unreachable' | 'token_refused' | 'not_muster' | null;
  /** The transport's or the service's own sentence. */
  detail: string | null;
}

export async function testConnection(serverUrl: string, token: string, options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<ConnectionCheck> {
  try {
    checkServerUrl(serverUrl);
  } catch (error) {
    return { ok: false, problem: 'bad_url', detail: (error as Error).message };
  }
  const unreachable = await unreachableReason(serverUrl, options.timeoutMs);
  if (unreachable) return { ok: false, problem: 'unreachable', detail: unreachable };
  const remote = createRemoteClient({ serverUrl, token: () => token });
  try {
    await importLookup(remote, { signal: options.signal });
    return { ok: true, problem: null, detail: null };
  } catch (error) {
    if (!isRemoteError(error)) throw error;
    if (error.kind === 'unauthorized') return { ok: false, problem: 'token_refused', detail: error.message };
    const unanswered = error.failure.source === 'network' || error.failure.source === 'timeout';
    return { ok: false, problem: unanswered ? 'unreachable' : 'not_muster', detail: error.message };
  } finally {
    remote.close();
  }
}

/** Why the service does not answer at all now (a sentence, and its words for the page), or null when something answers. */
export function whyUnreachable(serverUrl: string, timeoutMs = 5_000): ReturnType<typeof unreachableSaid> {
  return unreachableSaid(serverUrl, timeoutMs);
}
