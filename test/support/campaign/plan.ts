/**
 * What one campaign run does, drawn by fast-check from the run's seed (`planOf(seed)`), so a
 * failing run is replayed from its seed alone: offline operations in phases, each phase
 * followed by a stretch of syncing that may end in a crash or a stop; a fault schedule
 * programmed into the reference service for the run's requests; and how the run talks to
 * the service (Idempotency-Key sent or not, event id known to the mirror or not).
 */
import fc from 'fast-check';
import type { Fault } from '../../../src/server/faults';
import type { ImportFlags } from '../../../src/core/contract/imports';

export type OfflineOp =
  | { kind: 'create'; phone: boolean; city: string | null; joinEarlier: number | null }
  | { kind: 'update'; target: number; changes: SubjectEdit }
  | { kind: 'destroy'; target: number }
  | { kind: 'draft'; participants: number; flags: Partial<ImportFlags>; direct: boolean; gender: boolean }
  | { kind: 'pull' };

/** Edits a person makes; identity fields too, since the look-first search relies on them. */
export interface SubjectEdit {
  notes?: string;
  phone?: string | null;
  middle_initial?: string | null;
  first_name?: string;
  email?: string;
  city?: string;
}

export interface SyncStretch {
  /** Transitions after which this stretch ends; null: until nothing more can run. */
  after: number | null;
  /** How it ends early: the process is killed, or stopped as on quitting the app. */
  end: 'crash' | 'stop';
  /** Opens the mirror file again afterwards (always after a crash). */
  reopen: boolean;
  /** A new token is given as soon as the queue pauses on a 401 (else only when healing). */
  renewAtOnce: boolean;
}

export interface Phase {
  ops: OfflineOp[];
  sync: SyncStretch;
}

export type Step = 'subject-create' | 'subject-patch' | 'subject-delete' | 'subject-show' | 'search' | 'import-create' | 'import-show' | 'parser' | 'act' | 'action-show' | 'import-index' | 'action-index';

export const STEPS: Record<Step, { method: string; path: string }> = {
  'subject-create': { method: 'POST', path: '/api/v1/subjects' },
  'subject-patch': { method: 'PATCH', path: '/api/v1/subjects/:id' },
  'subject-delete': { method: 'DELETE', path: '/api/v1/subjects/:id' },
  'subject-show': { method: 'GET', path: '/api/v1/subjects/:id' },
  search: { method: 'POST', path: '/api/v1/subjects/search' },
  'import-create': { method: 'POST', path: '/api/v1/participant_imports' },
  'import-show': { method: 'GET', path: '/api/v1/participant_imports/:id' },
  parser: { method: 'GET', path: '/api/v1/participant_imports/:id/parser' },
  act: { method: 'POST', path: '/api/v1/participant_import_actions' },
  'action-show': { method: 'GET', path: '/api/v1/participant_import_actions/:id' },
  'import-index': { method: 'GET', path: '/api/v1/participant_imports' },
  'action-index': { method: 'GET', path: '/api/v1/participant_import_actions' },
};

export interface FaultSchedule {
  /** One per request, in order, whatever it is; `null` lets that request through. */
  next: (Fault | null)[];
  /** The next `times` requests of a step get the fault. */
  when: { step: Step; fault: Fault; times: number }[];
}

export interface RunPlan {
  seed: number;
  /** Subjects already on the service (and pulled into the mirror) before going offline. */
  existing: number;
  keys: boolean;
  eventKnown: boolean;
  faults: FaultSchedule;
  phases: Phase[];
}

const fault: fc.Arbitrary<Fault> = fc.oneof(
  { arbitrary: fc.constantFrom<Fault>({ kind: 'drop' }, { kind: '502-after' }, { kind: '503-after' }), weight: 6 },
  { arbitrary: fc.constantFrom<Fault>({ kind: '500' }, { kind: '502' }, { kind: '503' }), weight: 3 },
  { arbitrary: fc.constant<Fault>({ kind: '429', retryAfter: 0 }), weight: 2 },
  // Retry-After: 1 makes the run wait a whole second: rare, to keep runs short.
  { arbitrary: fc.constant<Fault>({ kind: '429', retryAfter: 1 }), weight: 1 },
  { arbitrary: fc.integer({ min: 5, max: 60 }).map<Fault>((ms) => ({ kind: 'latency', ms })), weight: 3 },
  { arbitrary: fc.constant<Fault>({ kind: 'expire-token' }), weight: 1 },
);

const faults: fc.Arbitrary<FaultSchedule> = fc.record({
  next: fc.array(fc.option(fault, { freq: 2 }), { maxLength: 14 }),
  when: fc.array(fc.record({ step: fc.constantFrom(...(Object.keys(STEPS) as Step[])), fault, times: fc.integer({ min: 1, max: 2 }) }), { maxLength: 4 }),
});

const word = (prefix: string) => fc.integer({ min: 1, max: 999 }).map((n) => `${prefix}${n}`);

const edit: fc.Arbitrary<SubjectEdit> = fc
  .record(
    {
      notes: word('note '),
      phone: fc.option(fc.integer({ min: 1000, max: 9999 }).map((n) => `+1 555 ${n}`), { freq: 4 }),
      middle_initial: fc.option(fc.constantFrom('A', 'B', 'Q'), { freq: 3 }),
      first_name: word('Ana'),
      email: fc.integer({ min: 1, max: 999 }).map((n) => `changed${n}`),
      city: word('Town '),
    },
    { requiredKeys: [] },
  )
  .filter((e) => Object.keys(e).length > 0);

const flags: fc.Arbitrary<Partial<ImportFlags>> = fc.record(
  {
    save_missing_categories: fc.boolean(),
    only_demographics: fc.boolean(),
    destroy_existing_demographics: fc.boolean(),
    destroy_unmatched_participants: fc.boolean(),
    skip_invalid: fc.boolean(),
    skip_duplicate_identity_matches: fc.boolean(),
  },
  { requiredKeys: [] },
);

const op: fc.Arbitrary<OfflineOp> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('create' as const), phone: fc.boolean(), city: fc.option(word('City '), { freq: 2 }), joinEarlier: fc.option(fc.nat(20), { freq: 6 }) }), weight: 5 },
  { arbitrary: fc.record({ kind: fc.constant('update' as const), target: fc.nat(50), changes: edit }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('destroy' as const), target: fc.nat(50) }), weight: 2 },
  {
    arbitrary: fc.record({ kind: fc.constant('draft' as const), participants: fc.integer({ min: 3, max: 10 }), flags, direct: fc.boolean(), gender: fc.boolean() }),
    weight: 2,
  },
  { arbitrary: fc.constant({ kind: 'pull' as const }), weight: 1 },
);

const stretch: fc.Arbitrary<SyncStretch> = fc.record({
  after: fc.option(fc.integer({ min: 1, max: 14 }), { freq: 5 }),
  end: fc.constantFrom<SyncStretch['end']>('crash', 'crash', 'stop'),
  reopen: fc.boolean(),
  renewAtOnce: fc.boolean(),
});

const plan = fc
  .record({
    existing: fc.integer({ min: 0, max: 2 }),
    keys: fc.boolean(),
    eventKnown: fc.boolean(),
    faults,
    phases: fc.array(fc.record({ ops: fc.array(op, { minLength: 1, maxLength: 4 }), sync: stretch }), { minLength: 1, maxLength: 4 }),
  })
  // Without Idempotency-Key and without the event's id, a lost answer to the very first
  // import create cannot be found (docs/sync.md, Adoption: the documented limitation).
  .map((p) => ({ ...p, eventKnown: p.eventKnown || !p.keys }));

/** The run drawn from `seed`; the same seed always gives the same plan. */
export function planOf(seed: number): RunPlan {
  const [drawn] = fc.sample(plan, { seed, numRuns: 1 });
  return { seed, ...drawn };
}
