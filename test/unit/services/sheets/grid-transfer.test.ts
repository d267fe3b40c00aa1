import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { packRows, packWorkbook, unpackRows, unpackWorkbook } from '../../../../src/services/sheets/grid-transfer';
import type { WorkbookData } from '../../../../src/services/sheets/types';

describe('rows packed for the trip from the reader thread', () => {
  const rows = [['External ID', 'Language', 'Notes'], [], ['001', 'en_US'], ['002', 'de_DE', ''], ['003', 'en_US', 'Zoë 😀'], ['', '', 'x']];

  it('arrive as they left', () => {
    expect(unpackRows(packRows(rows))).toEqual(rows);
    expect(unpackRows(packRows([]))).toEqual([]);
  });

  it('carry each distinct text once, the cells as numbers', () => {
    const packed = packRows(rows);
    expect(packed.texts).toEqual(['', 'External ID', 'Language', 'Notes', '001', 'en_US', '002', 'de_DE', '003', 'Zoë 😀', 'x']);
    expect([...packed.widths]).toEqual([3, 0, 2, 3, 3, 3]);
    expect(packed.cells).toHaveLength(14);
  });

  it('move their buffers rather than copy them', async () => {
    const data: WorkbookData = { format: 'xlsx', sheets: [{ name: 'P', hidden: false, rows }, { name: 'Notes', hidden: true, rows: [['n']] }], notes: [{ code: 'csv_repaired' }] };
    const { packed, transfer } = packWorkbook(data);
    expect(transfer).toHaveLength(4);
    const { port1, port2 } = new MessageChannel();
    const received = new Promise<unknown>((resolve) => port2.once('message', resolve));
    port1.postMessage(packed, transfer);
    expect(packed.sheets[0].rows.cells.byteLength).toBe(0); // moved out of this thread's hands
    expect(unpackWorkbook((await received) as typeof packed)).toEqual(data);
    port1.close();
  });
});
