/** Picks the sheet of a workbook that holds the participant list. */
import { countDataRows, detectHeaderRow } from './header';
import { normaliseWords } from './words';

/** Sheet names of notes, instructions and lookup lists, never the participant list itself. */
const SIDE_SHEET_WORDS: ReadonlySet<string> = new Set([
  'note', 'notes', 'notiz', 'notizen', 'hinweis', 'hinweise', 'anmerkungen', 'remarques', 'notas',
  'instruction', 'instructions', 'anleitung', 'anweisungen', 'instrucciones', 'instruccion', 'mode d emploi',
  'read me', 'readme', 'lisez moi', 'lisezmoi', 'leeme', 'liesmich', 'lies mich', 'legend', 'legende', 'leyenda',
  'info', 'infos', 'information', 'informations', 'informationen', 'informacion', 'about', 'help', 'hilfe', 'aide',
  'ayuda', 'cover', 'deckblatt', 'changelog', 'glossary', 'glossar', 'glossaire', 'lists', 'listen', 'listes',
  'listas', 'lookup', 'lookups', 'dropdown', 'dropdowns', 'werte', 'wertelisten', 'valeurs', 'valores', 'settings',
  'einstellungen', 'parametres', 'configuracion', 'template info', 'example', 'beispiel', 'exemple', 'ejemplo',
]);

/** Whether a sheet's name says it holds notes, instructions or lookup lists. */
export function isSideSheetName(name: string): boolean {
  const norm = normaliseWords(typeof name === 'string' ? name : '');
  if (norm === '') return false;
  if (SIDE_SHEET_WORDS.has(norm) || SIDE_SHEET_WORDS.has(norm.replace(/ /g, ''))) return true;
  const tokens = norm.split(' ');
  for (let i = 0; i < tokens.length; i++) {
    if (SIDE_SHEET_WORDS.has(tokens[i])) return true;
    if (i + 1 < tokens.length && SIDE_SHEET_WORDS.has(`${tokens[i]} ${tokens[i + 1]}`)) return true;
  }
  return false;
}

/** Header score × data rows, halved for a one-column "list" (a participant needs a name and an address). */
export function sheetScore(rows: string[][]): number {
  const header = detectHeaderRow(rows);
  if (!header) return 0;
  const columns = rows[header.index].filter((cell) => typeof cell === 'string' && cell.trim() !== '').length;
  return header.score * countDataRows(rows, header.index) * (columns >= 2 ? 1 : 0.5);
}

/**
 * The index of the sheet that most likely holds the participant list: the best header
 * score × data rows among visible sheets not named like notes or instructions (those and
 * hidden sheets only when nothing else qualifies). The first sheet when no sheet has a plausible list; -1 for none.
 */
export function pickParticipantSheet(sheets: { name: string; rows: string[][]; hidden?: boolean }[]): number {
  if (!Array.isArray(sheets) || sheets.length === 0) return -1;
  let best = -1;
  let bestScore = 0;
  let bestSide = -1;
  let bestSideScore = 0;
  sheets.forEach((sheet, i) => {
    const score = sheetScore(Array.isArray(sheet?.rows) ? sheet.rows : []);
    // A hidden sheet is an old copy or a lookup list, never the list someone handed in.
    if (isSideSheetName(sheet?.name) || sheet?.hidden === true) {
      if (score > bestSideScore) [bestSide, bestSideScore] = [i, score];
    } else if (score > bestScore) [best, bestScore] = [i, score];
  });
  if (best >= 0) return best;
  if (bestSide >= 0) return bestSide;
  const firstMain = sheets.findIndex((sheet) => !isSideSheetName(sheet?.name) && sheet?.hidden !== true);
  return firstMain >= 0 ? firstMain : 0;
}
