import { ACCOUNT_OPTION, DATA_OPTION, JSON_OPTION, SERVER_OPTION, TOKEN_OPTION } from './session-options';
import type { CommandHelp } from './types';

const SHEET: CommandHelp['options'] = [
  { flag: '--sheet NAME', text: 'the sheet to read', default: 'the one that holds the participant list' },
  { flag: '--header-row N', text: 'the row that holds the column names, counting from 1', default: 'found from the sheet' },
  { flag: '--map COLUMN=TARGET', text: 'map a column by hand (e.g. "E-Mail=email", "C=demographic:Gender"); remembered for sheets with the same headers; may be repeated' },
];

const FLAGS: CommandHelp['options'] = [
  { flag: '--skip-invalid', text: 'leave invalid rows out instead of refusing the push', default: 'false' },
  { flag: '--save-missing-categories=false', text: 'do not add demographic categories the event lacks', default: 'true' },
  { flag: '--only-demographics', text: 'for matched participants, only add the demographics', default: 'false' },
  { flag: '--destroy-existing-demographics', text: 'for matched participants, remove their demographics first', default: 'false' },
  { flag: '--destroy-unmatched-participants', text: 'remove the event’s participants the sheet does not name', default: 'false' },
  { flag: '--skip-duplicate-identity-matches', text: 'skip rows that repeat an earlier row’s person', default: 'false' },
];

export const CHECK: CommandHelp = {
  summary: 'Reads a spreadsheet offline and says what the service’s parser would: a table of the rows needing attention and a summary.',
  usage: 'FILE [options]',
  options: [
    ...SHEET,
    { flag: '--event ID', text: 'check demographics against the catalog of this event, as last learned from a service, and suggest its values for the sheet’s (demographics:<category> in --json)' },
    { flag: '--server URL', text: 'with --event: the catalog from this service’s mirror', default: 'any mirror that knows the event' },
    ACCOUNT_OPTION,
    { flag: '--json', text: 'print the sheet, header row, mapping, every parsed participant with its suggested fixes, and the summary as JSON' },
    { flag: '--cells', text: 'with --json: print the cells as read instead' },
    { flag: '--export OUT.xlsx|OUT.csv', text: 'write each row with its status and problems to a file' },
    { flag: '--apply-suggestions', text: 'with --export: write the list with every suggested fix that has one right answer made' },
    { flag: '--delimiter comma|semicolon|tab', text: 'the separator of a csv export (semicolon for Excel in German or French)', default: 'comma' },
    { flag: '--forget-mapping', text: 'map the columns afresh and forget the mapping remembered for these headers' },
    { flag: '--strict', text: 'exit 1 when a row is invalid' },
    { flag: '--lang en|de|fr|es', text: 'the language of the table, the columns’ reasons, the notes, the rows’ problems and the suggested fixes', default: 'from LC_ALL, LC_MESSAGES or LANG, else en' },
    DATA_OPTION,
    { flag: '--max-mb N', text: 'the largest file to read, in MB', default: '200' },
  ],
  examples: ['muster check participants.xlsx', 'muster check list.csv --map "Mail=email" --export checked.xlsx', 'muster check list.csv --export fixed.xlsx --apply-suggestions'],
};

export const PUSH: CommandHelp = {
  summary: 'Reads a spreadsheet as check does, saves it in the mirror and pushes it to an event as a participant import, following the import action to its end.',
  usage: 'FILE --event ID --server URL [options]   or   --resume --server URL',
  options: [
    { flag: '--event ID', text: 'the event’s external id (required)' },
    SERVER_OPTION,
    ...SHEET,
    ...FLAGS,
    { flag: '--direct', text: 'create the import with act_if_valid instead of reviewing the service’s parse first' },
    { flag: '--resume', text: 'finish the pushes an earlier run left unfinished' },
    JSON_OPTION,
    DATA_OPTION,
    ACCOUNT_OPTION,
    TOKEN_OPTION,
  ],
  examples: ['MUSTER_TOKEN=… muster push participants.xlsx --event 4711 --server http://127.0.0.1:8787', 'muster push list.csv --event 4711 --server https://recruiting.example.com --token-file token.txt --skip-invalid'],
};

export const SYNC: CommandHelp = {
  summary: 'Sends what the outbox holds — interrupted pushes, offline subject changes — until nothing is left.',
  usage: '--server URL [options]',
  options: [SERVER_OPTION, JSON_OPTION, DATA_OPTION, ACCOUNT_OPTION, TOKEN_OPTION],
  examples: ['muster sync --server https://recruiting.example.com --token-file token.txt'],
};

export const PULL: CommandHelp = {
  summary: 'Mirrors the imports and actions of the events the mirror knows, every subject of the account, and the standings of followed campaigns.',
  usage: '--server URL [options]',
  options: [
    SERVER_OPTION,
    { flag: '--follow-campaign N', text: 'follow recruiting campaign N from now on, so its slices can be searched offline' },
    JSON_OPTION,
    DATA_OPTION,
    ACCOUNT_OPTION,
    TOKEN_OPTION,
  ],
  examples: ['muster pull --server https://recruiting.example.com --token-file token.txt', 'muster pull --server https://recruiting.example.com --follow-campaign 12'],
};

/** The lines' language for the commands that speak more than English. */
const LANG_OPTION = { flag: '--lang en|de|fr|es', text: 'the language of the lines (JSON stays as it is)', default: 'from LC_ALL, LC_MESSAGES or LANG, else en' };

export const STATUS: CommandHelp = {
  summary: 'Says where syncing stands, from the outbox alone (no token, no network).',
  usage: '[options]',
  options: [{ flag: '--server URL', text: 'only this service’s mirror', default: 'every mirror in the data folder' }, JSON_OPTION, DATA_OPTION, ACCOUNT_OPTION, LANG_OPTION],
  examples: ['muster status', 'muster status --server https://recruiting.example.com --json'],
};

export const OUTBOX: CommandHelp = {
  summary: 'Lists the changes waiting in the outbox, in words; tries refused ones again; gives a change up.',
  usage: '--server URL [options]',
  options: [
    SERVER_OPTION,
    { flag: '--retry ID|all', text: 'try a refused or blocked change again (all: every refused one)' },
    { flag: '--discard ID', text: 'give up the push this change belongs to; says what is lost' },
    { flag: '--yes', text: 'with --discard: do it (without, nothing changes)' },
    JSON_OPTION,
    DATA_OPTION,
    ACCOUNT_OPTION,
    LANG_OPTION,
  ],
  examples: ['muster outbox --server https://recruiting.example.com', 'muster outbox --server https://recruiting.example.com --discard 12 --yes'],
};

export const IMPORT: CommandHelp = {
  summary: 'Reviews an import already on the service, whoever made it: its parse, an import action with the six flags, its document, its destroy, or a new list of its participants to fix and send again.',
  usage: 'show|act|destroy|export|draft ID --server URL [options]',
  options: [
    SERVER_OPTION,
    ...FLAGS.map((flag) => ({ ...flag, text: `with act: ${flag.text}` })),
    { flag: '--out FILE', text: 'with export: where to save the import’s document (required there)' },
    { flag: '--yes', text: 'with destroy: do it (without, it only says what would be removed)' },
    { flag: '--event ID', text: 'with draft: the event’s external id, when this computer has not learned which event the import is of' },
    JSON_OPTION,
    DATA_OPTION,
    ACCOUNT_OPTION,
    TOKEN_OPTION,
  ],
  examples: [
    'muster import show 12 --server https://recruiting.example.com',
    'muster import act 12 --server https://recruiting.example.com --skip-invalid',
    'muster import export 12 --out import-12.xlsx --server https://recruiting.example.com',
    'muster import destroy 12 --server https://recruiting.example.com --yes',
    'muster import draft 12 --event 4711 --server https://recruiting.example.com',
  ],
};

export const TOKEN: CommandHelp = {
  summary: 'Prints a new bearer token for a company of a reference service kept in a data folder.',
  usage: '--data DIR --company ID [options]',
  options: [
    { flag: '--data DIR', text: 'the folder `muster serve --data` uses (required)' },
    { flag: '--company ID', text: 'the company the token acts for (required)' },
    { flag: '--ttl SECONDS', text: 'how long the token lives', default: 'it does not expire' },
  ],
  examples: ['muster token --data .demo --company 1'],
};

export const PREVIEW: CommandHelp = {
  summary: 'Serves the app’s UI to a browser, with the real services behind it.',
  usage: '[options]',
  options: [
    { flag: '--port N', text: 'port to listen on; 0 picks a free one', default: '4780' },
    { flag: '--host H', text: 'address to listen on', default: '127.0.0.1' },
    { flag: '--data DIR', text: 'the app’s data folder', default: 'a folder of your own under the system temp folder' },
    { flag: '--demo', text: 'also start the demo reference service' },
  ],
  examples: ['muster preview --demo'],
};

export const LIST: CommandHelp = {
  summary: 'Makes an event’s list without a spreadsheet, offline: an empty one to type into, or one of the subjects the mirror finds; prints its draft id and check.',
  usage: 'new --event ID --server URL [options]   or   from-subjects --event ID --server URL [options]',
  options: [
    { flag: '--event ID', text: 'the event’s external id (required)' },
    { flag: '--server URL', text: 'whose mirror: the recruiting service it mirrors (required; nothing is sent)' },
    { flag: '--name NAME', text: 'the list’s name', default: '“New list of DATE”, or the campaign and slice' },
    { flag: '--campaign N', text: 'from-subjects: the subjects of followed campaign N' },
    { flag: '--slice SLICE', text: 'from-subjects, with --campaign: only this slice (rank, scheduled, qualified, terminated, unconfirmed, contacted, ineligible)' },
    { flag: '--search TEXT', text: 'from-subjects: only subjects whose name, e-mail, code, cid or phone starts so' },
    { flag: '--draft ID', text: 'from-subjects: add them to this draft of the event instead of a new list' },
    { flag: '--locale WRITTEN=LOCALE', text: 'from-subjects: the locale for a preferred language that fits several (e.g. "en=en_GB"); may be repeated', default: 'kept as written, for the workspace to ask' },
    { flag: '--include-flagged', text: 'from-subjects: add subjects with no e-mail or not to be contacted yet too', default: 'they are named and left out' },
    JSON_OPTION,
    DATA_OPTION,
    ACCOUNT_OPTION,
  ],
  examples: ['muster list new --event 4711 --server https://recruiting.example.com --name "Walk-ins"', 'muster list from-subjects --event 4711 --server https://recruiting.example.com --campaign 1 --slice scheduled --locale "en=en_GB"'],
};
