import type { TestService } from './service';
import { addCategory, createEvent, type EventRow } from '../../src/server/store/events';
import { listParticipants, type ParticipantRow } from '../../src/server/store/participants';
import { AGE_GROUPS, GENDERS } from '../../src/server/seed/demo';

let nextExternalId = 50_000;

/** A new event of the first demo company with the demo catalog, so tests do not share participants. */
export function freshEvent(service: TestService, companyId = 1): EventRow {
  const event = createEvent(service.context.db, companyId, nextExternalId++, 'Test event');
  addCategory(service.context.db, event, 'Gender', true, GENDERS);
  addCategory(service.context.db, event, 'Age Group', true, AGE_GROUPS);
  return event;
}

export function participantsOf(service: TestService, event: EventRow): ParticipantRow[] {
  return listParticipants(service.context.db, event.id);
}

/** Demographic names held by a participant, sorted, e.g. ['Gender: Female']. */
export function demographicNames(service: TestService, participantId: number): string[] {
  const rows = service.context.db
    .prepare(
      `SELECT c.name AS category, d.name AS demographic FROM participant_demographics pd
         JOIN demographics d ON d.id = pd.demographic_id JOIN demographic_categories c ON c.id = d.category_id
        WHERE pd.participant_id = ?`,
    )
    .all(participantId) as { category: string; demographic: string }[];
  return rows.map((r) => `${r.category}: ${r.demographic}`).sort();
}

export const gender = (name: string) => ({ demographic_category_name: 'Gender', demographic_name: name });
export const ageGroup = (name: string) => ({ demographic_category_name: 'Age Group', demographic_name: name });
