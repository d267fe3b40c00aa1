import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './errors';

type Options = NonNullable<ParseArgsConfig['options']>;

const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;

/**
 * `--max-mb -3`: parseArgs takes "-3" for an option and says "argument is ambiguous". After a
 * long option that takes a value, a negative number can only be that value, so it is passed
 * as `--max-mb=-3` and the option's own check says what is wrong with it.
 */
function joinNegativeValues(args: string[], options: Options): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--') return [...out, ...args.slice(i)];
    const name = args[i].startsWith('--') && !args[i].includes('=') ? args[i].slice(2) : '';
    if (name && options[name]?.type === 'string' && i + 1 < args.length && NEGATIVE_NUMBER.test(args[i + 1])) {
      out.push(`${args[i]}=${args[++i]}`);
    } else out.push(args[i]);
  }
  return out;
}

/** node:util parseArgs with its errors turned into one-line usage errors. */
export function parseOptions<O extends Options>(args: string[], options: O, allowPositionals = false) {
  try {
    return parseArgs({ args: joinNegativeValues(args, options), options, allowPositionals, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message.split('\n')[0] : String(error));
  }
}

/**
 * A whole number. With `belowOne`, a value under 1 (0 or negative) is refused with that
 * sentence; otherwise a negative one is refused as not a whole number.
 */
export function intOption(value: string | undefined, name: string, belowOne?: string): number | undefined {
  if (value === undefined) return undefined;
  if (belowOne !== undefined && /^(-\d+|0+)$/.test(value)) throw new UsageError(belowOne);
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} takes a whole number, not "${value}".`);
  return Number(value);
}
