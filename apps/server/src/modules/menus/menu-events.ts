import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import { reservations } from '../../db/schema/index.ts';
import { eventText } from '../../http/event-stream.ts';
import { NotifyStreamHub } from '../../http/notify-stream-hub.ts';

/**
 * The guest menu's live channel (decision 014). Guests have no staff WebSocket, so an open menu holds a
 * Server-Sent Events stream of its venue and receives `product-changed` with what a guest may see of a
 * product (id, sku, available, visible, top choice, price) whenever staff change it, and `order-changed`
 * with a table's opaque key whenever that table's order lines change (decision 028). Fan-out is NOTIFY,
 * like the availability stream of decision 006: the writing transaction calls
 * {@link notifyMenuProductChanged}, the notification is delivered on commit to every instance (PGlite
 * in-process, PostgreSQL through the LISTEN connection), and each instance writes to its own streams.
 */
export const MENU_CHANNEL = 'sobremesa_menu';

/** Streams one address may keep open on one instance (a table of phones behind one router shares it). */
export const MAX_MENU_STREAMS_PER_ADDRESS = 64;

/** What a guest may learn of a changed product: nothing the menu itself does not show. */
export interface MenuProductChange {
  readonly productId: number;
  readonly sku: string;
  readonly available: boolean;
  readonly topChoice: boolean;
  readonly isVisible: boolean;
  readonly priceCents: number;
}

/** Announces (on commit) a product change to the venue's open guest menus. */
export async function notifyMenuProductChanged(
  tx: Executor,
  venueId: number,
  change: MenuProductChange,
): Promise<void> {
  const payload: MenuProductChange = {
    productId: change.productId,
    sku: change.sku,
    available: change.available,
    topChoice: change.topChoice,
    isVisible: change.isVisible,
    priceCents: change.priceCents,
  };
  await tx.execute(sql`select pg_notify(${MENU_CHANNEL}, ${`${venueId}|${JSON.stringify(payload)}`})`);
}

/**
 * The key a table's `order-changed` events carry (decision 028): a hash of its reservation's wid, so a
 * phone of that table recognises its own changes while the venue-wide stream names no table or id.
 */
export function tableLiveKey(wid: string): string {
  return createHash('sha256').update(`table-order:${wid}`).digest('hex').slice(0, 24);
}

/**
 * Announces (on commit) that the order lines of reservations changed, so their guests' "Ver pedido"
 * refetches (issue 18 item 6). Called wherever lines are created or change state.
 */
export async function notifyTableOrderChanged(
  tx: Executor,
  venueId: number,
  reservationIds: readonly number[],
): Promise<void> {
  if (reservationIds.length === 0) return;
  const rows = await tx
    .select({ wid: reservations.wid })
    .from(reservations)
    .where(and(eq(reservations.venueId, venueId), inArray(reservations.id, [...new Set(reservationIds)])));
  for (const row of rows) {
    const payload = JSON.stringify({ tableKey: tableLiveKey(row.wid) });
    await tx.execute(sql`select pg_notify(${MENU_CHANNEL}, ${`${venueId}|${payload}`})`);
  }
}

/**
 * Announces (on commit) that the venue's menus changed in what a product change does not carry (a new
 * category, a name, a translation, an order): open guest menus refetch the whole menu (decision 060).
 */
export async function notifyMenuChanged(tx: Executor, venueId: number): Promise<void> {
  await tx.execute(
    sql`select pg_notify(${MENU_CHANNEL}, ${`${venueId}|${JSON.stringify({ menuChanged: true })}`})`,
  );
}

/**
 * Announces (on commit) that the venue's online ordering changed (a pause set or lifted): an open takeaway
 * form reads its settings again, and the page a guest opens next is drawn afresh rather than kept from
 * before (decision 030). Open menus refetch nothing.
 */
export async function notifyTakeawayChanged(tx: Executor, venueId: number): Promise<void> {
  await tx.execute(
    sql`select pg_notify(${MENU_CHANNEL}, ${`${venueId}|${JSON.stringify({ takeawayChanged: true })}`})`,
  );
}

function isTakeawayChange(change: unknown): boolean {
  return (
    typeof change === 'object' &&
    change !== null &&
    (change as { takeawayChanged?: unknown }).takeawayChanged === true
  );
}

function isMenuChange(change: unknown): boolean {
  return (
    typeof change === 'object' &&
    change !== null &&
    (change as { menuChanged?: unknown }).menuChanged === true
  );
}

function isTableChange(change: unknown): change is { tableKey: string } {
  return (
    typeof change === 'object' &&
    change !== null &&
    typeof (change as { tableKey?: unknown }).tableKey === 'string'
  );
}

/** What a notification on {@link MENU_CHANNEL} says: changes may have been missed, or one venue's change. */
export type MenuNotice =
  | { readonly kind: 'resync' }
  | { readonly kind: 'product'; readonly venueId: number; readonly change: unknown }
  | { readonly kind: 'menu'; readonly venueId: number }
  | { readonly kind: 'takeaway'; readonly venueId: number }
  | { readonly kind: 'table'; readonly venueId: number; readonly tableKey: string };

/** Reads a notification's payload; null for one that is not understood. */
export function readMenuNotice(payload: string): MenuNotice | null {
  // An empty payload: the LISTEN link was (re)established.
  if (payload === '') return { kind: 'resync' };
  const separator = payload.indexOf('|');
  const venueId = Number(payload.slice(0, separator));
  if (separator < 0 || !Number.isInteger(venueId)) return null;
  let change: unknown;
  try {
    change = JSON.parse(payload.slice(separator + 1));
  } catch {
    return null;
  }
  if (isTableChange(change)) return { kind: 'table', venueId, tableKey: change.tableKey };
  if (isMenuChange(change)) return { kind: 'menu', venueId };
  if (isTakeawayChange(change)) return { kind: 'takeaway', venueId };
  return { kind: 'product', venueId, change };
}

/** The menu streams of this instance and the NOTIFY subscription that feeds them. */
export class MenuEvents extends NotifyStreamHub<{ venueId: number }> {
  constructor(ctx: AppContext, log: FastifyBaseLogger) {
    super(ctx, log, MENU_CHANNEL);
  }

  protected onNotify(payload: string): void {
    const notice = readMenuNotice(payload);
    if (!notice) return;
    if (notice.kind === 'resync') {
      // Changes may have been missed, so every menu reloads.
      this.broadcast(eventText('resync', {}));
      return;
    }
    const text =
      notice.kind === 'table'
        ? eventText('order-changed', { tableKey: notice.tableKey })
        : notice.kind === 'menu'
          ? eventText('menu-changed', {})
          : notice.kind === 'takeaway'
            ? eventText('takeaway-changed', {})
            : eventText('product-changed', notice.change);
    this.broadcast(text, (stream) => stream.venueId === notice.venueId);
  }
}
