import type { AppApi } from '../core/contract/app-api';

declare global {
  interface Window {
    /** Present only inside Electron, where the preload exposes the AppApi. */
    muster?: AppApi;
  }
}
