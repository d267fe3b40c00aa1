import type { ParticipantInput } from '../../src/core/contract/imports';

const GENDERS = ['Female', 'Male', 'Non-binary'];
const AGES = ['18-24', '25-34', '35-44', '45-54', '55-64', '65+'];
const LOCALES = ['en_US', 'de_DE', 'fr_FR', 'es_ES', ''];

/** A deterministic participant list like the ones coordinators send: mostly valid, some not. */
export function generateParticipants(count: number, seed = 1): ParticipantInput[] {
  let state = seed;
  const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0);
  const list: ParticipantInput[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const r = next();
    list[i] = {
      external_id: String(100000 + i),
      name: `Participant ${i}`,
      email: r % 50 === 0 ? `broken-${i}-at-example.com` : `participant.${i}@example.com`,
      locale: LOCALES[r % LOCALES.length],
      note: r % 7 === 0 ? 'prefers evening sessions' : '',
      demographics: [
        { demographic_category_name: 'Gender', demographic_name: GENDERS[r % 3] },
        { demographic_category_name: 'age group', demographic_name: AGES[(r >>> 3) % 6] },
      ],
    };
  }
  // The service and the app both get participants from JSON.parse (or a sheet reader),
  // which makes flat strings; template literals would leave unflattened ones behind.
  return JSON.parse(JSON.stringify(list)) as ParticipantInput[];
}
