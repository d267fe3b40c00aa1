import { describe, expect, it } from 'vitest';
import { UPLOAD_PART_BYTES } from '../../../../src/core/contract/app-api-schemas/files';
import { useSheetStore } from '../../../../src/renderer/features/events/sheet-store';
import { draftSummary, sheetPreview } from '../../../support/contract-values';
import { fakeClient, refusal, storesWith } from '../../../support/fake-client';

const GRANT = 'grant-0123456789abcdef';
const UPLOAD = 'upload-0123456789abcdef';

describe('the sheet being opened', () => {
  it('looks at the sheet chosen in the system’s dialog, reads it again after a change, and opens it as a draft', async () => {
    const fake = fakeClient({
      'files.chooseSheet': async () => ({ grant: GRANT, name: 'list.xlsx', size: 10 }),
      'drafts.inspect': async (choices) => sheetPreview({ headerRow: choices.headerRow ?? 1 }),
      'drafts.open': async () => ({ draft: draftSummary({ id: 9 }), matching: 0, rows: [] }),
    });
    storesWith(fake.client);
    const sheet = useSheetStore();
    expect(await sheet.choose(4711)).toBe(true);
    expect(sheet.looking).toMatchObject({ externalEventId: 4711, file: { grant: GRANT }, preview: { headerRow: 1 } });
    await sheet.setup.run({ sheet: 'Sheet1', headerRow: 3, overrides: [] });
    expect(sheet.looking?.preview.headerRow).toBe(3);
    expect(await sheet.open({ sheet: 'Sheet1', headerRow: 3, overrides: [] })).toBe(9);
    expect(fake.calls.at(-1)?.args).toEqual([{ grant: GRANT, externalEventId: 4711, sheet: 'Sheet1', headerRow: 3, overrides: [] }]);
  });

  it('does nothing when the person cancels the dialog', async () => {
    const fake = fakeClient({ 'files.chooseSheet': async () => null });
    storesWith(fake.client);
    const sheet = useSheetStore();
    await sheet.choose(4711);
    expect(sheet.looking).toBeNull();
    expect(sheet.step.error).toBe('');
    expect(fake.calls.map((c) => c.method)).toEqual(['files.chooseSheet']);
  });

  it('sends a file picked in the browser in parts, saying how far it came, then looks at it', async () => {
    const sent: number[] = [];
    const shares: (number | undefined)[] = [];
    const fake = fakeClient({
      'files.beginUpload': async () => ({ upload: UPLOAD }),
      'files.uploadPart': async (_upload, part) => {
        sent.push(part.offset);
        shares.push(sheet.sending?.percent);
        return { received: part.offset };
      },
      'files.finishUpload': async () => ({ grant: GRANT, name: 'big.csv', size: UPLOAD_PART_BYTES + 10 }),
      'drafts.inspect': async () => sheetPreview(),
    });
    storesWith(fake.client);
    const sheet = useSheetStore();
    const file = new File([new Uint8Array(UPLOAD_PART_BYTES + 10)], 'big.csv');
    expect(await sheet.take(4711, file)).toBe(true);
    expect(sent).toEqual([0, UPLOAD_PART_BYTES]);
    // The first part is under way at 0 %, the second once the first is in.
    expect(shares).toEqual([0, 99]);
    expect(sheet.sending).toBeNull();
    expect(sheet.looking?.file.grant).toBe(GRANT);
  });

  it('says in words why the sheet could not be read, and is not busy after', async () => {
    const { client } = fakeClient({
      'files.chooseSheet': async () => ({ grant: GRANT, name: 'list.xlsx', size: 10 }),
      'drafts.inspect': () => refusal('The file is not a spreadsheet Muster can read.'),
    });
    storesWith(client);
    const sheet = useSheetStore();
    expect(await sheet.choose(4711)).toBe(false);
    expect(sheet.step).toMatchObject({ busy: false, error: 'The file is not a spreadsheet Muster can read.' });
    expect(sheet.looking).toBeNull();
  });

  it('starts over from the file in place of its earlier draft', async () => {
    const fake = fakeClient({
      'files.chooseSheet': async () => ({ grant: GRANT, name: 'list.xlsx', size: 10 }),
      'drafts.inspect': async () => sheetPreview({ sameFile: { id: 3, name: 'list.xlsx', rows: 2, updatedAt: 1, sent: false } }),
      'drafts.open': async () => ({ draft: draftSummary({ id: 10 }), matching: 0, rows: [] }),
    });
    storesWith(fake.client);
    const sheet = useSheetStore();
    await sheet.choose(4711);
    sheet.startOver(3);
    await sheet.open({ sheet: 'Sheet1', overrides: [] });
    expect(fake.calls.at(-1)?.args[0]).toMatchObject({ replace: 3 });
  });
});
