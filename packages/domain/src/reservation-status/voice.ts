import { RESERVATION_STATUS_CODES } from './status.ts';

/**
 * Voice table commands (spec §4 "Voice intents", §5): `activa` reactivates the account of a table,
 * `finaliza` sends it to payment (method Otro). Each needs a table number matching an eligible
 * reservation: finalize needs status 1, activate a negative status.
 */
export type VoiceTableIntent = 'activa' | 'finaliza';

/** What a voice table command reads of the day's reservations. */
export interface VoiceCandidate {
  readonly id: number;
  readonly status: number;
  /** Names of the tables the reservation holds (or last held, for a finished one). */
  readonly tableNames: readonly string[];
  /** Later seatings win when a table had several finished accounts. */
  readonly startsAt: Date;
}

/**
 * The reservation a voice table command acts on, or why there is none: `no_table` when no table number
 * was said ("No se ha proporcionado ninguna mesa"), `no_reservation` when the table belongs to no
 * eligible reservation ("La mesa {n} no pertenece a ninguna reserva."). Table names compare without
 * case or surrounding spaces; the latest eligible reservation of the table wins.
 */
export function voiceCommandTarget<T extends VoiceCandidate>(
  intent: VoiceTableIntent,
  tableName: string | null | undefined,
  reservations: readonly T[],
): { readonly reservation: T } | { readonly error: 'no_table' | 'no_reservation' } {
  const wanted = tableName?.trim().toLowerCase() ?? '';
  if (!wanted) return { error: 'no_table' };
  const eligible = (status: number) =>
    intent === 'finaliza'
      ? status === RESERVATION_STATUS_CODES.active
      : status < 0 && status !== RESERVATION_STATUS_CODES.merged;
  const matches = reservations
    .filter((reservation) => eligible(reservation.status))
    .filter((reservation) => reservation.tableNames.some((name) => name.trim().toLowerCase() === wanted))
    .sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime() || b.id - a.id);
  const reservation = matches[0];
  return reservation ? { reservation } : { error: 'no_reservation' };
}
