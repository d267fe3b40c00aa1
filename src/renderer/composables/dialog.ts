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
