import { useSyncExternalStore } from 'react';

/**
 * The open modals, bottom to top. Only the top one takes keys and focus; everything beneath it (the page,
 * lower modals) is made inert, which is what keeps focus and pointer inside the top modal.
 */
let stack: readonly symbol[] = [];
const listeners = new Set<() => void>();

function publish(next: readonly symbol[]): void {
  stack = next;
  for (const listener of listeners) listener();
}

export const modalStack = {
  push(id: symbol): void {
    publish([...stack, id]);
  },
  remove(id: symbol): void {
    publish(stack.filter((entry) => entry !== id));
  },
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const NO_MODALS: readonly symbol[] = [];
const noModals = () => NO_MODALS;

/** The open modals, bottom to top. */
export function useModalStack(): readonly symbol[] {
  // No modal is open in a server-rendered page.
  return useSyncExternalStore(subscribe, () => stack, noModals);
}

/** Whether any modal is open: the page behind it is then inert. */
export function useIsModalOpen(): boolean {
  return useModalStack().length > 0;
}
