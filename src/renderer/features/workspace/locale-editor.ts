/**
 * The locale cell's editor: the service's locales offered as one types (Excel's AutoComplete:
 * the first locale that starts with what was typed is filled in, its rest selected, so Enter
 * takes it and typing on narrows it), and the whole list to pick from below the input. What
 * is saved is what the input holds, so a value the service does not know can still be kept
 * and is then marked as a problem, never silently changed. ChoiceEditor is the same for any
 * list of values (a demographic category's, demographic-editor.ts).
 */
import type { EditorBase } from '@revolist/revogrid';
import { LOCALES } from '../../../core/contract/imports';
import { i18n } from '../../i18n';

const SORTED = [...LOCALES].sort();

/** The first locale that starts with `typed` (any case, `-` read as `_`), or null. */
export function completeLocale(typed: string): string | null {
  const key = typed.trim().replace('-', '_').toLowerCase();
  if (key === '') return null;
  // In the service's order, so `en` gives en_US before en_AU.
  return LOCALES.find((locale) => locale.toLowerCase().startsWith(key)) ?? null;
}

type Save = (value: unknown, preventFocus?: boolean) => void;
type H = (tag: string, props: Record<string, unknown> | null, children?: unknown) => ReturnType<EditorBase['render']>;

export abstract class ChoiceEditor implements EditorBase {
  element: Element | null = null;
  editCell: EditorBase['editCell'] = undefined;
  private input: HTMLInputElement | null = null;

  constructor(_column: unknown, private readonly save: Save) {}

  /** The values listed under the input, and the list's id (one per list on the page). */
  protected abstract choices(): readonly string[];
  protected abstract listId(): string;
  protected abstract label(): string;
  /** The whole input as it reads with the first value that completes what was typed, or null. */
  protected abstract completion(typed: string): string | null;

  async componentDidRender(): Promise<void> {
    // At once, so keys typed right after the one that opened the editor land in it, and again
    // once the grid has finished drawing (which can take the focus back for a moment).
    this.input?.focus();
    await new Promise((resolve) => setTimeout(resolve));
    this.input?.focus();
  }

  /** Keys the grid caught before the input had the focus: typed as the input would, over the selected completion. */
  appendPendingInput(value: string): boolean {
    const input = this.input;
    if (!input) return false;
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? input.value.length;
    input.value = input.value.slice(0, start) + value + input.value.slice(end);
    input.setSelectionRange(start + value.length, start + value.length);
    this.complete();
    input.focus();
    return true;
  }

  getValue(): string | undefined {
    return this.input?.value;
  }

  beforeDisconnect(): void {
    this.input?.blur();
  }

  /** Fills in the rest of the first matching value, selected, so more typing replaces it. */
  private complete(): void {
    const input = this.input;
    if (!input) return;
    const typed = input.value;
    const match = this.completion(typed);
    if (!match || match.length <= typed.length || !match.toLowerCase().startsWith(typed.toLowerCase())) return;
    input.value = typed + match.slice(typed.length);
    input.setSelectionRange(typed.length, match.length);
  }

  private take(el: HTMLInputElement | null): void {
    if (el && el !== this.input) el.value = String(this.editCell?.val ?? '');
    this.input = el;
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
        list: this.listId(),
        autocomplete: 'off',
        spellcheck: false,
        'aria-label': this.label(),
        // The cell's value goes in once, when the input is made: the grid draws the editor
        // again when the list changes (an earlier edit's answer arriving), and a value
        // given here would then put back what the cell held over what was typed since.
        ref: (el: HTMLInputElement | null) => this.take(el),
        onInput: (event: InputEvent) => this.onInput(event),
        onKeyDown: (event: KeyboardEvent) => this.onKeyDown(event),
      }),
      h('datalist', { id: this.listId() }, this.choices().map((value) => h('option', { value }))),
    ]);
  }
}

export class LocaleEditor extends ChoiceEditor {
  protected choices = () => SORTED;
  protected listId = () => 'muster-locales';
  protected label = () => i18n.global.t('findings.localeEditor');
  protected completion = (typed: string) => completeLocale(typed);
}
