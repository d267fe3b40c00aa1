/** The grid's cell editors by name, and the name a column uses. */
import type { EditorCtrConstructible } from '@revolist/revogrid';
import { categoryIndexOf } from '../../../core/drafts/demographic-columns';
import { DemographicEditor } from './demographic-editor';
import { LocaleEditor } from './locale-editor';

export const GRID_EDITORS: Record<string, EditorCtrConstructible> = {
  locale: LocaleEditor as unknown as EditorCtrConstructible,
  demographic: DemographicEditor as unknown as EditorCtrConstructible,
};

export function editorFor(prop: string): { editor?: string } {
  if (prop === 'locale') return { editor: 'locale' };
  // The "other" column holds "Category: value" pairs of any category: plain text.
  return typeof categoryIndexOf(prop) === 'number' ? { editor: 'demographic' } : {};
}
