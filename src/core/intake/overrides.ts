/** A person's corrections to a suggested mapping: "this column is the e-mail". */
import { columnLetter } from './cells';
import { isSurnameGroup } from './column-pairs';
import { headerText, isTarget, resolveDuplicates } from './mapping';
import { SINGLE_TARGETS, type ColumnMapping, type ColumnTarget, type MappedColumn } from './types';

export interface ColumnOverride {
  /** A column letter (`C`) or a header as written (case and spacing forgiven). */
  column: string;
  /** `email`, `name`, `first_name`, `last_name`, `external_id`, `locale`, `note`, `ignore` or `demographic:Category`. */
  target: string;
}

/** A correction that names no column or no target: the sentence says which and why. */
export class MappingOverrideError extends Error {
  override name = 'MappingOverrideError';
}

const LETTERS = /^[A-Z]{1,3}$/;

function findColumn(mapping: ColumnMapping, column: string): number {
  const wanted = headerText(column).toLowerCase();
  const byHeader = mapping.columns.filter((c) => c.header.toLowerCase() === wanted);
  if (byHeader.length === 1) return byHeader[0].index;
  if (byHeader.length > 1) {
    throw new MappingOverrideError(`More than one column is headed “${column}”; name it by its letter (${byHeader.map((c) => columnLetter(c.index)).join(', ')}).`);
  }
  const upper = column.trim().toUpperCase();
  if (LETTERS.test(upper)) {
    const found = mapping.columns.find((c) => columnLetter(c.index) === upper);
    if (found) return found.index;
  }
  throw new MappingOverrideError(`There is no column “${column}”; the columns are ${mapping.columns.map((c) => `${columnLetter(c.index)} (“${c.header}”)`).join(', ')}.`);
}

function targetOf(text: string): ColumnTarget {
  const trimmed = text.trim();
  const lower = trimmed.toLowerCase();
  if (isTarget(lower) && !lower.startsWith('demographic:')) return lower;
  // The prefix in any case ("Demographic:Diet"), like the other targets; the category as written.
  const category = lower.startsWith('demographic:') ? trimmed.slice('demographic:'.length).trim() : '';
  if (category !== '') return `demographic:${category}`;
  throw new MappingOverrideError(`“${text}” is not something a column can hold; use one of ${[...SINGLE_TARGETS, 'ignore'].join(', ')} or demographic:CATEGORY.`);
}

/** A last-name column chosen beside others that are parts of one surname with it joins them. */
function joinsSurname(columns: readonly MappedColumn[], index: number, target: ColumnTarget): boolean {
  if (target !== 'last_name') return false;
  const group = columns.filter((c) => c.index === index || c.target === 'last_name');
  return group.length > 1 && isSurnameGroup(group.map((c) => c.header));
}

/**
 * The mapping with a person's corrections applied at full confidence. A single-valued
 * target given to one column is taken from whichever column held it before, except that a
 * last-name column whose header makes it a part of the surname already mapped
 * (`Apellido materno` beside `Apellido paterno`) is added to the join.
 */
export function applyOverrides(mapping: ColumnMapping, overrides: readonly ColumnOverride[]): ColumnMapping {
  const columns = mapping.columns.map((c) => ({ ...c }));
  const next: ColumnMapping = { signature: mapping.signature, columns };
  for (const override of overrides) {
    const index = findColumn(next, override.column);
    const target = targetOf(override.target);
    const joins = joinsSurname(columns, index, target);
    for (const other of columns) {
      if (other.index !== index && other.target === target && target !== 'ignore' && !target.startsWith('demographic:') && !joins) {
        other.target = 'ignore';
        other.confidence = 1;
        other.reason = { code: 'chosen_instead', params: { column: columnLetter(index), target } };
      }
    }
    const column = columns.find((c) => c.index === index)!;
    column.target = target;
    column.confidence = 1;
    column.reason = { code: 'chosen' };
  }
  resolveDuplicates(columns);
  return next;
}
