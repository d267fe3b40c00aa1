import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './errors';

type Options = NonNullable<ParseArgsConfig['options']>;

/** node:util parseArgs with its errors turned into one-line usage errors. */
export function parseOptions<O extends Options>(args: string[], options: O, allowPositionals = false) {
  try {
    return parseArgs({ args, options, allowPositionals, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message.split('\n')[0] : String(error));
  }
}

export function intOption(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} takes a whole number, not "${value}".`);
  return Number(value);
}
