// What each floor action tells staff screens (its event) and the audit log.
import type { FloorEventPayload, FloorReservation } from '@sobremesa/contracts';
import { type ReservationAction } from '@sobremesa/domain';
import { appendAudit } from '../../db/audit-log.ts';
import type { Transaction } from '../../db/database.ts';
import type { Venue } from '../venues/venues.service.ts';

import type { FloorCaller } from '../../http/route-roles.ts';

export function eventPayload(view: FloorReservation, action: string, caller: FloorCaller): FloorEventPayload {
  return {
    reservationId: view.id,
    wid: view.wid,
    action,
    status: view.status,
    state: view.state,
    version: view.version,
    date: view.date,
    table: view.table,
    tableIds: view.tables.map((table) => table.table_id),
    pax: view.pax,
    menuAccessEnabled: view.menuAccessEnabled,
    by: 'staff',
    userId: caller.principal.userId,
  };
}

function auditSnapshot(view: FloorReservation) {
  return {
    status: view.status,
    state: view.state,
    pax: view.pax,
    table: view.table,
    menuAccessEnabled: view.menuAccessEnabled,
    finishedDateTime: view.finishedDateTime,
    mergedIntoId: view.mergedIntoId,
  };
}

export const AUDIT_ACTIONS: Partial<Record<ReservationAction, string>> = {
  noShow: 'reservation.no_show',
  cancel: 'reservation.cancel',
  close: 'reservation.close',
  reactivate: 'reservation.reactivate',
  merge: 'reservation.merge',
};

export async function audit(
  tx: Transaction,
  venue: Venue,
  caller: FloorCaller,
  action: string,
  before: FloorReservation,
  after: FloorReservation,
  extra: Record<string, unknown> = {},
): Promise<void> {
  await appendAudit(tx, venue.id, caller, action, 'reservation', before.id, auditSnapshot(before), {
    ...auditSnapshot(after),
    roleId: caller.roleId,
    ...extra,
  });
}
