/**
 * Suggested fixes for an open draft: the engine of `muster check` (core/suggestions) over the
 * rows the session holds, less those the person turned down, and applied as one step of the
 * draft's history — cell fixes written into their rows, repeats merged into or removed for
 * the row they repeat, as the workspace's own repeat resolution does.
 */
import type { SuggestionApply, SuggestionItem, SuggestionList, SuggestionPick, SuggestionReject } from '../../core/contract/app-api';
import { mergeParticipants } from '../../core/drafts/merge-rows';
import type { ParticipantInput } from '../../core/contract/imports';
import { applySure, suggestFixes, SuggestMemo, type Suggestion, type SuggestOptions } from '../../core/suggestions';
import type { DraftRow } from '../mirror/queries/drafts/draft-rows';
import { rejectedSuggestions, rejectionKey, rejectSuggestions, restoreSuggestions } from '../mirror/queries/drafts/suggestion-rejections';
import type { DraftSession } from './draft-session';
import { refusal } from './errors';

interface Found {
  /** The row objects the suggestions were found for: an edit replaces a row's object, so a changed row is seen. */
  rows: DraftRow[];
  suggestions: (readonly Suggestion[])[];
}

const found = new WeakMap<DraftSession, Found>();
/** Each row's own findings, kept while the draft is open: after an edit only what it changed is found again. */
const memos = new WeakMap<DraftSession, SuggestMemo>();

function memoOf(session: DraftSession): SuggestMemo {
  let memo = memos.get(session);
  if (!memo) memos.set(session, (memo = new SuggestMemo()));
  return memo;
}

/** Whether two lists hold the same row objects; a plain loop, as this runs twice per fix over 100,000 rows. */
function sameRows(a: readonly DraftRow[], b: readonly DraftRow[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The engine's suggestions for the session's rows, found again only when a row changed since. */
function suggestionsOf(session: DraftSession, options: Omit<SuggestOptions, 'rowLabel'>): Found {
  const rows = session.held();
  const last = found.get(session);
  if (last && sameRows(last.rows, rows)) return last;
  const suggestions = suggestFixes(
    rows.map((r) => r.participant),
    { ...options, rowLabel: (i) => rows[i]?.source_row ?? i + 1, memo: memoOf(session) },
  );
  const next: Found = { rows: rows.slice(), suggestions };
  found.set(session, next);
  return next;
}

export const groupOf = (s: Pick<Suggestion, 'kind' | 'field'>) => `${s.kind}|${s.field}`;

/** Each suggestion not turned down, with its row (a callback, not a generator: a messy list has 50,000); answers how many were turned down. */
function eachStanding(session: DraftSession, options: Omit<SuggestOptions, 'rowLabel'>, take: (row: DraftRow, s: Suggestion) => void): number {
  const { rows, suggestions } = suggestionsOf(session, options);
  const rejected = rejectedSuggestions(session.db, session.draftId);
  const screened = rejected.size > 0;
  let down = 0;
  // Indexed loops: most of 100,000 rows have no suggestion, and an iterator made for each cost more than the rest.
  for (let i = 0; i < suggestions.length; i++) {
    const found = suggestions[i];
    for (let k = 0; k < found.length; k++) {
      const s = found[k];
      if (screened && rejected.has(rejectionKey({ position: rows[i].position, field: s.field, kind: s.kind, value: s.from }))) {
        down++;
        continue;
      }
      take(rows[i], s);
    }
  }
  return down;
}

export function listSuggestions(session: DraftSession, options: Omit<SuggestOptions, 'rowLabel'> = {}): SuggestionList {
  const { rows } = suggestionsOf(session, options);
  const items: SuggestionItem[] = [];
  const groups = new Map<string, SuggestionList['groups'][number]>();
  let sure = 0;
  const rejected = eachStanding(session, options, (row, s) => {
    const group = groupOf(s);
    const item: SuggestionItem = { position: row.position, sheetRow: row.source_row, field: s.field, kind: s.kind, from: s.from, to: s.to, reason: s.reason, sure: s.sure, group };
    if (s.choices) item.choices = s.choices.map((c) => ({ action: c.action, into: rows[c.into].position }));
    items.push(item);
    let counted = groups.get(group);
    if (!counted) groups.set(group, (counted = { key: group, kind: s.kind, field: s.field, count: 0, sure: 0 }));
    counted.count++;
    if (s.sure) {
      counted.sure++;
      sure++;
    }
  });
  return { groups: [...groups.values()].sort((a, b) => b.count - a.count), items, total: items.length, sure, rejected };
}

/** Every suggestion with one right answer (of one group, when named), as picks. */
export function surePicks(session: DraftSession, group?: string, options: Omit<SuggestOptions, 'rowLabel'> = {}): SuggestionPick[] {
  const picks: SuggestionPick[] = [];
  // The group's kind and field, compared as they are rather than joined for every suggestion.
  const bar = group?.indexOf('|') ?? -1;
  if (group !== undefined && bar < 0) return picks;
  const kind = group?.slice(0, bar);
  const field = group?.slice(bar + 1);
  eachStanding(session, options, (row, s) => {
    if (s.sure && (group === undefined || (s.kind === kind && s.field === field))) picks.push({ position: row.position, field: s.field, kind: s.kind, to: s.to[0] });
  });
  return picks;
}


/** The row's suggestion a pick names (a row has a handful at most). */
function suggestionFor(row: readonly Suggestion[], pick: SuggestionPick): Suggestion | undefined {
  for (const s of row) if (s.field === pick.field && s.kind === pick.kind) return s;
  return undefined;
}

/** The picks as one step of the history: cells rewritten, then repeats merged or removed. */
export function applySuggestions(session: DraftSession, picks: readonly SuggestionPick[], options: Omit<SuggestOptions, 'rowLabel'> = {}): SuggestionApply {
  // Found for the rows as held, so a row's place in them is its place in the session.
  const { rows, suggestions } = suggestionsOf(session, options);
  const fixed = new Map<number, ParticipantInput>();
  const repeats: { index: number; action: 'merge' | 'remove'; into: number }[] = [];
  // Indexed loops: a group of 10,000 runs these once each, where a for…of step made an object.
  for (let p = 0; p < picks.length; p++) {
    const pick = picks[p];
    const index = session.placeOf(pick.position);
    const s = index === undefined ? undefined : suggestionFor(suggestions[index], pick);
    const answer = s ? s.to.indexOf(pick.to) : -1;
    if (index === undefined || !s || answer < 0) throw refusal('suggestion_stale');
    if (s.kind === 'repeat') {
      const choice = s.choices?.[answer];
      if (choice) repeats.push({ index, action: choice.action, into: choice.into });
      continue;
    }
    fixed.set(index, applySure(fixed.get(index) ?? rows[index].participant, [s.sure ? s : { ...s, to: [pick.to], sure: true }]));
  }
  const current = (i: number) => fixed.get(i) ?? rows[i].participant;
  // A row repeats one before it; when that one goes too, what it went into is followed.
  const wentInto = new Map<number, number>();
  repeats.sort((a, b) => a.index - b.index);
  for (const { index, action, into } of repeats) {
    if (wentInto.has(index)) continue;
    let target = into;
    while (wentInto.has(target)) target = wentInto.get(target)!;
    if (action === 'merge') fixed.set(target, mergeParticipants(current(target), current(index)));
    wentInto.set(index, target);
  }
  const changes: { position: number; after: { source_row: number | null; participant: ParticipantInput } | null }[] = [];
  fixed.forEach((participant, i) => {
    if (!wentInto.has(i)) changes.push({ position: rows[i].position, after: { source_row: rows[i].source_row, participant } });
  });
  for (const i of wentInto.keys()) changes.push({ position: rows[i].position, after: null });
  if (changes.length === 0) return { change: { draft: session.summary(), rows: [] }, applied: 0 };
  return { change: session.step(picks.length === 1 ? 'suggestion' : 'suggestions', changes), applied: picks.length };
}

/** Turns suggestions down for the draft; each stays down until its cell says something else. */
export function rejectDraftSuggestions(session: DraftSession, rejects: readonly SuggestionReject[]): { rejected: number } {
  rejectSuggestions(session.db, session.draftId, rejects.map((r) => ({ position: r.position, field: r.field, kind: r.kind, value: r.from })));
  return { rejected: rejects.length };
}

/** Brings back every suggestion turned down in the draft. */
export function restoreDraftSuggestions(session: DraftSession): { restored: number } {
  return { restored: restoreSuggestions(session.db, session.draftId) };
}
