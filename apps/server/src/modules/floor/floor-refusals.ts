// The floor's refusals: stale versions, transitions the state rules forbid, tables taken or unknown.
import {
  MAX_PAX,
  allowedActions,
  paxProblem,
  reservationStateOf,
  type Locale,
  type ReservationAction,
} from '@sobremesa/domain';
import { AppError } from '../../http/app-error.ts';
import { translate, type MessageKey } from '../../i18n/messages.ts';
import { type BookingProfile, type ReservationRow } from '../reservations/reservations.service.ts';
import { versionOf } from './floor-view.ts';

type ConflictReason = 'stale_version' | 'invalid_transition' | 'finished';

/**
 * The 409 of an action the reservation's state or version does not allow: a stable code, a localised
 * message (the spec's own for pax and reactivation), and the reservation's current state, version and
 * allowed actions so the screen can redraw the row.
 */
export function stateConflict(
  action: ReservationAction,
  row: ReservationRow,
  reason: ConflictReason,
): AppError {
  const state = reservationStateOf(row);
  const extra = {
    reason: state === 'merged' && action === 'reactivate' ? 'merged' : reason,
    reservationId: row.id,
    state,
    version: versionOf(row),
    allowedActions: allowedActions(state),
  };
  if (reason === 'finished')
    return new AppError(409, 'RESERVATION_FINISHED', 'reservation_finished', { extra });
  let key: MessageKey = reason === 'stale_version' ? 'conflict' : 'reservation_state_conflict';
  if (action === 'updatePax') key = 'pax_update_failed';
  if (action === 'reactivate') {
    key =
      reason === 'stale_version'
        ? 'reactivate_failed'
        : state === 'merged'
          ? 'reactivate_merged'
          : 'reactivate_not_allowed';
  }
  return new AppError(409, 'CONFLICT', key, { extra });
}

/** The 409 of a table that cannot be had: taken by someone else, or none fits the party. */
export function tableConflict(
  operation: 'walkIn' | 'updateTable' | 'reactivate',
  reason: 'table_taken' | 'no_table',
): AppError {
  const key: MessageKey =
    operation === 'walkIn'
      ? 'table_assign_failed'
      : operation === 'reactivate'
        ? 'reactivate_failed'
        : 'table_taken';
  return new AppError(409, 'SLOT_UNAVAILABLE', key, { extra: { reason } });
}

/** Thrown inside a seating transaction when no table can be had, to roll it back into a 409. */
export class NoTable extends Error {
  constructor(readonly reason: 'table_taken' | 'no_table') {
    super(reason);
    this.name = 'NoTable';
  }
}

/** Whether a walk-in failed for want of a free table (the kiosk then calls staff instead). */
export function isNoTable(error: unknown): boolean {
  return error instanceof NoTable;
}

/** 400 with the spec's message for a negative party, another clear one for zero, fractions and huge ones. */
export function assertPax(pax: number, locale: Locale): number {
  const problem = paxProblem(pax);
  if (problem === null) return pax;
  if (problem === 'negative') {
    throw new AppError(400, 'VALIDATION_FAILED', 'negative_number', {
      fields: [{ path: 'pax', message: translate('negative_number', locale) }],
    });
  }
  throw new AppError(400, 'VALIDATION_FAILED', 'pax_invalid', {
    params: { max: MAX_PAX },
    fields: [{ path: 'pax', message: translate('pax_invalid', locale, { max: MAX_PAX }) }],
  });
}

/** 404 unless every table is an active table of the venue (another venue's table is unknown here). */
export function assertTables(profile: BookingProfile, tableIds: readonly number[]): void {
  for (const tableId of tableIds) {
    const table = profile.engine.tables.find((candidate) => candidate.id === tableId);
    if (!table || table.active === false) throw new AppError(404, 'NOT_FOUND', 'table_not_found');
  }
}

export function roomOfTables(profile: BookingProfile, tableIds: readonly number[]): number | null {
  const first = tableIds[0];
  return profile.engine.tables.find((table) => table.id === first)?.roomId ?? null;
}
