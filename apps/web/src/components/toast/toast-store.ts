import { useSyncExternalStore } from 'react';

export type ToastKind = 'success' | 'error';

export interface Toast {
  readonly id: number;
  readonly kind: ToastKind;
  readonly message: string;
}

/** At most this many toasts at once; a burst of failures must not cover the screen. */
const MAX_TOASTS = 4;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function show(kind: ToastKind, message: string): number {
  const id = nextId++;
  publish([...toasts, { id, kind, message }].slice(-MAX_TOASTS));
  return id;
}

/**
 * The app's success and error toasts (spec §2 "Global UI"). A module-level store, so any feature, loader
 * or query callback can raise one without a React context.
 */
export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  dismiss(id: number): void {
    publish(toasts.filter((item) => item.id !== id));
  },
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const NO_TOASTS: readonly Toast[] = [];
const noToasts = () => NO_TOASTS;

/** The toasts on screen, oldest first. */
export function useToasts(): readonly Toast[] {
  // No toast is on a server-rendered page.
  return useSyncExternalStore(subscribe, () => toasts, noToasts);
}
