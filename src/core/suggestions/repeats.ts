/**
 * Rows that repeat an earlier row — the same external id, or the same e-mail where the
 * ids do not say they are two people — get two choices: merge into that row (it keeps its
 * values and takes this row's where its own are blank, as merge-rows.ts does) or remove
 * this row. The reason says what each keeps and what is dropped, so a person can choose.
 */
import type { DemographicEntryInput, ParticipantInput } from '../contract/imports';
import { sameIdentity } from '../participants/directory';
import { FirstSeen } from '../participants/first-seen';
import type { Suggestion } from './types';

const FIELDS = ['external_id', 'name', 'email', 'locale', 'note'] as const;
const LABEL: Record<(typeof FIELDS)[number], string> = { external_id: 'external id', name: 'name', email: 'e-mail', locale: 'locale', note: 'note' };

/** Each row's external id and e-mail key as the repeat rules see them: the fixed ones where a sure fix exists. */
export interface RepeatKeys {
  externalIds: readonly string[];
  emailKeys: readonly string[];
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());
const demographicKey = (d: DemographicEntryInput) => `${text(d.demographic_category_name).toLowerCase()}\u0000${text(d.demographic_name).toLowerCase()}`;

function list(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function choiceText(row: ParticipantInput, earlier: ParticipantInput, earlierLabel: number): { reason: string; mergeFirst: boolean } {
  const gains: string[] = [];
  const lost: string[] = [];
  for (const field of FIELDS) {
    const mine = text(row[field]);
    const theirs = text(earlier[field]);
    if (mine === '' || mine.toLowerCase() === theirs.toLowerCase()) continue;
    if (theirs === '') gains.push(`${LABEL[field]} ${mine}`);
    else lost.push(`${LABEL[field]} “${mine}”`);
  }
  const seen = new Set((earlier.demographics ?? []).map(demographicKey));
  for (const d of row.demographics ?? []) if (!seen.has(demographicKey(d))) gains.push(`${text(d.demographic_category_name)} ${text(d.demographic_name)}`);
  const merge = gains.length > 0 ? `Merging keeps row ${earlierLabel}’s values and adds this row’s ${list(gains)}` : `Merging adds nothing to row ${earlierLabel}`;
  const remove = gains.length > 0 ? `removing drops ${list(gains)}` : 'removing this row loses nothing';
  const differ = lost.length > 0 ? ` Either way this row’s ${list(lost)} ${lost.length === 1 ? 'is' : 'are'} dropped for row ${earlierLabel}’s.` : '';
  return { reason: `${merge}; ${remove}.${differ}`, mergeFirst: gains.length > 0 };
}

/** One repeat suggestion per row that repeats an earlier one, in row order. */
export function findRepeats(
  /** Each row as it is once its sure fixes are made. */
  rows: (index: number) => ParticipantInput,
  { externalIds, emailKeys }: RepeatKeys,
  rowLabel: (index: number) => number,
  add: (index: number, suggestion: Suggestion) => void,
): void {
  const byId = new FirstSeen(externalIds.length);
  const byEmail = new FirstSeen(emailKeys.length);
  for (let i = 0; i < externalIds.length; i++) {
    const externalId = externalIds[i];
    const emailKey = emailKeys[i];
    let earlier = externalId === '' ? undefined : byId.firstOrAdd(externalId, i);
    let field: 'external_id' | 'email' = 'external_id';
    if (emailKey !== '') {
      const byMail = byEmail.firstOrAdd(emailKey, i);
      // Two ids on one e-mail are two people sharing it: that is a conflict to resolve, not a repeat.
      if (byMail !== undefined && earlier === undefined && sameIdentity(externalId, externalIds[byMail])) [earlier, field] = [byMail, 'email'];
    }
    if (earlier === undefined) continue;
    const label = rowLabel(earlier);
    const row = rows(i);
    const { reason, mergeFirst } = choiceText(row, rows(earlier), label);
    const merge = { action: 'merge' as const, into: earlier };
    const remove = { action: 'remove' as const, into: earlier };
    const choices = mergeFirst ? [merge, remove] : [remove, merge];
    add(i, {
      field,
      from: field === 'email' ? text(row.email) : externalId,
      to: choices.map((c) => (c.action === 'merge' ? `merge into row ${label}` : 'remove')),
      reason: `Repeats row ${label} (the same ${field === 'email' ? 'e-mail' : 'external id'}). ${reason}`,
      kind: 'repeat',
      sure: false,
      choices,
    });
  }
}
