import type {
  DoorLogEntry,
  DoorLogHistoryRequest,
  DoorLogHistoryResponse,
  KioskScanResult,
} from '@sobremesa/contracts';
import { formatOffsetDateTime, parseOffsetDateTime } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { capabilityHash } from '../guests/guests.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { mayHoldCapability } from './check-in-code.ts';
import { doorLogsBetween, insertDoorLog, type DoorLogRow } from './door-log.repository.ts';

const DAY_MS = 24 * 3600 * 1000;
/** The longest period one history call reads. */
const MAX_PERIOD_MS = 31 * DAY_MS;
/** What a stored code that was a capability starts with: only its hash is kept (SEC-09). */
const HASHED = 'sha256:';

/** One reading at the door, as the kiosk or a door device reports it (spec: code, agent, type 1, text). */
export interface DoorReading {
  readonly code: string;
  readonly agent: string;
  readonly text: string;
  readonly result: KioskScanResult | null;
  readonly reservationId: number | null;
  readonly userId: number;
}

/** Writes a door log entry; a code that may be a guest capability is kept as its hash only. */
export function recordReading(db: Executor, ctx: AppContext, venue: Venue, reading: DoorReading) {
  const code = reading.code.trim();
  return insertDoorLog(db, {
    venueId: venue.id,
    code: mayHoldCapability(code) ? `${HASHED}${capabilityHash(code)}` : code,
    agent: reading.agent.trim(),
    type: 1,
    text: reading.text.trim(),
    result: reading.result,
    reservationId: reading.reservationId,
    userId: reading.userId,
    createdAt: ctx.clock.now(),
  });
}

function entryOf(
  row: DoorLogRow,
  reservation: { wid: string; name: string; pax: number } | null,
  venue: Venue,
): DoorLogEntry {
  return {
    id: row.id,
    code: row.code.startsWith(HASHED) ? '' : row.code,
    agent: row.agent,
    type: row.type,
    text: row.text,
    result: row.result as KioskScanResult | null,
    userId: row.userId,
    reservation,
    createdDateTime: formatOffsetDateTime(row.createdAt, venue.timeZone),
  };
}

/**
 * doorlog/history: the entries of [dateFrom, dateTo], the last day by default, at most 31 days; filtered by
 * the door device (`welkhomeKey`, its agent) and the staff account it was signed in with (`userId`).
 */
export async function doorLogHistory(
  ctx: AppContext,
  venue: Venue,
  input: DoorLogHistoryRequest,
): Promise<DoorLogHistoryResponse> {
  const now = ctx.clock.now();
  const to = input.dateTo ? parseOffsetDateTime(input.dateTo) : now;
  const from = input.dateFrom ? parseOffsetDateTime(input.dateFrom) : new Date(to.getTime() - DAY_MS);
  if (from.getTime() >= to.getTime() || to.getTime() - from.getTime() > MAX_PERIOD_MS) {
    throw new AppError(400, 'VALIDATION_FAILED', 'door_log_period', {
      fields: [{ path: 'dateFrom', message: 'dateFrom must be before dateTo, at most 31 days apart' }],
    });
  }
  const rows = await doorLogsBetween(ctx.db, venue.id, {
    from,
    to,
    agent: input.welkhomeKey,
    userId: input.userId,
  });
  return {
    result: 0,
    dateFrom: formatOffsetDateTime(from, venue.timeZone),
    dateTo: formatOffsetDateTime(to, venue.timeZone),
    entries: rows.map((row) => entryOf(row.entry, row.reservation, venue)),
  };
}
