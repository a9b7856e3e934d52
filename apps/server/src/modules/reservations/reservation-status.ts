import { RESERVATION_STATUS_CODES, isDeactivatedCode } from '@sobremesa/domain';
/** How guests and the confirmation step name a reservation's state. */
export type ReservationState =
  'held' | 'confirmed' | 'seated' | 'for_payment' | 'finished' | 'cancelled' | 'no_show';

export function reservationState(row: {
  status: number;
  finishedAt: Date | null;
  seatedAt: Date | null;
  menuAccessEnabled: boolean;
}): ReservationState {
  if (row.status === RESERVATION_STATUS_CODES.excluded) return 'held';
  if (row.status === RESERVATION_STATUS_CODES.noShow) return 'no_show';
  if (row.finishedAt) return 'finished';
  if (isDeactivatedCode(row.status)) return 'cancelled';
  if (row.status === RESERVATION_STATUS_CODES.forPayment) return 'for_payment';
  if (row.seatedAt || row.menuAccessEnabled) return 'seated';
  return 'confirmed';
}

/** A guest may still change or cancel a confirmed reservation that has not started. */
export function guestMayChange(
  row: {
    status: number;
    finishedAt: Date | null;
    seatedAt: Date | null;
    menuAccessEnabled: boolean;
    startsAt: Date;
  },
  now: Date,
): boolean {
  return reservationState(row) === 'confirmed' && row.startsAt.getTime() > now.getTime();
}
