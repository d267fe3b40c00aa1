import { describe, expect, it } from 'vitest';
import { pushResultOf } from '../../../../src/services/app/push-result';
import type { PushOutcome } from '../../../../src/services/usecases';

const outcome = (status: Partial<PushOutcome['status']>): PushOutcome =>
  ({
    draftId: 1,
    end: 'stalled',
    status: { draftId: 1, externalEventId: 4711, file: 'a.csv', state: 'pushing', importId: 9, actionId: null, actionStatus: null, progress: null, result: null, disagreements: null, review: null, outbox: null, error: null, ...status },
  }) as PushOutcome;

describe('a push waiting on disagreements, as the workspace shows it', () => {
  it('names each row by its spreadsheet row, a row added here as such, and the whole list as 0, with both readings as text', () => {
    const result = pushResultOf(
      outcome({
        review: 'asked',
        disagreements: [
          { row_number: 1, field: 'identity_conflict', offline: null, service: 'email_of_another_person' },
          { row_number: 2, field: 'invalid_fields', offline: [], service: ['email', 'name'] },
          { row_number: 0, field: 'participants', offline: 2, service: 3 },
        ],
      }),
      () => [5, null],
    );
    expect(result.review).toEqual([
      { row: 5, field: 'identity_conflict', offline: '', service: 'email_of_another_person' },
      { row: null, field: 'invalid_fields', offline: '', service: 'email, name' },
      { row: 0, field: 'participants', offline: '2', service: '3' },
    ]);
    expect(result.error).toBe(null);
  });

  it('shows no review once decided, and says why a push waits when it does', () => {
    const result = pushResultOf(outcome({ review: 'approved', disagreements: [], error: 'Nothing answers at that address.' }), () => []);
    expect(result).toMatchObject({ review: null, state: 'pushing', error: 'Nothing answers at that address.' });
  });
});
