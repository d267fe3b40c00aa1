import type { MatchField, ParsedParticipant, ParticipantField } from '../contract/imports';
import { EMPTY_CATALOG, type Catalog } from './catalog';
import { resolveDemographics, type ResolvedDemographics } from './demographics';
import { EMPTY_DIRECTORY, matchByEmail, sameIdentity, type ParticipantDirectory } from './directory';
import { emailKey, isValidEmail, lowerCased } from './email';
import { FirstSeen } from './first-seen';
import { canonicalLocale, DEFAULT_LOCALE } from './locales';
import { textOf } from './text';

export { EMPTY_DIRECTORY, sameIdentity, type ParticipantDirectory };

export interface ParseContext {
  catalog?: Catalog;
  directory?: ParticipantDirectory;
}

const NO_FIELDS: Record<string, unknown> = Object.freeze({});

export const MAX_LENGTH: Readonly<Record<'external_id' | 'name' | 'note', number>> = { external_id: 255, name: 255, note: 10_000 };

/**
 * Interprets one submitted participant exactly as the service's parser does
 * (docs/interface.md, "participant rules"): name and e-mail are required, the e-mail must
 * be valid, a blank locale is read as en_US and any other must be one of the allowed
 * locales, and demographics must resolve without breaking an exclusive category.
 *
 * `resolved`: these demographics as `resolveDemographics` resolved them under the same
 * catalog, when the caller knows them unchanged (a row edited in another column).
 */
export function parseParticipant(input: unknown, rowNumber: number, context: ParseContext = {}, resolved?: ResolvedDemographics): ParsedParticipant {
  const catalog = context.catalog ?? EMPTY_CATALOG;
  const directory = context.directory ?? EMPTY_DIRECTORY;
  const invalid: ParticipantField[] = [];
  const record = typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : null;
  if (!record) invalid.push('name', 'email');
  const source = record ?? NO_FIELDS;

  let externalId = textOf(source.external_id);
  if (externalId === null || externalId.length > MAX_LENGTH.external_id) {
    invalid.push('external_id');
    externalId ??= '';
  }

  let name = textOf(source.name);
  if (record && (!name || name.length > MAX_LENGTH.name)) invalid.push('name');
  name ??= '';

  let email = textOf(source.email);
  if (record && (!email || !isValidEmail(email))) invalid.push('email');
  email ??= '';

  let locale = textOf(source.locale);
  if (locale === '') locale = DEFAULT_LOCALE;
  else if (locale !== null) {
    const canonical = canonicalLocale(locale);
    if (canonical) locale = canonical;
    else invalid.push('locale');
  } else {
    invalid.push('locale');
    locale = '';
  }

  let note = textOf(source.note);
  if (note === null || note.length > MAX_LENGTH.note) {
    invalid.push('note');
    note ??= '';
  }

  const demographics = resolved ?? resolveDemographics(source.demographics, catalog);
  if (!demographics.valid) invalid.push('demographics');

  let participantId: number | null = null;
  let matchField: MatchField | null = null;
  let conflict: ParsedParticipant['identity_conflict'] = null;
  // Without known participants (a plain check, the service's parser op) nothing can match.
  const known = directory !== EMPTY_DIRECTORY;
  if (known && externalId !== '') {
    const id = directory.idByExternalId(externalId);
    if (id !== undefined) {
      participantId = id;
      matchField = 'external_id';
    }
  }
  if (known && participantId === null && email !== '') {
    const byEmail = matchByEmail(directory, externalId, emailKey(email));
    if (byEmail.id !== null) {
      participantId = byEmail.id;
      matchField = 'email';
    }
    conflict = byEmail.conflict;
  }

  return {
    name,
    note,
    email,
    locale,
    external_id: externalId,
    demographics: demographics.demographics,
    row_number: rowNumber,
    demographic_ids: demographics.demographicIds,
    invalid_fields: invalid,
    participant_id: participantId,
    match_field: matchField,
    duplicate_of_row: null,
    identity_conflict: conflict,
  };
}

/**
 * Marks each participant that repeats an earlier row's external id or e-mail (without
 * regard to case) with that row's number. Duplicates are not invalid; the import action's
 * skip_duplicate_identity_matches flag decides whether they are skipped or merged. A row
 * whose e-mail an earlier row with another external id holds is another person who shares
 * the e-mail: it is marked as an identity conflict, never merged into that row's person.
 */
export function markDuplicates(parsed: ParsedParticipant[]): void {
  const byExternalId = new FirstSeen(parsed.length);
  const byEmail = new FirstSeen(parsed.length);
  for (const participant of parsed) {
    const ext = participant.external_id;
    // Parsed e-mails are already trimmed, so lower-casing gives the e-mail key.
    const key = participant.email === '' ? '' : lowerCased(participant.email);
    let earlier = ext === '' ? undefined : byExternalId.firstOrAdd(ext, participant.row_number);
    if (key !== '') {
      const byMail = byEmail.firstOrAdd(key, participant.row_number);
      if (earlier === undefined && byMail !== undefined) {
        earlier = byMail;
        // A conflict with the event's participants already says more: keep it.
        if (participant.identity_conflict === null && !sameIdentity(ext, parsed[byMail - 1].external_id)) participant.identity_conflict = 'email_of_another_person';
      }
    }
    participant.duplicate_of_row = earlier ?? null;
  }
}

/** The parser operation: every submitted participant, numbered from 1, in order. */
export function parseParticipants(inputs: readonly unknown[], context: ParseContext = {}): ParsedParticipant[] {
  const parsed = new Array<ParsedParticipant>(inputs.length);
  for (let i = 0; i < inputs.length; i++) parsed[i] = parseParticipant(inputs[i], i + 1, context);
  markDuplicates(parsed);
  return parsed;
}

export interface ParseSummary {
  total: number;
  valid: number;
  invalid: number;
  duplicates: number;
  /** Rows whose e-mail belongs to another person (see markDuplicates). */
  identity_conflicts: number;
}

export function summarize(parsed: readonly ParsedParticipant[]): ParseSummary {
  let invalid = 0;
  let duplicates = 0;
  let conflicts = 0;
  for (const p of parsed) {
    if (p.invalid_fields.length > 0) invalid++;
    if (p.duplicate_of_row !== null) duplicates++;
    if (p.identity_conflict !== null) conflicts++;
  }
  return { total: parsed.length, valid: parsed.length - invalid, invalid, duplicates, identity_conflicts: conflicts };
}
