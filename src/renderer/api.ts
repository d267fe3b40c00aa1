import { inject, type InjectionKey } from 'vue';
import { ApiError } from '../core/contract/api-error';
import { APP_API_METHODS, type AppClient } from '../core/contract/app-api';
import { APP_SOCKET_PATH, SECRET_FRAGMENT_KEY } from '../core/contract/app-socket';
import { socketClient, type SocketLike } from './transport/socket-client';

/** A failed call is the contract's one error: the main side's sentence, its code and details. */

const SECRET_KEY = 'muster.previewSecret';

/**
 * The preview's secret arrives in the link's fragment (`#k=…`), is kept for this tab so a
 * reload still works, and is taken out of the address bar so it is not shared by accident.
 */
export function previewSecret(location: Location, storage: Storage, history: History): string | null {
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  const given = fragment.get(SECRET_FRAGMENT_KEY);
  if (given) {
    storage.setItem(SECRET_KEY, given);
    fragment.delete(SECRET_FRAGMENT_KEY);
    const rest = fragment.toString();
    history.replaceState(history.state, '', `${location.pathname}${location.search}${rest ? `#${rest}` : ''}`);
    return given;
  }
  return storage.getItem(SECRET_KEY);
}

/** Electron's preload bridge when present, otherwise the preview host over its WebSocket. */
export function createApi(host: (Window & { muster?: AppClient }) | undefined = globalThis.window as Window & { muster?: AppClient }): AppClient {
  if (host?.muster) return host.muster;
  const { location } = host!;
  const secret = previewSecret(location, host!.sessionStorage, host!.history);
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${APP_SOCKET_PATH}`;
  return socketClient(url, secret, (address) => new WebSocket(address) as unknown as SocketLike);
}

/** Outside a page (a unit test importing a store) there is no main side to reach. */
function noHost(): AppClient {
  const refuse = () => Promise.reject(new ApiError('unreachable', 'There is no Muster window here to reach the main side from.'));
  return { ...Object.fromEntries(APP_API_METHODS.map((m) => [m, refuse])), subscribe: () => () => undefined } as unknown as AppClient;
}

/** The one way the UI reaches the main side. */
export const api: AppClient = globalThis.window ? createApi() : noHost();

/** Where the page's stores find their client: the app provides `api`; a store test provides a fake. */
export const APP_CLIENT: InjectionKey<AppClient> = Symbol('muster.appClient');

/** The client for a store (or the event relay) to call: the one its app provides, else the page's own. */
export function useClient(): AppClient {
  return inject(APP_CLIENT, api);
}
