/** The command line's own words in every language it speaks (en.ts is the schema). */
import type { Language } from '../../core/contract/app-api';
import de from './de';
import en, { type CliMessages } from './en';
import es from './es';
import fr from './fr';

export const CLI_MESSAGES: Record<Language, CliMessages> = { en, de, fr, es };
export type { CliMessages };
