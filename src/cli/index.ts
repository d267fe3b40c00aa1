import { UsageError } from './errors';
import { nearest } from './nearest';
import { APP_IDENTITY } from '../services/app/app-api';
import { processIo, type Io } from './io';
import { serveCommand } from './commands/serve';
import { tokenCommand } from './commands/token';
import { previewCommand } from './commands/preview';
import { checkCommand, CHECK_HELP } from './commands/check';
import { pullCommand, PULL_HELP } from './commands/pull';
import { pushCommand, PUSH_HELP } from './commands/push';
import { syncCommand, SYNC_HELP } from './commands/sync';
import { statusCommand, STATUS_HELP } from './commands/status';

/** A command returns its exit code; long-running ones resolve when they are stopped. */
export type Command = (args: string[], io: Io) => Promise<number>;

const COMMANDS: Record<string, { run: Command; help: string }> = {
  check: { run: checkCommand, help: CHECK_HELP },
  serve: { run: serveCommand, help: 'serve the reference service: --port N --data DIR [--seed demo] [--tokens-out FILE] [--faults SPEC] (see serve --help)' },
  token: { run: tokenCommand, help: 'issue a bearer token: --data DIR --company ID' },
  pull: { run: pullCommand, help: PULL_HELP },
  push: { run: pushCommand, help: PUSH_HELP },
  sync: { run: syncCommand, help: SYNC_HELP },
  status: { run: statusCommand, help: STATUS_HELP },
  preview: { run: previewCommand, help: "show the app's UI in a browser: [--port N] [--host H] [--data DIR] [--demo]" },
};

/** The exit codes every command uses; the README has the same table. */
export const EXIT_CODES: readonly [number, string][] = [
  [0, 'done'],
  [1, 'failed or refused (what was saved is kept)'],
  [2, 'a usage or input problem (an option, a file, a folder, an address)'],
  [3, 'the service refused the token (the queue waits for a new one)'],
  [4, 'the service cannot be reached (the work waits; muster sync finishes it)'],
  [130, 'stopped with Ctrl-C (the work waits; muster sync finishes it)'],
];

const USAGE = `Usage: muster <command> [options]\n\nCommands:\n${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(9)} ${c.help}`)
  .join('\n')}\n\nmuster help <command> (or muster <command> --help) shows a command's options; muster --version its version.\n\nExit codes:\n${EXIT_CODES.map(([code, meaning]) => `  ${String(code).padEnd(4)} ${meaning}`).join('\n')}\n`;

export async function main(argv: string[], io: Io = processIo): Promise<number> {
  if (argv[0] === 'help' && argv.length > 1) return main([argv[1], '--help'], io);
  const [name, ...args] = argv;
  if (name === '--version' || name === '-v') {
    io.out(APP_IDENTITY.version);
    return 0;
  }
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(USAGE);
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    const suggestion = nearest(name, Object.keys(COMMANDS));
    io.err(`muster: there is no command "${name}"${suggestion ? `; did you mean \`muster ${suggestion}\`?` : '.'} Run \`muster --help\` for the list.`);
    return 2;
  }
  // `muster push --help`: the command's own line (serve has a longer page of its own).
  if (name !== 'serve' && (args.includes('--help') || args.includes('-h'))) {
    io.out(`Usage: muster ${name} ${command.help}\n`);
    return 0;
  }
  try {
    return await command.run(args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`muster ${name}: ${error.message}`);
      return error.exitCode;
    }
    // Options parsing and file errors carry a readable message; anything else is a bug,
    // still reported in one line.
    const message = error instanceof Error ? error.message : String(error);
    io.err(`muster ${name}: ${message}`);
    return 1;
  }
}
