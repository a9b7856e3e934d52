import { useEffect, useRef } from 'react';
import { PRODUCT_EVENTS_URL } from './menu-api.ts';
import type { ProductChange } from './menu-model.ts';

function isProductChange(value: unknown): value is ProductChange {
  if (typeof value !== 'object' || value === null) return false;
  const change = value as Record<string, unknown>;
  return (
    typeof change.productId === 'number' &&
    typeof change.available === 'boolean' &&
    typeof change.isVisible === 'boolean' &&
    typeof change.topChoice === 'boolean' &&
    typeof change.priceCents === 'number'
  );
}

/**
 * Listens to the venue's product changes (Server-Sent Events, decision 014) while the menu is open: a dish
 * staff mark sold out is marked on the guest's phone at once. `onResync` runs when the stream comes back
 * after a break (or the server lost its own link), for what happened meanwhile. `onOrderChanged` hears
 * that some table's order changed, by that table's key (decision 028); `onTakeawayChanged` that staff
 * paused or resumed online orders (decision 043).
 */
export function useProductEvents(
  onChange: (change: ProductChange) => void,
  onResync: () => void,
  onOrderChanged: (tableKey: string) => void = () => undefined,
  onTakeawayChanged: () => void = () => undefined,
): void {
  const callbacks = useRef({ onChange, onResync, onOrderChanged, onTakeawayChanged });
  useEffect(() => {
    callbacks.current = { onChange, onResync, onOrderChanged, onTakeawayChanged };
  });

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(PRODUCT_EVENTS_URL);
    let opened = false;
    const changed = (event: MessageEvent<string>) => {
      try {
        const change: unknown = JSON.parse(event.data);
        if (isProductChange(change)) callbacks.current.onChange(change);
      } catch {
        callbacks.current.onResync();
      }
    };
    const ready = () => {
      if (opened) callbacks.current.onResync();
      opened = true;
    };
    const resync = () => callbacks.current.onResync();
    const orderChanged = (event: MessageEvent<string>) => {
      try {
        const data: unknown = JSON.parse(event.data);
        const tableKey = (data as { tableKey?: unknown } | null)?.tableKey;
        if (typeof tableKey === 'string') callbacks.current.onOrderChanged(tableKey);
      } catch {
        callbacks.current.onResync();
      }
    };
    source.addEventListener('product-changed', changed);
    source.addEventListener('order-changed', orderChanged);
    source.addEventListener('ready', ready);
    source.addEventListener('resync', resync);
    // An admin changed the menus themselves (decision 060): everything is fetched again.
    source.addEventListener('menu-changed', resync);
    source.addEventListener('takeaway-changed', () => callbacks.current.onTakeawayChanged());
    return () => source.close();
  }, []);
}
