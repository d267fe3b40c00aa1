/** Finds the header row of a participant sheet below titles, notes and blank rows. */
import { cellText, looksLikeDate, looksLikeEmail, looksLikeNumber } from './cells';
import { matchConcept } from './match';

export interface HeaderGuess {
  /** 0-based row index in the grid. */
  index: number;
  /** 0..1: how much the row looks like the header of the rows below it. */
  score: number;
}

/** Below this score no row is taken for a header. */
export const MIN_HEADER_SCORE = 0.4;
/** Rows below a candidate that are compared with it. */
const ROWS_BELOW = 15;
const MAX_HEADER_CELL = 60;
const VOCABULARY_HIT = 0.7;
/** Cells of one row looked up in the vocabulary at most (wide survey exports). */
const MAX_LOOKUPS = 200;
/** A later row must beat an earlier one by more than this: near ties go to the first header. */
const TIE_MARGIN = 0.02;

interface RowFacts {
  cells: string[];
  filled: number[];
  /** Share of filled cells that read like a column name (short text, not an e-mail, number or date). */
  textual: number;
  /** The cells that read like a column name, in order: the only ones worth a vocabulary lookup. */
  named: string[];
  emails: number;
  numbers: number;
}

function facts(row: unknown): RowFacts {
  const cells = Array.isArray(row) ? row.map((cell) => cellText(cell).trim()) : [];
  const filled: number[] = [];
  const named: string[] = [];
  let emails = 0;
  let numbers = 0;
  cells.forEach((text, i) => {
    if (text === '') return;
    filled.push(i);
    if (looksLikeEmail(text)) emails++;
    else if (looksLikeNumber(text) || looksLikeDate(text)) numbers++;
    else if (text.length <= MAX_HEADER_CELL && /\p{L}/u.test(text)) named.push(text);
  });
  return { cells, filled, textual: filled.length === 0 ? 0 : named.length / filled.length, named, emails, numbers };
}

function sameCells(a: RowFacts, b: RowFacts): boolean {
  if (a.filled.length !== b.filled.length) return false;
  return a.filled.every((i, k) => b.filled[k] === i && a.cells[i].toLowerCase() === b.cells[i].toLowerCase());
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function scoreRow(row: RowFacts, below: RowFacts[]): number {
  const f = row.filled.length;
  if (f === 0) return 0;
  const texts = row.filled.map((i) => row.cells[i]);

  // Known header words: three hits are convincing, fewer count for less. Only cells that
  // read like a column name are looked up, and no more than enough of them: a 3,000-column
  // sheet of numbers would otherwise cost seconds of vocabulary matching per row.
  const needed = Math.min(f, 3);
  let hits = 0;
  const lookups = Math.min(row.named.length, MAX_LOOKUPS);
  for (let k = 0; k < lookups && hits < needed; k++) {
    if ((matchConcept(row.named[k])?.score ?? 0) >= VOCABULARY_HIT) hits++;
  }
  const vocabulary = Math.min(1, hits / needed);

  let width = f >= 2 ? 1 : 0.5;
  let aligned = 0;
  let contrast = 0.5;
  let repeated = 0;
  if (below.length > 0) {
    width = Math.min(1, f / Math.max(1, median(below.map((b) => b.filled.length))));
    // Data sits under header cells, and header cells have data under them.
    const mine = new Set(row.filled);
    let under = 0;
    const covered = new Set<number>();
    for (const b of below) {
      let inside = 0;
      for (const i of b.filled) {
        if (mine.has(i)) {
          inside++;
          covered.add(i);
        }
      }
      under += inside / b.filled.length;
    }
    aligned = (under / below.length) * (0.5 + (0.5 * covered.size) / f);
    const belowTextual = below.reduce((sum, b) => sum + b.textual, 0) / below.length;
    contrast = Math.min(1, Math.max(0, 0.5 + row.textual - belowTextual));
    // Header words do not repeat in their column below; data values often do.
    let repeats = 0;
    for (const i of row.filled) {
      const key = row.cells[i].toLowerCase();
      if (below.some((b) => (b.cells[i] ?? '').toLowerCase() === key)) repeats++;
    }
    repeated = repeats / f;
  }
  const distinct = new Set(texts.map((t) => t.toLowerCase())).size / f;

  let score = 0.2 * width + 0.3 * vocabulary + 0.15 * row.textual + 0.25 * aligned + 0.1 * contrast;
  if (row.emails > 0) score *= 0.25;
  score *= 1 - (0.6 * row.numbers) / f;
  score *= 1 - 0.5 * repeated;
  score *= distinct;
  // Without a single known word, a header must at least read more like text than the rows below:
  // rows of names and cities with no header have no such row.
  if (hits === 0) score *= Math.min(1, Math.max(0.5, 0.5 + 2 * (contrast - 0.5)));
  // A lone long cell is a title or a note.
  if (f === 1 && texts[0].length > 30) score *= 0.5;
  return Math.round(score * 1000) / 1000;
}

/**
 * The row among the first `scanRows` that is most likely the header of the participant
 * list, or null when none is plausible (an empty grid, or rows that are all data).
 * The earlier row wins a near tie (a header repeated further down, two header-like rows).
 */
export function detectHeaderRow(rows: string[][], scanRows = 30): HeaderGuess | null {
  if (!Array.isArray(rows)) return null;
  const limit = Math.min(rows.length, Math.max(1, Math.floor(scanRows) || 1));
  // Facts of the scanned rows and of enough rows after them for the last candidate's comparison.
  const known: RowFacts[] = [];
  const factsAt = (i: number) => (known[i] ??= facts(rows[i]));
  let best: HeaderGuess | null = null;
  for (let i = 0; i < limit; i++) {
    const row = factsAt(i);
    if (row.filled.length === 0) continue;
    const below: RowFacts[] = [];
    for (let j = i + 1; j < rows.length && below.length < ROWS_BELOW && j <= i + ROWS_BELOW * 4; j++) {
      const b = factsAt(j);
      // A header repeated further down (page breaks in exported lists) is not data.
      if (b.filled.length > 0 && !sameCells(b, row)) below.push(b);
    }
    const score = scoreRow(row, below);
    if (!best || score > best.score + TIE_MARGIN) best = { index: i, score };
  }
  return best && best.score >= MIN_HEADER_SCORE ? best : null;
}

/** How many rows below the header hold anything: the size of the list it heads. */
export function countDataRows(rows: readonly (readonly unknown[])[], headerIndex: number): number {
  let n = 0;
  for (let r = headerIndex + 1; r < rows.length; r++) {
    const row = rows[r];
    if (Array.isArray(row) && row.some((cell) => cellText(cell).trim() !== '')) n++;
  }
  return n;
}
