/**
 * Column mappings a person confirmed, remembered per header signature in the data folder,
 * so the next sheet with the same headers is mapped the same way without asking.
 */
import { mkdirSync, readFileSync, renameSync } from 'node:fs';
import { sync as writeFileAtomicSync } from 'write-file-atomic';
import { dirname, join } from 'node:path';
import type { ColumnMapping } from '../../core/intake';

export const MAPPING_FILE = 'mappings.json';
/** Enough for every template a team uses; the oldest confirmation goes first. */
export const MAX_REMEMBERED = 200;

interface Stored {
  version: 1;
  mappings: Record<string, { columns: ColumnMapping['columns']; confirmed_at: string }>;
}

/** The data folder cannot hold the mapping file; the sentence says why. */
export class MappingMemoryError extends Error {
  override name = 'MappingMemoryError';
}

function empty(): Stored {
  return { version: 1, mappings: {} };
}

function load(file: string): Stored {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return empty();
  }
  try {
    const parsed = JSON.parse(text) as Stored;
    // An array is an object too, but JSON.stringify would drop every signature put in it.
    if (parsed?.version === 1 && parsed.mappings && typeof parsed.mappings === 'object' && !Array.isArray(parsed.mappings)) return parsed;
  } catch {
    // fall through: a damaged file is set aside below, never silently overwritten
  }
  renameSync(file, `${file}.damaged-${Date.now()}`);
  return empty();
}

export class MappingMemory {
  private readonly file: string;

  constructor(dataDir: string) {
    this.file = join(dataDir, MAPPING_FILE);
  }

  /** The same memory for recalling only: a preview's corrections are not remembered. */
  readOnly(): MappingMemory {
    const view = Object.create(this) as MappingMemory;
    view.remember = () => undefined;
    return view;
  }

  recall(signature: string): ColumnMapping | null {
    const entry = load(this.file).mappings[signature];
    return entry && Array.isArray(entry.columns) ? { signature, columns: entry.columns } : null;
  }

  remember(mapping: ColumnMapping, now = new Date()): void {
    const stored = load(this.file);
    delete stored.mappings[mapping.signature];
    stored.mappings[mapping.signature] = { columns: mapping.columns, confirmed_at: now.toISOString() };
    const signatures = Object.keys(stored.mappings);
    for (const old of signatures.slice(0, Math.max(0, signatures.length - MAX_REMEMBERED))) delete stored.mappings[old];
    this.save(stored);
  }

  /** Forgets the mapping confirmed for a header signature; true when there was one. */
  forget(signature: string): boolean {
    const stored = load(this.file);
    if (!stored.mappings[signature]) return false;
    delete stored.mappings[signature];
    this.save(stored);
    return true;
  }

  /** Where the mappings are kept, to tell a person. */
  get location(): string {
    return this.file;
  }

  private save(stored: ReturnType<typeof load>): void {
    try {
      mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 });
      // Whole or not at all, so a crash mid-write leaves the previous file whole.
      writeFileAtomicSync(this.file, JSON.stringify(stored), { mode: 0o600 });
    } catch (error) {
      throw new MappingMemoryError(cannotWrite(this.file, (error as NodeJS.ErrnoException).code), { cause: error });
    }
  }
}

const WHY: Record<string, string> = {
  EEXIST: 'it is a file, not a folder',
  ENOTDIR: 'a part of its path is a file, not a folder',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'it is on a read-only disk',
  ENOSPC: 'the disk is full',
};

/** Failures of the file itself rather than of the folder it is in. */
const FILE_WHY: Record<string, string> = {
  EISDIR: 'it is a folder, not a file; move that folder away',
};

function cannotWrite(file: string, code: string | undefined): string {
  const fileWhy = FILE_WHY[code ?? ''];
  if (fileWhy) return `the mapping cannot be remembered in ${file}: ${fileWhy}.`;
  return `the mapping cannot be remembered in the data folder ${dirname(file)}: ${WHY[code ?? ''] ?? code ?? 'unknown error'}.`;
}
