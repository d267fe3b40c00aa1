/**
 * A participant as the workspace grid shows it: one text cell per field, demographics as
 * "Category: value; Category: value". Everything from a file is text here; a cell typed
 * back is turned into the participant payload the parser reads.
 */
import type { DemographicEntryInput, ParticipantInput } from '../contract/imports';

export { GRID_FIELDS, type GridField } from '../contract/vocabulary';
import type { GridField } from '../contract/vocabulary';
export type GridCells = Record<GridField, string>;

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** The entries as one cell's text; joined by hand, as a list mapped and joined per row cost more than the rest of the row's cells. */
export function demographicsText(entries: readonly DemographicEntryInput[] | null | undefined): string {
  if (!entries) return '';
  let out = '';
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    // As join writes them: a missing name is empty, anything else its text.
    const part = e.demographic_category_name ? `${e.demographic_category_name}: ${e.demographic_name}` : String(e.demographic_name ?? '');
    out = i === 0 ? part : `${out}; ${part}`;
  }
  return out;
}

/** "Gender: Female; Age Group: 25-34" → entries; a part without a colon is a value with no category. */
export function demographicsOf(value: string): DemographicEntryInput[] {
  return value
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const colon = part.indexOf(':');
      return colon < 0
        ? { demographic_category_name: '', demographic_name: part }
        : { demographic_category_name: part.slice(0, colon).trim(), demographic_name: part.slice(colon + 1).trim() };
    });
}

export function cellsOf(participant: ParticipantInput): GridCells {
  return {
    external_id: text(participant.external_id),
    name: text(participant.name),
    email: text(participant.email),
    locale: text(participant.locale),
    note: text(participant.note),
    demographics: demographicsText(participant.demographics),
  };
}

/** The participant with one cell changed, as the person typed it. */
export function withCell(participant: ParticipantInput, field: GridField, value: string): ParticipantInput {
  if (field === 'demographics') return { ...participant, demographics: demographicsOf(value) };
  return { ...participant, [field]: value };
}
