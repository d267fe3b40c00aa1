/**
 * The locale cell's editor: the service's locales offered as one types (Excel's AutoComplete:
 * the first locale that starts with what was typed is filled in, its rest selected, so Enter
 * takes it and typing on narrows it), and the whole list to pick from below the input. What
 * is saved is what the input holds, so a value the service does not know can still be kept
 * and is then marked as a problem, never silently changed.
 */
import type { EditorBase, EditorCtrConstructible } from '@revolist/revogrid';
import { LOCALES } from '../../../core/contract/imports';
import { i18n } from '../../i18n';

const SORTED = [...LOCALES].sort();
const LIST_ID = 'muster-locales';

/** The first locale that starts with `typed` (any case, `-` read as `_`), or null. */
export function completeLocale(typed: string): string | null {
  const key = typed.trim().replace('-', '_').toLowerCase();
  if (key === '') return null;
  // In the service's order, so `en` gives en_US before en_AU.
  return LOCALES.find((locale) => locale.toLowerCase().startsWith(key)) ?? null;
}

type Save = (value: unknown, preventFocus?: boolean) => void;
type H = (tag: string, props: Record<string, unknown> | null, children?: unknown) => ReturnType<EditorBase['render']>;

class LocaleEditor implements EditorBase {
  element: Element | null = null;
  editCell: EditorBase['editCell'] = undefined;
  private input: HTMLInputElement | null = null;

  constructor(_column: unknown, private readonly save: Save) {}

  async componentDidRender(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve));
    this.input?.focus();
  }

  appendPendingInput(value: string): boolean {
    if (!this.input) return false;
    this.input.value += value;
    this.complete();
    this.input.focus();
    return true;
  }

  getValue(): string | undefined {
    return this.input?.value;
  }

  beforeDisconnect(): void {
    this.input?.blur();
  }

  /** Fills in the rest of the first matching locale, selected, so more typing replaces it. */
  private complete(): void {
    const input = this.input;
    if (!input) return;
    const typed = input.value;
    const match = completeLocale(typed);
    if (!match || match.length <= typed.length) return;
    input.value = typed + match.slice(typed.length);
    input.setSelectionRange(typed.length, match.length);
  }

  private onInput(event: InputEvent): void {
    // Deleting must delete: only typing is completed.
    if (event.inputType?.startsWith('insert')) this.complete();
  }

  private onKeyDown(event: KeyboardEvent): void {
    if ((event.key === 'Enter' || event.key === 'Tab') && !event.isComposing) {
      this.beforeDisconnect();
      this.save(this.getValue(), event.key === 'Tab');
    }
  }

  render(h: H): ReturnType<EditorBase['render']> {
    return h('span', { class: 'locale-editor' }, [
      h('input', {
        type: 'text',
        list: LIST_ID,
        autocomplete: 'off',
        spellcheck: false,
        'aria-label': i18n.global.t('findings.localeEditor'),
        value: String(this.editCell?.val ?? ''),
        ref: (el: HTMLInputElement | null) => void (this.input = el),
        onInput: (event: InputEvent) => this.onInput(event),
        onKeyDown: (event: KeyboardEvent) => this.onKeyDown(event),
      }),
      h('datalist', { id: LIST_ID }, SORTED.map((locale) => h('option', { value: locale }))),
    ]);
  }
}

/** The grid's editors by name, and the name a column uses. */
export const GRID_EDITORS: Record<string, EditorCtrConstructible> = { locale: LocaleEditor as unknown as EditorCtrConstructible };
export const editorFor = (field: string): { editor?: string } => (field === 'locale' ? { editor: 'locale' } : {});
