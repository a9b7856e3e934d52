import type { MenuProduct } from '@sobremesa/contracts';
import { useState, useSyncExternalStore } from 'react';

/**
 * The dish whose sheet is open, kept outside the menu screen's own state: opening a dish then re-renders the
 * sheet alone, not the carta of 200 dishes around it (decision 017).
 */
export interface OpenDish {
  readonly open: (product: MenuProduct) => void;
  readonly close: () => void;
  readonly subscribe: (listener: () => void) => () => void;
  readonly current: () => MenuProduct | null;
}

function createOpenDish(): OpenDish {
  let current: MenuProduct | null = null;
  const listeners = new Set<() => void>();
  const set = (next: MenuProduct | null) => {
    current = next;
    for (const listener of listeners) listener();
  };
  return {
    open: (product) => set(product),
    close: () => set(null),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current: () => current,
  };
}

/** One store per menu screen, stable across its renders. */
export function useOpenDishStore(): OpenDish {
  return useState(createOpenDish)[0];
}

const noDish = () => null;

export function useOpenDish(store: OpenDish): MenuProduct | null {
  // No dish is open in a server-rendered page.
  return useSyncExternalStore(store.subscribe, store.current, noDish);
}
