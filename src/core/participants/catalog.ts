/**
 * The demographic catalog of one event: categories and their demographics, matched by
 * name without regard to case or surrounding space, as the interface document says.
 */
export interface CatalogDemographic {
  id: number;
  name: string;
}

export interface CatalogCategory {
  id: number;
  name: string;
  exclusive: boolean;
  demographics: CatalogDemographic[];
}

export interface CatalogEntry {
  id: number;
  name: string;
  exclusive: boolean;
  demographics: Map<string, CatalogDemographic>;
}

export type Catalog = ReadonlyMap<string, CatalogEntry>;

export const EMPTY_CATALOG: Catalog = new Map();

const keyCache = new Map<string, string>();
const KEY_CACHE_LIMIT = 10_000;

/** `"  Age  Group "` and `"age group"` name the same category. */
export function nameKey(name: string): string {
  // Category and demographic names repeat on every row of an import: remember their keys.
  let key = keyCache.get(name);
  if (key === undefined) {
    key = name.trim().replace(/\s+/g, ' ').toLowerCase();
    if (keyCache.size >= KEY_CACHE_LIMIT) keyCache.clear();
    keyCache.set(name, key);
  }
  return key;
}

export function buildCatalog(categories: readonly CatalogCategory[]): Catalog {
  const catalog = new Map<string, CatalogEntry>();
  for (const category of categories) {
    const demographics = new Map<string, CatalogDemographic>();
    for (const demographic of category.demographics) demographics.set(nameKey(demographic.name), demographic);
    catalog.set(nameKey(category.name), { id: category.id, name: category.name, exclusive: category.exclusive, demographics });
  }
  return catalog;
}
