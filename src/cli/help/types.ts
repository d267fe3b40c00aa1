/** What `muster COMMAND --help` says: what the command does, each option with its default, examples. */
export interface OptionHelp {
  /** As typed, with its value: `--event ID`. */
  flag: string;
  text: string;
  default?: string;
}

export interface CommandHelp {
  /** One line for `muster --help`. */
  summary: string;
  usage: string;
  options: OptionHelp[];
  examples: string[];
  /** Further paragraphs (serve's fault spec). */
  more?: string;
}

export function renderHelp(name: string, help: CommandHelp): string {
  const width = Math.max(...help.options.map((o) => o.flag.length)) + 2;
  const options = help.options.map((o) => `  ${o.flag.padEnd(width)}${o.text}${o.default ? ` (default: ${o.default})` : ''}`);
  return [
    `Usage: muster ${name} ${help.usage}`,
    '',
    help.summary,
    '',
    'Options:',
    ...options,
    '',
    `Example${help.examples.length > 1 ? 's' : ''}:`,
    ...help.examples.map((e) => `  ${e}`),
    ...(help.more ? ['', help.more] : []),
    '',
  ].join('\n');
}
