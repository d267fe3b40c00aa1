/**
 * The person's choices for demographic values, per event and category (migration 012), and
 * how old the event's catalog is.
 *
 * - `rememberValueChoices(db, externalEventId, choices, at?)` keeps each choice, replacing one
 *   made before for the same value.
 * - `valueChoicesFor(db, externalEventId)` → every choice of the event, keyed as the service
 *   compares names.
 * - `catalogLearnedAt(db, externalEventId)` → when the catalog was last learned, or null.
 */
import { nameKey } from '../../../../core/participants/catalog';
import type { MirrorDb } from '../../db';
import { stmt } from '../statements';

export type ValueChoiceKind = 'map' | 'create' | 'clear';

export interface StoredValueChoice {
  categoryKey: string;
  valueKey: string;
  choice: ValueChoiceKind;
  target: string | null;
}

const UPSERT = `INSERT INTO value_choices (external_event_id, category_key, value_key, choice, target, chosen_at) VALUES (?, ?, ?, ?, ?, ?)
  ON CONFLICT (external_event_id, category_key, value_key) DO UPDATE SET choice = excluded.choice, target = excluded.target, chosen_at = excluded.chosen_at`;

export function rememberValueChoices(
  db: MirrorDb,
  externalEventId: number,
  choices: readonly { category: string; value: string; choice: ValueChoiceKind; target?: string | null }[],
  at: number = Date.now(),
): number {
  db.transaction(() => {
    stmt(db, 'INSERT INTO events (external_event_id, created_at) VALUES (?, ?) ON CONFLICT(external_event_id) DO NOTHING').run(externalEventId, at);
    for (const c of choices) stmt(db, UPSERT).run(externalEventId, nameKey(c.category), nameKey(c.value), c.choice, c.choice === 'map' ? c.target : null, at);
  })();
  return choices.length;
}

export function valueChoicesFor(db: MirrorDb, externalEventId: number): StoredValueChoice[] {
  return stmt(db, 'SELECT category_key AS categoryKey, value_key AS valueKey, choice, target FROM value_choices WHERE external_event_id = ?').all(externalEventId) as StoredValueChoice[];
}

export function catalogLearnedAt(db: MirrorDb, externalEventId: number): number | null {
  const row = stmt(db, 'SELECT max(learned_at) AS at FROM demographic_categories WHERE external_event_id = ?').get(externalEventId) as { at: number | null };
  return row.at;
}
