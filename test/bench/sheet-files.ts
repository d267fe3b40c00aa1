import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';

export const SHEET_ROWS = 100_000;
const DIR = join(process.cwd(), '.bench');
const HEADER = ['External ID', 'Full Name', 'E-mail', 'Language', 'Notes', 'Gender', 'Age Group', 'Phone', 'City', 'Joined'];

/** The 100,000 × 10 participant sheet of the intake benchmarks, as rows of text. */
export function sheetRows(): string[][] {
  const rows = [HEADER];
  for (let i = 0; i < SHEET_ROWS; i++) {
    rows.push([
      String(i).padStart(7, '0'),
      `Participant ${i}`,
      i % 50 === 0 ? `broken-${i}` : `participant.${i}@example.com`,
      ['en_US', 'de_DE', 'fr-fr', ''][i % 4],
      i % 7 === 0 ? 'prefers evening sessions' : '',
      ['Female', 'Male', 'Non-binary'][i % 3],
      ['18-24', '25-34', '35-44', '45-54', '55-64', '65+'][i % 6],
      `+49 151 ${String(1_000_000 + i)}`,
      ['Berlin', 'Hamburg', 'München', 'Köln'][i % 4],
      `2024-0${1 + (i % 9)}-1${i % 10}`,
    ]);
  }
  return rows;
}

/** Writes the benchmark files once into .bench/ (reused across runs). */
export function benchFiles(): { xlsx: string; csv: string } {
  mkdirSync(DIR, { recursive: true });
  const xlsx = join(DIR, `participants-${SHEET_ROWS}.xlsx`);
  const csv = join(DIR, `participants-${SHEET_ROWS}.csv`);
  if (!existsSync(xlsx) || !existsSync(csv)) {
    const rows = sheetRows();
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Participants');
    writeFileSync(xlsx, XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }));
    writeFileSync(csv, rows.map((r) => r.join(',')).join('\r\n'));
  }
  return { xlsx, csv };
}
