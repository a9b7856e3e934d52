import type { GuestOrderResponse, GuestOrderLine } from '@sobremesa/contracts';
import { guestLineState, isAccountClosed, priceLine, unitPriceCents } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import { loadAccount, paidBillOfAccount } from '../billing/billing.service.ts';
import { tableLiveKey } from '../menus/menus.service.ts';
import { accountOfGuest } from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { linesOfReservation } from './orders.repository.ts';

/**
 * The guest's "Ver pedido" (issue 18 item 6, decision 028): every dish of the table the guest's
 * capability belongs to, from any phone or the waiter, with its choices, price and state in the guest's
 * words. The table is the capability's; a table merged into another shows the account it went to. Once
 * the account is paid the phone turns to its thank-you state (decision 038) from `closed` and `paid`.
 */
export async function guestOrder(
  ctx: AppContext,
  venue: Venue,
  uid: string,
): Promise<Omit<GuestOrderResponse, 'result'>> {
  const reservation = await accountOfGuest(ctx, venue, uid);
  const rows = await linesOfReservation(ctx.db, venue.id, reservation.id);
  const lines = rows.flatMap((row): GuestOrderLine[] => {
    const state = guestLineState(row.status);
    if (state === null) return [];
    const choices = Array.isArray(row.choices)
      ? row.choices.flatMap((choice: { choiceName?: unknown }) =>
          typeof choice.choiceName === 'string' ? [choice.choiceName] : [],
        )
      : [];
    const totalCents =
      state === 'notMade'
        ? 0
        : priceLine(unitPriceCents(row.priceCents, []), row.units, row.vatRateBp).totalCents;
    return [
      {
        productOrderId: row.id,
        parentId: row.parentId,
        name: row.productName,
        units: row.units,
        choices,
        totalCents,
        state,
      },
    ];
  });
  // What the bill asks, promotions, vouchers and payments counted as the TPV counts them.
  const account = await loadAccount(ctx.db, venue, reservation);
  const paid = await paidBillOfAccount(ctx, venue, reservation.id);
  return {
    lines,
    totalCents: lines.reduce((sum, line) => sum + line.totalCents, 0),
    dueCents: account.pendingCents,
    liveKey: tableLiveKey(reservation.wid),
    closed: isAccountClosed(reservation),
    paid,
  };
}
