import type { Migration } from '../../../core/sql/migrations';

/**
 * How a person matched a demographic value of their sheets to the event's catalog, per
 * event and category, so the next list of the same event is offered the same choices (as
 * column mappings are remembered per headers). Category and value are kept as the service
 * compares names (trimmed, one space, lower case); `map` names the catalog value exactly,
 * `create` leaves the value to be added to the catalog by the push, `clear` removes it.
 */
export const migration012: Migration = {
  version: 12,
  name: 'demographic value choices',
  sql: `
CREATE TABLE value_choices (
  external_event_id INTEGER NOT NULL REFERENCES events(external_event_id) ON DELETE CASCADE,
  category_key TEXT NOT NULL CHECK (category_key <> ''),
  value_key TEXT NOT NULL CHECK (value_key <> ''),
  choice TEXT NOT NULL CHECK (choice IN ('map', 'create', 'clear')),
  target TEXT CHECK ((choice = 'map') = (target IS NOT NULL AND target <> '')),
  chosen_at INTEGER NOT NULL,
  PRIMARY KEY (external_event_id, category_key, value_key)
) WITHOUT ROWID;
`,
};
