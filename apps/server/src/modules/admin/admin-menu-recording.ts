// Recording: every change is audited (SEC-11), told to staff screens and to open guest menus (decision 060)
import type { FieldError } from '@sobremesa/contracts';
import type { Transaction } from '../../db/database.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import {
  type AdminProductRow,
  knownIds,
  notifyMenuChanged,
  notifyMenuProductChanged,
} from '../menus/menus.service.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import type { StaffPrincipal } from '../users/users.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { auditAdminChange, type AdminChange } from './admin-audit.service.ts';
import { MENU_CHANGED } from './admin-menus-view.service.ts';

export async function record(tx: Transaction, venue: Venue, staff: StaffPrincipal, change: AdminChange) {
  await auditAdminChange(tx, venue, staff, change);
  await appendEvent(tx, venue.id, MENU_CHANGED, { entity: change.entity, id: change.entityId });
  await notifyMenuChanged(tx, venue.id);
}

/** A product change also reaches commanders and guest menus as the product event they already patch. */
export async function announceProduct(tx: Transaction, venue: Venue, row: AdminProductRow) {
  const change = {
    productId: row.id,
    sku: row.sku,
    available: row.available && row.archivedAt === null,
    topChoice: row.topChoice,
    isVisible: row.isVisible && row.archivedAt === null,
    priceCents: row.priceCents,
  };
  await appendEvent(tx, venue.id, 'menu.product.changed', change);
  await notifyMenuProductChanged(tx, venue.id, change);
}

/** Refuses ids the venue does not have (another venue's or made up) as a 404, like any foreign id. */
export async function requireKnown(
  tx: Transaction,
  venueId: number,
  table: Parameters<typeof knownIds>[2],
  ids: readonly number[],
) {
  const known = await knownIds(tx, venueId, table, ids);
  if (ids.some((id) => !known.has(id))) throw notFound();
}

export const invalid = (fields: FieldError[]) =>
  new AppError(400, 'VALIDATION_FAILED', 'admin_menu_invalid', { fields });
