import Papa from 'papaparse';
import { singleColumnRows } from './csv-single-column';

export const DELIMITERS = [',', ';', '\t', '|'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/**
 * Picks the delimiter that splits the first lines into the most consistent number of
 * fields (more than one). Quoted fields are respected by counting outside quotes only.
 */
export function detectDelimiter(text: string): Delimiter {
  const lines = firstLines(text, 20);
  let best: Delimiter = ',';
  let bestScore = -1;
  for (const delimiter of DELIMITERS) {
    const counts = lines.map((line) => countOutsideQuotes(line, delimiter)).filter((n) => n > 0);
    if (counts.length === 0) continue;
    const mode = mostCommon(counts);
    const consistent = counts.filter((n) => n === mode).length;
    const score = consistent * 1000 + mode;
    if (score > bestScore) {
      bestScore = score;
      best = delimiter;
    }
  }
  return best;
}

function firstLines(text: string, count: number): string[] {
  const lines: string[] = [];
  let start = 0;
  while (lines.length < count && start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end).replace(/\r$/, '');
    if (line.trim() !== '') lines.push(line);
    start = end + 1;
  }
  return lines;
}

function countOutsideQuotes(line: string, delimiter: string): number {
  let inQuotes = false;
  let count = 0;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && ch === delimiter) count++;
  }
  return count;
}

function mostCommon(values: number[]): number {
  const tally = new Map<number, number>();
  for (const v of values) tally.set(v, (tally.get(v) ?? 0) + 1);
  return [...tally.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0][0];
}

/**
 * Every cell as text, exactly as written (no type guessing: ids keep their zeros). A stray
 * quote (`"Hansi" Müller`, `5" tall`) makes a strict parser swallow every later row into
 * one cell; then each line is read on its own, quotes counting only where they close a
 * field, and `repaired` says so.
 */
export function parseCsv(text: string, delimiter: Delimiter): { rows: string[][]; repaired: boolean; singleColumn?: boolean } {
  const single = singleColumnRows(text);
  if (single) return { rows: single, repaired: false, singleColumn: true };
  const result = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: false, dynamicTyping: false });
  if (!result.errors.some((e) => e.type === 'Quotes')) return { rows: result.data, repaired: false };
  const lines = text.split(/\r\n|\n|\r/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return { rows: lines.map((line) => splitLenient(line, delimiter)), repaired: true };
}

function splitLenient(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let i = 0;
  for (;;) {
    if (line[i] === '"') {
      let j = i + 1;
      let value = '';
      let closed = false;
      while (j < line.length) {
        if (line[j] === '"') {
          if (line[j + 1] === '"') {
            value += '"';
            j += 2;
            continue;
          }
          closed = j + 1 === line.length || line[j + 1] === delimiter;
          break;
        }
        value += line[j++];
      }
      if (closed) {
        cells.push(value);
        if (j + 1 >= line.length) return cells;
        i = j + 2;
        continue;
      }
    }
    const next = line.indexOf(delimiter, i);
    if (next < 0) {
      cells.push(line.slice(i));
      return cells;
    }
    cells.push(line.slice(i, next));
    i = next + 1;
  }
}
