/**
 * Mail providers people's addresses are at, with the domains each really uses, most used
 * first. A domain listed here is never "fixed"; a slip of one is. Any other domain is a
 * company's or a person's own and is left as written, however close it looks.
 */
export const PROVIDERS: Readonly<Record<string, readonly string[]>> = {
  gmail: ['com'], googlemail: ['com'], yahoo: ['com', 'de', 'fr', 'es', 'co.uk', 'it'], ymail: ['com'],
  hotmail: ['com', 'de', 'fr', 'es', 'co.uk', 'it'], outlook: ['com', 'de', 'fr', 'es'], live: ['com', 'de', 'fr', 'co.uk'],
  msn: ['com'], icloud: ['com'], me: ['com'], mac: ['com'], aol: ['com', 'de'], gmx: ['de', 'net', 'at', 'ch', 'com'],
  web: ['de'], 't-online': ['de'], freenet: ['de'], posteo: ['de'], mailbox: ['org'], 'mail': ['com', 'de', 'ru'],
  protonmail: ['com'], proton: ['me'], orange: ['fr'], free: ['fr'], wanadoo: ['fr'], laposte: ['net'], sfr: ['fr'],
  telefonica: ['net'], yandex: ['ru', 'com'], qq: ['com'], arcor: ['de'], online: ['de'], bluewin: ['ch'],
  comcast: ['net'], verizon: ['net'], att: ['net'], btinternet: ['com'], libero: ['it'], virgilio: ['it'],
  seznam: ['cz'], wp: ['pl'], o2: ['pl'], interia: ['pl'], email: ['com', 'de'], 'e-mail': ['de'], zoho: ['com'],
};

/** Every provider domain, in the order of PROVIDERS. */
export const PROVIDER_DOMAINS: readonly string[] = Object.entries(PROVIDERS).flatMap(([label, tlds]) => tlds.map((tld) => `${label}.${tld}`));
export const KNOWN_DOMAINS: ReadonlySet<string> = new Set(PROVIDER_DOMAINS);

/**
 * How far a slip of this provider domain may go. Short names (gmx, web, aol) are a letter
 * away from many real domains, so only their ending is mended; longer names carry enough
 * letters that one or two slips still point at them alone.
 */
export function slipBudget(label: string): { label: number; total: number } {
  if (label.length >= 7) return { label: 2, total: 2 };
  if (label.length >= 5) return { label: 1, total: 1.5 };
  return { label: 0, total: 1 };
}

/**
 * Endings in real use. A short provider name with one of these (`free.de`, `aol.co`) is
 * somebody else's domain, not a slip of the provider's (`free.fr`), so it is left alone.
 */
export const REAL_ENDINGS: ReadonlySet<string> = new Set(
  ('com net org de fr es it at ch nl be pl cz ru uk co.uk eu info io co me us ca au dk se no fi pt gr ro hu sk si hr bg lt lv ee ' +
    'ie lu li mx br ar cl jp cn kr in tr ua by biz tv cc ws app dev email online').split(' '),
);
