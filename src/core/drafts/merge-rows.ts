/**
 * Two rows that name the same person, made one: the earlier row keeps its values, takes the
 * later row's where its own are blank, and gains the later row's demographics it lacks.
 * Nothing is overwritten, so merging never loses a value the earlier row had.
 */
import type { DemographicEntryInput, ParticipantInput } from '../contract/imports';

const blank = (value: unknown) => value === null || value === undefined || String(value).trim() === '';
const FIELDS = ['external_id', 'name', 'email', 'locale', 'note'] as const;

export function mergeParticipants(keep: ParticipantInput, other: ParticipantInput): ParticipantInput {
  const merged: ParticipantInput = { ...keep };
  for (const field of FIELDS) if (blank(merged[field]) && !blank(other[field])) merged[field] = other[field];
  const key = (d: DemographicEntryInput) => `${d.demographic_category_name.toLowerCase()}\u0000${d.demographic_name.toLowerCase()}`;
  const mine = keep.demographics ?? [];
  const seen = new Set(mine.map(key));
  const extra = (other.demographics ?? []).filter((d) => !seen.has(key(d)));
  if (extra.length > 0 || keep.demographics !== undefined) merged.demographics = [...mine, ...extra];
  return merged;
}
