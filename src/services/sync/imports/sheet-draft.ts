/**
 * A spreadsheet file read into a ready draft by the one reading, mapping and validation pass
 * `muster check` makes (services/intake/check-file.ts), so what check showed is what is pushed.
 *
 * - `readSheetRows(path, options)` → the check (summary, invalid rows, mapping) and the draft
 *   rows: the participant payloads intake made from the cells, each with its sheet row.
 * - `createReadyDraft(db, input, rows, at?)` → the draft id, created `ready` in one
 *   transaction.
 */
import { createHash } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { basename } from 'node:path';
import type { ImportFlags } from '../../../core/contract/imports';
import { checkFile, type CheckFileOptions, type FileCheck } from '../../intake/check-file';
import type { MirrorDb } from '../../mirror/open';
import type { DraftRowInput } from '../../mirror/queries/drafts/draft-rows';
import { createDraft, setDraftState, type DraftSource } from '../../mirror/queries/drafts/drafts';

export interface SheetRows {
  check: Omit<FileCheck, 'workbook' | 'payloads'>;
  rows: DraftRowInput[];
  source: DraftSource;
}

/** The file's content hash (hex): the same sheet chosen again is known by it, wherever it lies. */
export async function fileHash(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function readSheetRows(path: string, options: Omit<CheckFileOptions, 'keepCells' | 'keepPayloads'> = {}): Promise<SheetRows> {
  // One mapping pass: the check keeps the payloads it parsed, and the draft is made of them.
  const { payloads, ...check } = await checkFile(path, { ...options, keepPayloads: true });
  const rows: DraftRowInput[] = payloads ?? [];
  const source = { name: basename(path), size: statSync(path).size, hash: await fileHash(path) };
  return { check, rows, source };
}

export interface ReadyDraftInput {
  externalEventId: number;
  source: DraftSource;
  sheetName: string | null;
  headerRow: number | null;
  mapping: FileCheck['mapping'] | null;
  flags: Partial<ImportFlags>;
}

export function createReadyDraft(db: MirrorDb, input: ReadyDraftInput, rows: readonly DraftRowInput[], at: number = Date.now()): number {
  return db.transaction(() => {
    const draft = createDraft(db, input, rows, at);
    setDraftState(db, draft.id, 'ready', { at });
    return draft.id;
  })();
}
