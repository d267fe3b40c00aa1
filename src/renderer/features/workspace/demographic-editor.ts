/**
 * A demographic category's cell editor: the catalog's values of that category offered as one
 * types, as the locale editor offers locales. Several values of a category that allows them
 * are typed with "; " between them; the last one is completed. A value the catalog does not
 * have is kept as typed and then warned about, never changed.
 */
import { i18n } from '../../i18n';
import { ChoiceEditor } from './locale-editor';

/** What a category column carries for its editor (RevoGrid hands the editor its column). */
export interface CategoryColumn {
  prop: string;
  category: string;
  choices: readonly string[];
}

/** The input completed with the first of `values` that starts with its last part (any case), or null. */
export function completeValue(typed: string, values: readonly string[]): string | null {
  const cut = typed.lastIndexOf(';') + 1;
  const part = typed.slice(cut).trimStart();
  if (part === '') return null;
  const key = part.toLowerCase();
  const match = values.find((value) => value.toLowerCase().startsWith(key));
  return match === undefined ? null : `${typed.slice(0, typed.length - part.length)}${match}`;
}

export class DemographicEditor extends ChoiceEditor {
  private readonly column: CategoryColumn;

  /** RevoGrid hands an editor the cell's data, its column among them. */
  constructor(data: { column: CategoryColumn }, save: (value: unknown, preventFocus?: boolean) => void) {
    super(data, save);
    this.column = data.column;
  }

  protected choices = () => this.column.choices;
  protected listId = () => `muster-values-${this.column.prop.replace(/\W/g, '-')}`;
  protected label = () => i18n.global.t('findings.valueEditor', { category: this.column.category });
  protected completion = (typed: string) => completeValue(typed, this.column.choices);
}
