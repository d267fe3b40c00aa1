/**
 * When two columns of one property both belong to the participant, judged by their headers
 * alone. A second e-mail column is often someone else's (`Parent email`, `E-Mail
 * Erziehungsberechtigte`, `Emergency contact email`), and reading it where the participant's
 * is blank would give two children their parent's address, which then merges them as
 * duplicates. So only headers that are a plain e-mail word, with at most a qualifier such as
 * `privat` or `work` from the short list below, make a fallback pair. Likewise a second
 * surname column is joined only when the headers say they are the parts of one surname
 * (`Apellido paterno` / `Apellido materno`, `1. Nachname` / `2. Nachname`); `Nom de famille`
 * beside `Nom de naissance` are two surnames, not one.
 */
import { CONCEPTS, CONTEXT_WORDS, NOISE_WORDS, type ConceptKind } from './vocabulary';
import { compact, normaliseWords } from './words';

/** Words that say which of a person's own addresses it is (normalised: no accents, lower case). */
const EMAIL_QUALIFIERS: ReadonlySet<string> = new Set([
  'private', 'privat', 'prive', 'privee', 'privado', 'privada', 'personal', 'personlich', 'perso', 'personnel',
  'personnelle', 'home', 'work', 'business', 'office', 'job', 'geschaftlich', 'dienstlich', 'beruflich', 'buro',
  'arbeit', 'professional', 'professionnel', 'professionnelle', 'pro', 'profesional', 'trabajo', 'laboral',
  'travail', 'bureau', 'second', 'secondary', 'alternative', 'alternate', 'alt', 'other', 'additional', 'backup',
  'zweite', 'weitere', 'alternativ', 'andere', 'autre', 'secondaire', 'otro', 'otra', 'secundario', 'secundaria',
  'adicional', 'de', 'd', '1', '2', '3',
]);

/** Words that number or place a part of one surname. */
const SURNAME_PARTS: ReadonlySet<string> = new Set([
  'paterno', 'materno', 'paterna', 'materna', 'paternal', 'maternal', 'primer', 'primero', 'segundo', 'first',
  'second', 'third', 'tercer', 'tercero', '1st', '2nd', '3rd', 'erster', 'erste', 'zweiter', 'zweite', 'dritter', 'dritte',
  '1', '2', '3',
]);

function phrases(kind: ConceptKind): ReadonlySet<string> {
  return new Set(CONCEPTS.filter((c) => c.kind === kind).flatMap((c) => c.phrases.map((p) => compact(normaliseWords(p)))));
}

const EMAIL_PHRASES = phrases('email');
const SURNAME_PHRASES = phrases('last_name');

const tokensOf = (header: string) => normaliseWords(String(header ?? '')).split(' ').filter((t) => t !== '' && !NOISE_WORDS.has(t));

/** `E-Mail`, `E-Mail privat`, `Work e-mail address`, `Email 2`, `Participant e-mail`; not `Parent email`, `Adresse`, ``. */
export function isPlainEmailHeader(header: string): boolean {
  const rest = tokensOf(header).filter((t) => !EMAIL_QUALIFIERS.has(t) && !CONTEXT_WORDS.has(t));
  return rest.length > 0 && EMAIL_PHRASES.has(rest.join(''));
}

/** Whether a second e-mail column may be read where the first is blank. */
export function isEmailFallbackPair(first: string, second: string): boolean {
  return isPlainEmailHeader(first) && isPlainEmailHeader(second);
}

/** `plain` for a surname word alone (`Apellido`, `Primer apellido`), `part` with a part word (`Apellido materno`). */
function surnameHeader(header: string): 'plain' | 'part' | null {
  const tokens = tokensOf(header);
  if (tokens.length === 0) return null;
  if (SURNAME_PHRASES.has(tokens.join(''))) return 'plain';
  const rest = tokens.filter((t) => !SURNAME_PARTS.has(t));
  return rest.length > 0 && rest.length < tokens.length && SURNAME_PHRASES.has(rest.join('')) ? 'part' : null;
}

/** Whether the columns so headed are the parts of one surname, to be joined. */
export function isSurnameGroup(headers: readonly string[]): boolean {
  if (headers.length < 2) return false;
  const kinds = headers.map(surnameHeader);
  return kinds.every((k) => k !== null) && kinds.includes('part');
}
