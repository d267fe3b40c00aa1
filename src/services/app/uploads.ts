/**
 * The browser preview's way for a file in: the page sends the bytes of the file the person
 * picked, in parts, and gets a grant for the copy the main side keeps in its own folder
 * (owner-only, removed when the app closes). Sizes are capped as `muster check` caps them.
 */
import { closeSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { FileGrant } from '../../core/contract/app-api';
import { ApiError } from '../../core/contract/api-error';
import { MAX_SHEET_BYTES } from '../../core/contract/app-api-schemas/files';
import { safeFileName, ticket, type FileGrants } from './file-grants';

const UPLOADS_FOLDER = 'uploads';
/** Uploads begun and not finished at once; past that, the oldest is given up (a page gone wrong). */
const MOST_OPEN = 8;

interface Upload {
  path: string;
  fd: number;
  size: number;
  received: number;
}

export interface Uploads {
  begin(name: string, size: number): string;
  part(upload: string, offset: number, data: string): number;
  finish(upload: string): FileGrant;
  /** Removes every upload (the app closes). */
  clear(): void;
}

function megabytes(bytes: number): string {
  return `${Math.ceil(bytes / (1024 * 1024))} MB`;
}

export function createUploads(dataDir: string, grants: FileGrants, maxBytes = MAX_SHEET_BYTES): Uploads {
  const folder = join(dataDir, UPLOADS_FOLDER);
  const open = new Map<string, Upload>();
  const drop = (id: string, upload: Upload) => {
    open.delete(id);
    closeSync(upload.fd);
  };
  const find = (id: string): Upload => {
    const upload = open.get(id);
    if (!upload) throw new ApiError('no_upload', 'That file is no longer being received. Choose it again.');
    return upload;
  };
  // What an earlier run left behind (it stopped before it could clean up) goes first.
  rmSync(folder, { recursive: true, force: true });
  return {
    begin(name, size) {
      if (size > maxBytes) throw new ApiError('too_large', `${name} is ${megabytes(size)}; Muster reads spreadsheets of up to ${megabytes(maxBytes)}.`);
      for (const [oldest, upload] of open) {
        if (open.size < MOST_OPEN) break;
        drop(oldest, upload);
      }
      const id = ticket();
      const dir = join(folder, id);
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const path = join(dir, safeFileName(name));
      open.set(id, { path, fd: openSync(path, 'wx', 0o600), size, received: 0 });
      return id;
    },
    part(id, offset, data) {
      const upload = find(id);
      const bytes = Buffer.from(data, 'base64');
      if (offset !== upload.received || upload.received + bytes.length > upload.size) {
        drop(id, upload);
        throw new ApiError('bad_upload', 'The file arrived out of order. Choose it again.');
      }
      writeSync(upload.fd, bytes);
      upload.received += bytes.length;
      return upload.received;
    },
    finish(id) {
      const upload = find(id);
      drop(id, upload);
      if (upload.received !== upload.size) throw new ApiError('bad_upload', 'Only part of the file arrived. Choose it again.');
      return grants.grant(upload.path);
    },
    clear() {
      for (const [id, upload] of open) drop(id, upload);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
