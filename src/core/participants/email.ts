/**
 * The e-mail rule both the service and the app apply: the WHATWG form of an address
 * (what browsers accept in <input type=email>) plus a dotted domain, no dot at either
 * end of the local part and no two dots in a row. ASCII only, as most mail systems
 * still require (docs/interface.md).
 */
const EMAIL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export const MAX_EMAIL_LENGTH = 254;

export function isValidEmail(email: string): boolean {
  return email.length <= MAX_EMAIL_LENGTH && EMAIL.test(email);
}

/** The form used to match participants: e-mail compares without regard to case. */
export function emailKey(email: string): string {
  return lowerCased(email.trim());
}

/**
 * `text.toLowerCase()`, without a copy when nothing changes: toLowerCase always makes a new
 * string, and most e-mails are written in lower case already, so a parse made one garbage
 * string per row for nothing.
 */
export function lowerCased(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code >= 65 && code <= 90) || code > 127) return text.toLowerCase();
  }
  return text;
}
