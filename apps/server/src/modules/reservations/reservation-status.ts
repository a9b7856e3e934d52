/**
 * Reservation status codes as the spec defines them (§4) and the values this module writes (decision 006):
 * 1 active (booked; seated once menu access is enabled), 7 for payment, 10 not shown (here: the
 * provisional reservation that carries a guest's hold), negative finished or deactivated (-1 cancelled by
 * the guest or staff, -4 no-show).
 */
export const RESERVATION_STATUS = {
  active: 1,
  forPayment: 7,
  provisional: 10,
  cancelled: -1,
  noShow: -4,
} as const;

/** How guests and the confirmation step name a reservation's state. */
export type ReservationState =
  'held' | 'confirmed' | 'seated' | 'for_payment' | 'finished' | 'cancelled' | 'no_show';

export function reservationState(row: {
  status: number;
  finishedAt: Date | null;
  seatedAt: Date | null;
  menuAccessEnabled: boolean;
}): ReservationState {
  if (row.status === RESERVATION_STATUS.provisional) return 'held';
  if (row.status === RESERVATION_STATUS.noShow) return 'no_show';
  if (row.finishedAt) return 'finished';
  if (row.status < 0) return 'cancelled';
  if (row.status === RESERVATION_STATUS.forPayment) return 'for_payment';
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
