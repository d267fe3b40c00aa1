import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './errors';
import { nearest } from './nearest';

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

/**
 * parseArgs' error as a sentence: an unknown option names the nearest known one; an option
 * missing its value says so; anything else is parseArgs' first line.
 */
function optionProblem(error: unknown, known: readonly string[]): string {
  const text = error instanceof Error ? error.message.split('\n')[0] : String(error);
  const code = (error as { code?: string }).code;
  const unknown = /^Unknown option '(-{1,2}[^']+)'/.exec(text)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && unknown) {
    const suggestion = nearest(unknown.replace(/^-+/, ''), known);
    return `there is no option ${unknown}${suggestion ? `; did you mean --${suggestion}?` : ''} (--help lists the options).`;
  }
  const missing = /^Option '(-{1,2}[^']+?)(?: <value>)?' argument missing/.exec(text)?.[1];
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && missing) return `${missing} needs a value, as in ${missing} VALUE.`;
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return `${text.replace(/^Unexpected argument/, 'unexpected argument').replace(/\. This command does not take positional arguments$/, '')}; this command takes no file or name.`;
  return text;
}

/**
 * node:util parseArgs with its errors turned into one-line usage errors. `alsoKnown` names
 * options a command took out of `args` before (push's import flags), so a slip of one of
 * them is answered with its right spelling too.
 */
export function parseOptions<O extends Options>(args: string[], options: O, allowPositionals = false, alsoKnown: readonly string[] = []) {
  try {
    return parseArgs({ args: joinNegativeValues(args, options), options, allowPositionals, strict: true });
  } catch (error) {
    throw new UsageError(optionProblem(error, [...Object.keys(options), ...alsoKnown]));
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
