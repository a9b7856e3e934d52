import type { Notification } from '@sobremesa/contracts';

interface ReadyItem {
  readonly name: string;
  readonly units: number;
}

function isReadyItem(value: unknown): value is ReadyItem {
  const item = value as Partial<ReadyItem> | null;
  return typeof item?.name === 'string' && typeof item.units === 'number';
}

/**
 * The dishes a ready alert is about, as the pass calls them ("Solomillo", "2x Patatas bravas"), joined;
 * null for other types or an alert without its lines (issue 18: "Comida lista" alone sends a waiter to
 * the pass without knowing what to carry).
 */
export function readyDishes(notification: Notification): string | null {
  if (notification.type !== 'order_ready_food' && notification.type !== 'order_ready_drinks') return null;
  const items = Array.isArray(notification.data.items) ? notification.data.items.filter(isReadyItem) : [];
  if (items.length === 0) return null;
  return items.map((item) => (item.units > 1 ? `${item.units}x ${item.name}` : item.name)).join(', ');
}

/** The allergens a guest declared, by name, on a "Llaman al personal" about allergies (issue 18). */
export function declaredAllergens(notification: Notification): string | null {
  const names = notification.data.allergenNames;
  if (notification.type !== 'call_staff' || !Array.isArray(names)) return null;
  const text = names.filter((name): name is string => typeof name === 'string').join(', ');
  return text === '' ? null : text;
}
