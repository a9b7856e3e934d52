import {
  requestTicketResponseSchema,
  type FloorReservation,
  type GetByDayResponse,
} from '@sobremesa/contracts';
import {
  tableWithoutReservation,
  VOICE_MESSAGES,
  voiceCommandTarget,
  voiceDone,
  type FloorOperation,
  type VoiceReading,
} from '@sobremesa/domain';
import { api } from '../../../lib/api.ts';
import { serverMessage } from '../../../lib/api-client.ts';
import { newIdempotencyKey } from '../../../lib/random-key.ts';
import type { FloorCalls } from '../api/floor-api.ts';

/** What the assistant acts with: the floor's own calls and role rules, and the day as the server sees it now. */
export interface VoiceContext {
  readonly calls: FloorCalls;
  readonly roleId: number | null;
  readonly operations: readonly FloorOperation[];
  /** The service day, fetched fresh: a table's account may have changed since the screen drew it. */
  readonly today: () => Promise<GetByDayResponse>;
  /** Runs a change through the floor's write: it resolves once the floor shows it. */
  readonly write: <T>(send: () => Promise<T>) => Promise<T>;
}

/** A finalize waiting for its "sí": the table as said back, and the account it was matched to. */
export interface PendingFinalize {
  readonly table: string;
  readonly reservationWid: string;
}

/** What the assistant does next: say an answer, or ask before a change of money. */
export type VoiceStep =
  { readonly say: string } | { readonly say: string; readonly confirm: PendingFinalize };

const PROBLEM_ANSWERS = {
  unintelligible: VOICE_MESSAGES.unintelligible,
  unsupported: VOICE_MESSAGES.unsupportedCommand,
  walkInMissing: VOICE_MESSAGES.walkInMissing,
  noTable: VOICE_MESSAGES.noTable,
} as const;

/** `yyyy-MM-dd HH:mm:ss` in venue time read as if UTC: only compared with others of the same day. */
const venueWallClock = (text: string) => new Date(`${text.replace(' ', 'T')}Z`);

/** The account of `table` a command may act on (spec §5: finalize needs status 1, activate a negative one). */
async function target(
  intent: 'activa' | 'finaliza',
  table: string,
  context: VoiceContext,
): Promise<FloorReservation | string> {
  const day = await context.today();
  const found = voiceCommandTarget(
    intent,
    table,
    day.reservations.map((reservation) => ({
      ...reservation,
      tableNames: reservation.tables.map((candidate) => candidate.name),
      startsAt: venueWallClock(reservation.startDateTime),
    })),
  );
  if ('error' in found)
    return found.error === 'no_table' ? VOICE_MESSAGES.noTable : tableWithoutReservation(table);
  return found.reservation;
}

/** A refused walk-in says why in the server's words ("No se ha podido asignar mesa."). */
function walkInRefusal(error: unknown): string {
  return serverMessage(error, VOICE_MESSAGES.walkInFailed);
}

/**
 * Acts on what was understood through the same calls as the floor's buttons, within the role's
 * operations, and answers with what was done or why not. A finalize is only matched here: it changes
 * money, so it waits for {@link finalize} after a yes.
 */
export async function act(reading: VoiceReading, context: VoiceContext): Promise<VoiceStep> {
  if ('problem' in reading) {
    return {
      say:
        reading.problem === 'unknownTable'
          ? tableWithoutReservation(reading.table)
          : PROBLEM_ANSWERS[reading.problem],
    };
  }
  const operation = { walking: 'createWalkIn', activa: 'reactivate', finaliza: 'requestBill' } as const;
  if (!context.operations.includes(operation[reading.intent]))
    return { say: VOICE_MESSAGES.unsupportedCommand };
  if (reading.intent === 'walking') {
    try {
      const { reservation } = await context.write(() =>
        context.calls.walkIn({ name: reading.name, pax: reading.pax }, newIdempotencyKey()),
      );
      return { say: voiceDone.walkIn(reservation.name, reservation.pax, reservation.table) };
    } catch (error) {
      return { say: walkInRefusal(error) };
    }
  }
  const found = await target(reading.intent, reading.table, context).catch(() =>
    reading.intent === 'activa' ? VOICE_MESSAGES.activateFailed : VOICE_MESSAGES.finalizeFailed,
  );
  if (typeof found === 'string') return { say: found };
  if (reading.intent === 'finaliza') {
    return {
      say: voiceDone.confirmFinalize(reading.table),
      confirm: { table: reading.table, reservationWid: found.wid },
    };
  }
  try {
    await context.write(() => context.calls.reactivate(found.wid, found.version));
    return { say: voiceDone.activated(reading.table) };
  } catch {
    return { say: VOICE_MESSAGES.activateFailed };
  }
}

/** The confirmed finalize: the account goes to payment with method Otro (request-ticket, as the floor). */
export async function finalize(pending: PendingFinalize, context: VoiceContext): Promise<string> {
  try {
    await context.write(() =>
      api.request(requestTicketResponseSchema, '/world/api/reservation/request-ticket', {
        body: {
          reservationWid: pending.reservationWid,
          paymentMethod: 'other',
          ...(context.roleId === null ? {} : { roleId: context.roleId }),
        },
      }),
    );
    return voiceDone.finalized(pending.table);
  } catch {
    return VOICE_MESSAGES.finalizeFailed;
  }
}
