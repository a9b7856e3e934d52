// How a booking transaction loses a race to another (REL-01, decision 006) and the 409 it becomes.
import { toTimeSlot } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { freshSlots, type BookingProfile } from './availability.ts';

/** Thrown inside a booking transaction when the wanted time is gone, to roll it back into a 409. */
export class SlotGone extends Error {
  constructor() {
    super('slot gone');
    this.name = 'SlotGone';
  }
}

/** Whether an error (wrapped by drizzle) is the REL-01 exclusion constraint refusing a booking. */
export function isExclusionViolation(error: unknown): boolean {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    if ((current as { code?: unknown }).code === '23P01') return true;
  }
  return false;
}

/**
 * The precise 409 of a lost race (decision 006): a clear message and the date's fresh time slots, read
 * after the losing transaction rolled back, so the form can offer what is really left.
 */
export async function slotUnavailable(
  ctx: AppContext,
  profile: BookingProfile,
  query: { date: string; pax: number; roomId?: number; ignoreReservationIds?: readonly number[] },
): Promise<AppError> {
  const slots = await freshSlots(ctx, profile, query);
  return new AppError(409, 'SLOT_UNAVAILABLE', 'slot_unavailable', {
    extra: { date: query.date, pax: query.pax, timeSlots: slots.map(toTimeSlot) },
  });
}

/** Maps the two ways a booking transaction loses a race to the 409; anything else is rethrown. */
export async function asSlotUnavailable(
  ctx: AppContext,
  profile: BookingProfile,
  query: { date: string; pax: number; roomId?: number },
  error: unknown,
): Promise<unknown> {
  if (error instanceof SlotGone || isExclusionViolation(error)) return slotUnavailable(ctx, profile, query);
  return error;
}
