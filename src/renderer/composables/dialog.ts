import { focusHeading } from './focus-heading';
import { shallowRef } from 'vue';

export interface ConfirmRequest {
  title: string;
  text: string;
  confirm: string;
  danger?: boolean;
}

interface Pending extends ConfirmRequest {
  resolve: (answer: boolean) => void;
}

/** The one open question, shown by ConfirmDialog; `confirm` is a promise of the answer. */
export const pendingConfirm = shallowRef<Pending | null>(null);

export function confirm(request: ConfirmRequest): Promise<boolean> {
  pendingConfirm.value?.resolve(false);
  return new Promise((resolve) => {
    pendingConfirm.value = {
      ...request,
      resolve: (answer) => {
        pendingConfirm.value = null;
        resolve(answer);
      },
    };
  });
}

/**
 * Remembers what had the focus as a dialog opens; the answer gives it back once the dialog
 * is gone (if it is still on the page), so the keyboard carries on where it was.
 */
export function rememberFocus(): () => void {
  const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
  return () => {
    if (opener?.isConnected && !opener.matches(':disabled')) return opener.focus();
    // The opener can no longer take it (Send is disabled once the list is sent): the screen's
    // heading has it, so Tab goes on from the screen rather than from the top of the window.
    const heading = document.querySelector<HTMLElement>('main h1, main h2');
    if (heading && (document.activeElement === null || document.activeElement === document.body)) focusHeading(heading);
  };
}

const FOCUSABLE = 'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), summary, [tabindex]:not([tabindex="-1"])';

/**
 * Tab and Shift+Tab go round an open modal dialog's controls; without this the browser
 * lets the focus leave to the page's body after the last one. A panel drawn over the page
 * (`data-keeps-focus`, the sync panel) keeps them too, while no dialog is open over it: Tab
 * walked on through the page hidden behind it.
 */
export function keepFocusInDialogs(): () => void {
  const onKey = (event: KeyboardEvent) => {
    const dialog = document.querySelector<HTMLElement>('dialog[open]:modal') ?? document.querySelector<HTMLElement>('[data-keeps-focus]');
    if (event.key !== 'Tab' || !dialog) return;
    const controls = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((e) => e.getClientRects().length > 0 && !e.closest('fieldset:disabled'));
    if (controls.length === 0) return;
    const at = controls.indexOf(document.activeElement as HTMLElement);
    const next = event.shiftKey ? (at <= 0 ? controls.length - 1 : at - 1) : at === controls.length - 1 || at < 0 ? 0 : at + 1;
    event.preventDefault();
    controls[next].focus();
  };
  document.addEventListener('keydown', onKey);
  return () => document.removeEventListener('keydown', onKey);
}
