import { UsageError } from './errors';
import { nearest } from './nearest';
import { APP_IDENTITY } from '../services/app/app-api';
import { processIo, type Io } from './io';
import type { CommandSeams } from './seams';
import { serveCommand } from './commands/serve';
import { tokenCommand } from './commands/token';
import { previewCommand } from './commands/preview';
import { checkCommand } from './commands/check';
import { pullCommand } from './commands/pull';
import { pushCommand } from './commands/push';
import { syncCommand } from './commands/sync';
import { statusCommand } from './commands/status';
import { outboxCommand } from './commands/outbox';
import { importCommand } from './commands/import';
import { CHECK, IMPORT, LIST, OUTBOX, PREVIEW, PULL, PUSH, STATUS, SYNC, TOKEN } from './help/commands';
import { listCommand } from './commands/list';
import { SERVE } from './help/serve';
import { renderHelp, type CommandHelp } from './help/types';

/** A command returns its exit code; long-running ones resolve when they are stopped. */
export type Command = (args: string[], io: Io, seams?: CommandSeams) => Promise<number>;

// Some commands take the environment third (for their tests); only push and sync get the seams, fourth.
export const COMMANDS: Record<string, { run: Command; help: CommandHelp }> = {
  check: { run: (args, io) => checkCommand(args, io), help: CHECK },
  push: { run: (args, io, seams) => pushCommand(args, io, process.env, seams), help: PUSH },
  sync: { run: (args, io, seams) => syncCommand(args, io, process.env, seams), help: SYNC },
  pull: { run: (args, io) => pullCommand(args, io), help: PULL },
  status: { run: (args, io) => statusCommand(args, io), help: STATUS },
  outbox: { run: (args, io) => outboxCommand(args, io), help: OUTBOX },
  import: { run: (args, io) => importCommand(args, io), help: IMPORT },
  list: { run: (args, io) => listCommand(args, io), help: LIST },
  serve: { run: serveCommand, help: SERVE },
  token: { run: tokenCommand, help: TOKEN },
  preview: { run: previewCommand, help: PREVIEW },
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
  .map(([name, c]) => `  ${name.padEnd(9)} ${c.help.summary}`)
  .join('\n')}\n\nmuster help <command> (or muster <command> --help) shows a command's options; muster --version its version.\n\nExit codes:\n${EXIT_CODES.map(([code, meaning]) => `  ${String(code).padEnd(4)} ${meaning}`).join('\n')}\n`;

export async function main(argv: string[], io: Io = processIo, seams: CommandSeams = {}): Promise<number> {
  if (argv[0] === 'help' && argv.length > 1) return main([argv[1], '--help'], io, seams);
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
  // `muster push --help`: what the command does, each option with its default, examples.
  if (args.includes('--help') || args.includes('-h')) {
    io.out(renderHelp(name, command.help));
    return 0;
  }
  try {
    return await command.run(args, io, seams);
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
