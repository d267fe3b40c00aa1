import type { Db } from '../db/open';
import type { ImportActionResult } from '../../core/contract/imports';
import { nameKey, type CatalogCategory } from '../../core/participants/catalog';
import { prepareCatalogWrites } from '../store/catalog-writes';

interface Category {
  id: number;
  exclusive: boolean;
  demographics: Map<string, number>;
}

export interface ResolvedEntry {
  categoryId: number;
  demographicId: number;
  exclusive: boolean;
}

/**
 * The event's catalog during an import action: resolves entries by name without regard to
 * case and, when save_missing_categories is on, creates the missing categories and
 * demographics (inside the caller's transaction).
 */
export class CatalogWriter {
  private readonly categories = new Map<string, Category>();
  private readonly insertCategory;
  private readonly insertDemographic;

  constructor(
    db: Db,
    private readonly companyId: number,
    private readonly eventId: number,
    private readonly actionId: number,
    catalog: readonly CatalogCategory[],
  ) {
    for (const c of catalog) {
      this.categories.set(nameKey(c.name), { id: c.id, exclusive: c.exclusive, demographics: new Map(c.demographics.map((d) => [nameKey(d.name), d.id])) });
    }
    ({ insertCategory: this.insertCategory, insertDemographic: this.insertDemographic } = prepareCatalogWrites(db));
  }

  resolve(categoryName: string, demographicName: string, exclusiveEntry: boolean, create: boolean, counts: ImportActionResult): ResolvedEntry | null {
    const categoryKey = nameKey(categoryName);
    let category = this.categories.get(categoryKey);
    if (!category) {
      if (!create) return null;
      const id = Number(this.insertCategory.run(this.companyId, this.eventId, categoryName.trim(), exclusiveEntry ? 1 : 0, this.actionId).lastInsertRowid);
      category = { id, exclusive: exclusiveEntry, demographics: new Map() };
      this.categories.set(categoryKey, category);
      counts.categories_created++;
    }
    const demographicKey = nameKey(demographicName);
    let demographicId = category.demographics.get(demographicKey);
    if (demographicId === undefined) {
      if (!create) return null;
      demographicId = Number(this.insertDemographic.run(category.id, demographicName.trim()).lastInsertRowid);
      category.demographics.set(demographicKey, demographicId);
      counts.demographics_created++;
    }
    return { categoryId: category.id, demographicId, exclusive: exclusiveEntry || category.exclusive };
  }
}
