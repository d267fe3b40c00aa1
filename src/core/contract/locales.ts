/** The locales the service knows (the interface document's list); kept apart from the schemas so the page can offer them. */
export const LOCALES = [
  'ar_EG', 'bn_BN', 'cs_CS', 'de_DE', 'da_DA', 'el_EL', 'en_US', 'en_AU', 'en_GB', 'es_ES', 'et_EE',
  'fi_FI', 'fr_FR', 'hi_IN', 'hu_HU', 'it_IT', 'ja_JP', 'ko_KR', 'ms_MY', 'nb_NO', 'nl_BE', 'pl_PL',
  'pt_BR', 'ro_RO', 'ru_RU', 'sv_SE', 'tl_PH', 'tr_TR', 'uk_UA', 'vi_VI', 'zh_CN',
] as const;
export type Locale = (typeof LOCALES)[number];
