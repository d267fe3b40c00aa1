/**
 * Whether a person typed into quick entry is already in the list: the same external id, or
 * the same e-mail (as the parser matches repeats, without regard to case or spaces). Said
 * while typing, before the row is added, so a walk-in registered twice is caught at the desk.
 */
export interface EntryRow {
  position: number;
  cells: { external_id: string; name: string; email: string };
}

export interface EntryRepeat {
  /** 1-based, as the grid numbers rows. */
  row: number;
  name: string;
  field: 'external_id' | 'email';
}

const key = (text: string): string => text.trim().toLowerCase();

export function entryRepeat(rows: readonly EntryRow[], entry: { external_id: string; email: string }): EntryRepeat | null {
  const id = key(entry.external_id);
  const email = key(entry.email);
  if (id === '' && email === '') return null;
  for (let i = 0; i < rows.length; i++) {
    const cells = rows[i].cells;
    if (id !== '' && key(cells.external_id) === id) return { row: i + 1, name: cells.name, field: 'external_id' };
    if (email !== '' && key(cells.email) === email) return { row: i + 1, name: cells.name, field: 'email' };
  }
  return null;
}
