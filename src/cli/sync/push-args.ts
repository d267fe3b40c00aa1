/**
 * The parts of `muster push`'s arguments node:util cannot read, and its refusal sentence.
 *
 * - `splitFlagArgs(args)`: the six import flags as `--skip-invalid`, `--skip-invalid=false`
 *   (any of true/false/yes/no/1/0) or `--no-skip-invalid`; the rest is left for parseArgs.
 * - `overridesOf(--map values)`: COLUMN=TARGET corrections, as `muster check` takes them.
 * - `invalidRowsSentence(file, invalidSheetRows, total)`: why the push is refused, in one line.
 */
import { IMPORT_FLAG_NAMES, type ImportFlagName } from '../../core/contract/imports';
import type { ColumnOverride } from '../../core/intake';
import { UsageError } from '../errors';

const FLAG_BY_OPTION = new Map<string, ImportFlagName>(IMPORT_FLAG_NAMES.map((name) => [name.replaceAll('_', '-'), name]));
/** The import flags as options, without their dashes. */
export const FLAG_OPTIONS: readonly string[] = [...FLAG_BY_OPTION.keys()];
const TRUE = new Set(['true', 'yes', '1']);
const FALSE = new Set(['false', 'no', '0']);

export function splitFlagArgs(args: readonly string[]): { args: string[]; flags: Partial<Record<ImportFlagName, boolean>> } {
  const rest: string[] = [];
  const flags: Partial<Record<ImportFlagName, boolean>> = {};
  for (const arg of args) {
    const match = /^--(no-)?([a-z-]+)(?:=(.*))?$/.exec(arg);
    const flag = match ? FLAG_BY_OPTION.get(match[2]) : undefined;
    if (!match || !flag) {
      rest.push(arg);
      continue;
    }
    const [, negated, option, value] = match;
    if (value === undefined) {
      flags[flag] = !negated;
      continue;
    }
    const text = value.trim().toLowerCase();
    if (negated || (!TRUE.has(text) && !FALSE.has(text))) throw new UsageError(`--${option} takes true or false, as in --${option}=false, not "${arg}".`);
    flags[flag] = TRUE.has(text);
  }
  return { args: rest, flags };
}

export function overridesOf(values: readonly string[] | undefined): ColumnOverride[] {
  return (values ?? []).map((text) => {
    const at = text.lastIndexOf('=');
    if (at <= 0 || at === text.length - 1) throw new UsageError(`--map takes COLUMN=TARGET, such as "E-Mail=email" or "C=demographic:Gender", not "${text}".`);
    return { column: text.slice(0, at), target: text.slice(at + 1) };
  });
}

export function invalidRowsSentence(file: string, invalid: readonly number[], total: number): string {
  const shown = invalid.slice(0, 5);
  const more = invalid.length > shown.length ? ` and ${invalid.length - shown.length} more` : '';
  return `${file}: ${invalid.length} of ${total} rows are invalid (sheet row${invalid.length === 1 ? '' : 's'} ${shown.join(', ')}${more}); fix them (muster check ${file} shows why) or push with --skip-invalid to leave them out.`;
}
