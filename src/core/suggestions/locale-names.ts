/**
 * Languages and regions as people name them: in English, German, French and Spanish (the
 * app's languages) and in the language itself. Written without accents and in lower case,
 * as `nameKey` reads what a person typed.
 */

/** Language code → its names. */
const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  ar: 'arabic|arabisch|arabe|العربية|عربي',
  bn: 'bengali|bangla|bengalisch|বাংলা',
  cs: 'czech|tschechisch|tcheque|checo|cestina|cesky',
  da: 'danish|danisch|daenisch|danois|danes|dansk',
  de: 'german|deutsch|allemand|aleman|germanophone',
  el: 'greek|griechisch|grec|griego|ελληνικα',
  en: 'english|englisch|anglais|ingles',
  es: 'spanish|spanisch|espagnol|espanol|castellano|castilian',
  et: 'estonian|estnisch|estonien|estonio|eesti',
  fi: 'finnish|finnisch|finnois|fines|finlandes|suomi',
  fr: 'french|franzosisch|franzoesisch|francais|frances',
  hi: 'hindi|हिन्दी|हिंदी',
  hu: 'hungarian|ungarisch|hongrois|hungaro|magyar',
  it: 'italian|italienisch|italien|italiano',
  ja: 'japanese|japanisch|japonais|japones|日本語',
  ko: 'korean|koreanisch|coreen|coreano|한국어',
  ms: 'malay|malaiisch|malais|malayo|bahasa melayu|melayu',
  nb: 'norwegian|norwegisch|norvegien|noruego|norsk|bokmal|norsk bokmal',
  nl: 'dutch|flemish|niederlandisch|niederlaendisch|flamisch|flaemisch|neerlandais|flamand|neerlandes|flamenco|nederlands|vlaams',
  pl: 'polish|polnisch|polonais|polaco|polski',
  pt: 'portuguese|portugiesisch|portugais|portugues',
  ro: 'romanian|rumanisch|rumaenisch|roumain|rumano|romana',
  ru: 'russian|russisch|russe|ruso|русский',
  sv: 'swedish|schwedisch|suedois|sueco|svenska',
  tl: 'tagalog|filipino|tagalo|wikang tagalog',
  tr: 'turkish|turkisch|tuerkisch|turc|turco|turkce',
  uk: 'ukrainian|ukrainisch|ukrainien|ucraniano|українська',
  vi: 'vietnamese|vietnamesisch|vietnamien|vietnamita|tieng viet',
  zh: 'chinese|chinesisch|chinois|chino|中文|汉语|普通话|mandarin|简体中文',
};

/** Region words (names, adjectives, codes) → region code, for `English (UK)`, `British English`. */
const REGION_NAMES: Readonly<Record<string, string>> = {
  GB: 'uk|gb|great britain|united kingdom|britain|british|england|grossbritannien|vereinigtes konigreich|britisch|britisches|royaume uni|britannique|reino unido|britanico',
  US: 'us|usa|u s|united states|america|american|amerikanisch|amerikanisches|vereinigte staaten|amerika|etats unis|americain|estados unidos|estadounidense|americano',
  AU: 'au|australia|australian|australien|australisch|australie|australiano',
  BR: 'br|brazil|brazilian|brasil|brasilien|brasilianisch|bresil|bresilien|brasileno|brasileiro',
  BE: 'be|belgium|belgian|belgien|belgisch|belgique|belge|belgica|belga|belgie',
  CN: 'cn|china|chine|simplified|vereinfacht|simplifie|simplificado',
};

export function nameKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
}

function invert(table: Readonly<Record<string, string>>): Map<string, string> {
  const map = new Map<string, string>();
  for (const [code, names] of Object.entries(table)) for (const name of names.split('|')) map.set(nameKey(name), code);
  return map;
}

export const LANGUAGE_BY_NAME = invert(LANGUAGE_NAMES);
export const REGION_BY_NAME = invert(REGION_NAMES);

