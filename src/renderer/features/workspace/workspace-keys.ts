/**
 * Excel's and VS Code's keys over the whole workspace: Ctrl/Cmd+Z and +Y (or Shift+Z) undo
 * and redo, F8 and Shift+F8 go between problems. On the window: a disabled button loses the
 * focus to the page, and the keys must still work. A dialog open over the list holds them.
 */
import { onMounted, onUnmounted } from 'vue';
import { modalOpen } from './grid-keys';

export interface WorkspaceKeys {
  /** To the next (1) or previous (-1) problem; `into`: the page's focus goes along (from F8, wherever it was typed). */
  step: (direction: 1 | -1, into: boolean) => void;
  undo: () => void;
  redo: () => void;
  changeable: () => boolean;
}

export function useWorkspaceKeys(keys: WorkspaceKeys): void {
  function onKey(event: KeyboardEvent) {
    if (modalOpen()) return;
    const mod = event.ctrlKey || event.metaKey;
    const target = event.target as HTMLElement | null;
    const inEditor = target?.closest?.('input, textarea, revogr-edit, dialog');
    if (event.key === 'F8') {
      event.preventDefault();
      keys.step(event.shiftKey ? -1 : 1, true);
    } else if (mod && !inEditor && event.key.toLowerCase() === 'z' && keys.changeable()) {
      event.preventDefault();
      if (event.shiftKey) keys.redo();
      else keys.undo();
    } else if (mod && !inEditor && event.key.toLowerCase() === 'y' && keys.changeable()) {
      event.preventDefault();
      keys.redo();
    }
  }
  onMounted(() => window.addEventListener('keydown', onKey));
  onUnmounted(() => window.removeEventListener('keydown', onKey));
}
