import { APP_HOST, APP_PAGE_URL, APP_SCHEME } from './app-scheme';

/** Where the window's page comes from, and how to tell the app's own page from anything else. */
export interface RendererLocation {
  /** What the window loads. */
  url: string;
  /** True only for the app's own page: IPC from anywhere else is refused. */
  isOwn(url: string): boolean;
}

export interface RendererLocationInput {
  /** electron-vite's dev server (ELECTRON_RENDERER_URL); honoured only when not packaged. */
  devServerUrl?: string;
  packaged: boolean;
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

export function rendererLocation(input: RendererLocationInput): RendererLocation {
  const dev = !input.packaged && input.devServerUrl ? parse(input.devServerUrl) : null;
  if (dev && (dev.hostname === 'localhost' || dev.hostname === '127.0.0.1') && dev.protocol === 'http:') {
    return { url: dev.href, isOwn: (url) => parse(url)?.origin === dev.origin };
  }
  const page = new URL(APP_PAGE_URL);
  return {
    url: page.href,
    // The app scheme serves only the built page and its assets; only the page itself talks
    // to the main side, whatever query or hash it carries.
    isOwn: (url) => {
      const candidate = parse(url);
      return (
        candidate !== null &&
        candidate.protocol === `${APP_SCHEME}:` &&
        candidate.host === APP_HOST &&
        !candidate.username &&
        !candidate.password &&
        candidate.pathname === page.pathname
      );
    },
  };
}
