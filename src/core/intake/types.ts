/** Contract types of spreadsheet intake: grid → header → column mapping → participant payload. */
import type { ParsedParticipant, ParticipantInput } from '../contract/imports';
import type { MappingReason } from './mapping-reasons';
import type { RowWarning } from './row-warnings';
import type { IntakeWarning } from './warning-words';

/** Targets a column can supply only once per row. */
export const SINGLE_TARGETS = ['external_id', 'name', 'first_name', 'last_name', 'email', 'locale', 'note'] as const;
export type SingleTarget = (typeof SINGLE_TARGETS)[number];

/** The prefix of a demographic target; the rest is the category name. */
export const DEMOGRAPHIC_PREFIX = 'demographic:';

/**
 * What a column supplies: one participant property, a part of the name (first and last
 * are joined into `name`), the demographic of one category, or nothing.
 */
export type ColumnTarget = SingleTarget | `demographic:${string}` | 'ignore';

export interface MappedColumn {
  /** 0-based column index in the sheet. */
  index: number;
  /** The header cell as written (trimmed). */
  header: string;
  target: ColumnTarget;
  /** 0..1; 1 for a confirmed or exact match. */
  confidence: number;
  /** Why, as data the catalogs word (mapping-reasons.ts). */
  reason: MappingReason;
}

export interface ColumnMapping {
  /** `headerSignature` of the header row the mapping was made for. */
  signature: string;
  /** One entry per column, in column order. */
  columns: MappedColumn[];
}

export interface IntakeRow {
  participant: ParticipantInput;
  /** 1-based row number in the sheet, as the spreadsheet app shows it. */
  source_row: number;
  /** Sentences for a person about what intake noticed or assumed. */
  warnings: string[];
  /** The same warnings as data (index for index), for words in another language than English. */
  warning_words?: IntakeWarning[];
  /** Those of the warnings only the cells could give, as data a draft row keeps (row-warnings.ts). */
  notes?: RowWarning[];
}

export type CheckedParticipant = ParsedParticipant & { source_row: number; warnings: string[]; warning_words?: IntakeWarning[] };

export function isDemographicTarget(target: ColumnTarget): target is `demographic:${string}` {
  return target.startsWith(DEMOGRAPHIC_PREFIX);
}

export function demographicTarget(category: string): `demographic:${string}` {
  return `${DEMOGRAPHIC_PREFIX}${category}`;
}

/** The category name of a demographic target. */
export function categoryOf(target: `demographic:${string}`): string {
  return target.slice(DEMOGRAPHIC_PREFIX.length);
}
