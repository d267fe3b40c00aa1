/**
 * Rows that repeat an earlier row — the same external id, or the same e-mail where the
 * ids do not say they are two people — get two choices: merge into that row (it keeps its
 * values and takes this row's where its own are blank, as merge-rows.ts does) or remove
 * this row. The reason says what each keeps and what is dropped, so a person can choose.
 */
import type { DemographicEntryInput, ParticipantInput } from '../contract/imports';
import { sameIdentity } from '../participants/directory';
import { FirstSeen } from '../participants/first-seen';
import { reason, type SuggestionReason } from './reason-words';
import type { Suggestion } from './types';

const FIELDS = ['external_id', 'name', 'email', 'locale', 'note'] as const;

/** Each row's external id and e-mail key as the repeat rules see them: the fixed ones where a sure fix exists. */
export interface RepeatKeys {
  externalIds: readonly string[];
  emailKeys: readonly string[];
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());
const demographicKey = (d: DemographicEntryInput) => `${text(d.demographic_category_name).toLowerCase()}\u0000${text(d.demographic_name).toLowerCase()}`;

function choiceText(row: ParticipantInput, earlier: ParticipantInput, earlierLabel: number, repeated: SuggestionReason['params']): { reason: SuggestionReason; mergeFirst: boolean } {
  const gains: SuggestionReason[] = [];
  const lost: SuggestionReason[] = [];
  for (const field of FIELDS) {
    const mine = text(row[field]);
    const theirs = text(earlier[field]);
    if (mine === '' || mine.toLowerCase() === theirs.toLowerCase()) continue;
    if (theirs === '') gains.push(reason('repeat_item', { field, value: mine }));
    else lost.push(reason('repeat_item_quoted', { field, value: mine }));
  }
  const seen = new Set((earlier.demographics ?? []).map(demographicKey));
  for (const d of row.demographics ?? []) if (!seen.has(demographicKey(d))) gains.push(reason('repeat_item_category', { category: text(d.demographic_category_name), value: text(d.demographic_name) }));
  const merge = gains.length > 0 ? reason('repeat_merge_adds', { row: earlierLabel, items: gains }) : reason('repeat_merge_nothing', { row: earlierLabel });
  const remove = gains.length > 0 ? reason('repeat_remove_drops', { items: gains }) : reason('repeat_remove_nothing');
  const said = lost.length > 0
    ? reason('repeat_differing', { ...repeated, merge, remove, differ: reason('repeat_differ', { items: lost, row: earlierLabel, count: lost.length }) })
    : reason('repeat', { ...repeated, merge, remove });
  return { reason: said, mergeFirst: gains.length > 0 };
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
    const { reason: said, mergeFirst } = choiceText(row, rows(earlier), label, { row: label, field: field === 'email' ? 'email' : 'external_id' });
    const merge = { action: 'merge' as const, into: earlier };
    const remove = { action: 'remove' as const, into: earlier };
    const choices = mergeFirst ? [merge, remove] : [remove, merge];
    add(i, {
      field,
      from: field === 'email' ? text(row.email) : externalId,
      to: choices.map((c) => (c.action === 'merge' ? `merge into row ${label}` : 'remove')),
      reason: said,
      kind: 'repeat',
      sure: false,
      choices,
    });
  }
}
