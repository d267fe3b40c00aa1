import { pathToFileURL } from 'node:url';

/** Where the window's page comes from, and how to tell the app's own page from anything else. */
export interface RendererLocation {
  /** What the window loads. */
  url: string;
  /** True only for the app's own page: IPC from anywhere else is refused. */
  isOwn(url: string): boolean;
}

export interface RendererLocationInput {
  /** The built page, out/renderer/index.html. */
  indexFile: string;
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
  const page = pathToFileURL(input.indexFile);
  return {
    url: page.href,
    // file: URLs share one opaque origin, so compare the exact file, ignoring query and hash.
    isOwn: (url) => {
      const candidate = parse(url);
      return candidate !== null && candidate.protocol === 'file:' && candidate.pathname === page.pathname && candidate.host === page.host;
    },
  };
}
