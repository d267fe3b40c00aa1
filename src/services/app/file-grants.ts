/**
 * Grants: the only way a file reaches the app's services from the page. The host (its open
 * dialog, a dropped file's path taken in the preload, an upload in the preview) asks for a
 * grant for a file the person chose; the page holds only the grant's random id, valid while
 * this app runs. A page that names a path, or guesses an id, reads nothing.
 */
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { basename } from 'node:path';
import type { FileGrant } from '../../core/contract/app-api';
import { ApiError } from '../../core/contract/api-error';

export interface FileGrants {
  /** A grant for a regular file the person chose; refused in a sentence when it is none. */
  grant(path: string): FileGrant;
  /** The file behind a grant this run issued; refused in a sentence for any other id. */
  pathOf(grant: string): string;
  /** Every grant ends (the app closes). */
  clear(): void;
}

/** A name safe as the last part of a path here, its extension kept (how a sheet is read): no folders, no control characters. */
export function safeFileName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
  const cleaned = (name.split(/[\\/]/).pop() ?? '').replace(/[:*?"<>|\u0000-\u001f]/g, '_').replace(/^\.+/, '_').slice(-120);
  return cleaned || 'file';
}

export function ticket(): string {
  return randomBytes(24).toString('base64url');
}

export function createFileGrants(): FileGrants {
  const granted = new Map<string, string>();
  return {
    grant(path) {
      let size: number;
      try {
        const info = statSync(path);
        // The sentence begins with its own word: a capital must never change a file's name.
        if (!info.isFile()) throw new ApiError('not_a_file', `The folder ${basename(path)} is not a spreadsheet; choose the file itself.`);
        size = info.size;
      } catch (error) {
        if (error instanceof ApiError) throw error;
        throw new ApiError('not_a_file', basename(path) ? `The file ${basename(path)} cannot be read here; choose it again.` : 'That file cannot be read here; choose it again.');
      }
      const id = ticket();
      granted.set(id, path);
      return { grant: id, name: basename(path), size };
    },
    pathOf(grant) {
      const path = granted.get(grant);
      if (path === undefined) throw new ApiError('no_grant', 'Muster no longer has that file open. Choose the spreadsheet again.');
      return path;
    },
    clear: () => granted.clear(),
  };
}
