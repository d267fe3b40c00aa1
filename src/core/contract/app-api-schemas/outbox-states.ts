/** The outbox's states as the contract names them (kept in step with the mirror's by a test). */
export const OUTBOX_STATE_NAMES = ['pending', 'in_flight', 'done', 'rejected', 'blocked'] as const;
