import { UsageError } from '../errors';
import type { Io } from '../io';

/** `muster preview`: the app's UI in a browser, with the real services behind it. */
export async function previewCommand(_args: string[], _io: Io): Promise<number> {
  throw new UsageError('preview is not available in this build.');
}
