/**
 * The renderer's Content-Security-Policy, sent as a header by Electron's session and by the
 * preview host. index.html carries the same policy in a meta tag so the page is covered even
 * before a header could apply; a unit test keeps the two identical.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // The grid (RevoGrid, built with Stencil) injects its component styles as <style> elements
  // and sets style attributes at run time. Styles cannot run code, and with img-src, font-src
  // and connect-src kept to 'self' a style cannot send anything out; scripts stay 'self' only.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'none'",
].join('; ');

/** frame-ancestors only works in a header (a meta tag ignores it with a console error). */
export const CONTENT_SECURITY_POLICY_HEADER = `${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`;
