import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../db/audit-log.ts';
import { signTicket, venueKeys } from '../signing/signing.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import type { BillingCaller } from '../../http/route-roles.ts';

/**
 * A drawer ticket is good for this long: the tap that asked for it is followed by the helper at once.
 * Long enough for a slow tablet and a venue PC whose clock is a little off, short enough that a copied
 * ticket is useless soon after.
 */
export const DRAWER_TICKET_LIFETIME_MS = 2 * 60 * 1000;

/** What the ticket says; the print helper checks `p`, `exp` and that `jti` was never used (decision 023). */
export interface DrawerTicketPayload {
  readonly p: 'OPEN_CASH_DRAWER';
  readonly venue: string;
  readonly jti: string;
  readonly user: number;
  readonly role: string;
  readonly iat: number;
  readonly exp: number;
}

/**
 * cash-drawer/ticket: a signed, short-lived, single-use ticket to open the cash drawer (SEC-11). Issued only
 * to a role that may (`openDrawer`: TPV, 1 en Sala, admin; checked by the caller), and audited.
 */
export async function issueDrawerTicket(ctx: AppContext, venue: Venue, caller: BillingCaller) {
  const now = ctx.clock.now().getTime();
  const payload: DrawerTicketPayload = {
    p: 'OPEN_CASH_DRAWER',
    venue: venue.subdomain,
    jti: randomUUID(),
    user: caller.principal.userId,
    role: caller.actor,
    iat: now,
    exp: now + DRAWER_TICKET_LIFETIME_MS,
  };
  return ctx.db.transaction(async (tx) => {
    const ticket = signTicket(await venueKeys(tx, venue.id), { ...payload });
    await appendAudit(tx, venue.id, caller, 'cash_drawer.open', 'cash_drawer', payload.jti, null, {
      roleId: caller.roleId,
      expiresAt: new Date(payload.exp).toISOString(),
    });
    return { ticket, expiresAt: new Date(payload.exp).toISOString() };
  });
}
