import type { OptionHelp } from './types';

/** The options every command that works on a mirror shares (cli/sync/session.ts reads them). */
export const DATA_OPTION: OptionHelp = { flag: '--data DIR', text: 'the folder of the mirrors and remembered mappings', default: 'MUSTER_DATA_DIR, else the desktop app’s folder' };
export const ACCOUNT_OPTION: OptionHelp = { flag: '--account NAME', text: 'whose mirror of the service, when several people share a computer', default: 'MUSTER_ACCOUNT, else "default"' };
export const SERVER_OPTION: OptionHelp = { flag: '--server URL', text: 'the recruiting service, e.g. https://recruiting.example.com (required)' };
export const TOKEN_OPTION: OptionHelp = { flag: '--token-file FILE', text: 'read the access token from FILE; never give it as an argument', default: 'the MUSTER_TOKEN environment variable' };
export const JSON_OPTION: OptionHelp = { flag: '--json', text: 'print the result as JSON on stdout' };
