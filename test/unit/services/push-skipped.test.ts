import { describe, expect, it } from 'vitest';
import { parseParticipant } from '../../../src/core/participants/parser';
import { skippedTable, type SkippedSheetRow } from '../../../src/services/usecases/push-skipped';

const parsed = (row: number, input: object) => parseParticipant(input, row);

describe('the rows a push left out, as a file to fix and send again', () => {
  it('keeps every column of the list, demographics included, and says why in the dialog’s words', () => {
    const clara = parsed(3, { external_id: 'c1', name: 'Clara', email: 'clara(at)example.com', locale: 'de_DE', demographics: [{ demographic_category_name: 'Geschlecht', demographic_name: 'weiblich' }, { demographic_category_name: 'Altersgruppe', demographic_name: '25-34' }] });
    const ann = parsed(4, { external_id: 'a1', name: 'Ann again', email: 'ann@example.com', demographics: [{ demographic_category_name: 'Altersgruppe', demographic_name: '35-44' }] });
    const skipped: SkippedSheetRow[] = [
      { reason: 'invalid', fields: ['email'], row: 5, repeats: null, participant: clara },
      { reason: 'repeat', fields: [], row: null, repeats: 2, participant: ann },
    ];
    expect(skippedTable(skipped)).toEqual({
      header: ['Row', 'Why it was left out', 'External ID', 'Name', 'E-mail', 'Locale', 'Note', 'Geschlecht', 'Altersgruppe'],
      rows: [
        ['5', 'Not valid: E-mail', 'c1', 'Clara', 'clara(at)example.com', 'de_DE', '', 'weiblich', '25-34'],
        ['added', 'Repeats row 2', 'a1', 'Ann again', 'ann@example.com', 'en_US', '', '', '35-44'],
      ],
    });
  });
});
