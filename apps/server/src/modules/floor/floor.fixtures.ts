import {
  floorReservationResponseSchema,
  type FloorReservation,
  type VenueSettings,
} from '@sobremesa/contracts';
import { COPILOT_VIEWS, addDays, type CopilotView } from '@sobremesa/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { auditLog, copilotRoles, realtimeEvents } from '../../db/schema/index.ts';
import { call, givenStaff, givenVenue, signIn, type TestApp } from '../../test/test-app.ts';
import { furnishVenue } from '../reservations/reservations.fixtures.ts';

/**
 * A furnished venue for the floor tests: a dining room with eight tables (two joinable), a terrace, a
 * private room guests cannot book, the six copilot roles, and staff signed in: `staff` holds every role
 * (Sala preselected, others by `roleId`), `cocina` only the kitchen's, `admin` none, `noRole` none.
 */
export async function givenFloorVenue(t: TestApp, subdomain: string, settings: Partial<VenueSettings> = {}) {
  const venue = await givenVenue(t, { subdomain, settings });
  const floor = await furnishVenue(t.ctx.db, venue.id, {
    rooms: [
      {
        name: 'Sala',
        tables: [
          { name: 'S1', minPax: 1, maxPax: 2 },
          { name: 'S2', minPax: 1, maxPax: 2 },
          { name: 'S3', minPax: 2, maxPax: 4 },
          { name: 'S4', minPax: 2, maxPax: 4 },
          { name: 'S5', minPax: 2, maxPax: 4 },
          { name: 'S6', minPax: 2, maxPax: 4 },
          { name: 'S7', minPax: 2, maxPax: 4, combinable: true },
          { name: 'S8', minPax: 2, maxPax: 4, combinable: true },
        ],
      },
      {
        name: 'Terraza',
        tables: [
          { name: 'T1', minPax: 2, maxPax: 4 },
          { name: 'T2', minPax: 2, maxPax: 4 },
        ],
      },
      { name: 'Privado', reservable: false, tables: [{ name: 'P1', minPax: 1, maxPax: 12 }] },
    ],
    combinations: [{ name: 'S7 + S8', tables: ['S7', 'S8'], minPax: 5, maxPax: 8 }],
  });
  const roleRows = await t.ctx.db
    .insert(copilotRoles)
    .values(
      COPILOT_VIEWS.map((view, index) => ({
        venueId: venue.id,
        name: `Rol ${view}`,
        view,
        sortOrder: index,
      })),
    )
    .returning();
  const roles = new Map<CopilotView, number>(roleRows.map((row) => [row.view as CopilotView, row.id]));
  const allRoleIds = roleRows.map((row) => row.id);
  await givenStaff(t, {
    venueId: venue.id,
    email: `staff@${subdomain}.test`,
    roleIds: allRoleIds,
    activeRoleId: roles.get('Sala'),
  });
  await givenStaff(t, {
    venueId: venue.id,
    email: `cocina@${subdomain}.test`,
    roleIds: [roles.get('Cocina')!],
  });
  await givenStaff(t, { venueId: venue.id, email: `admin@${subdomain}.test`, isAdmin: true });
  await givenStaff(t, { venueId: venue.id, email: `norole@${subdomain}.test` });
  const tokens = { staff: '', cocina: '', admin: '', noRole: '' };
  /** Signs everyone in again: tests move the clock by days, past the sessions' idle and absolute limits. */
  const refreshTokens = async () => {
    tokens.staff = await signIn(t, subdomain, `staff@${subdomain}.test`);
    tokens.cocina = await signIn(t, subdomain, `cocina@${subdomain}.test`);
    tokens.admin = await signIn(t, subdomain, `admin@${subdomain}.test`);
    tokens.noRole = await signIn(t, subdomain, `norole@${subdomain}.test`);
  };
  await refreshTokens();
  const table = (name: string) => {
    const id = floor.tableIds.get(name);
    if (id === undefined) throw new Error(`no table ${name}`);
    return id;
  };
  return { venue, subdomain, ...floor, roles, tokens, table, refreshTokens };
}

export type FloorVenue = Awaited<ReturnType<typeof givenFloorVenue>>;

/** The first service day the floor tests use: Friday 2026-11-20, 20:00 in Madrid. */
export const FIRST_DAY = '2026-11-20';

/**
 * Moves the clock to 20:00 (Madrid, winter) of the `index`-th day after {@link FIRST_DAY}, so each test
 * works on its own service day and its tables are free.
 */
export async function startServiceDay(
  t: TestApp,
  index: number,
  places: readonly FloorVenue[],
): Promise<string> {
  const date = addDays(FIRST_DAY, index);
  t.clock.set(`${date}T19:00:00Z`);
  if (index % 5 === 0) for (const place of places) await place.refreshTokens();
  return date;
}

/** A floor client: POSTs on the venue's host with a bearer token (and a role, when given). */
export function floorClient(t: TestApp, place: FloorVenue) {
  let address = 0;
  const post = (
    url: string,
    payload: Record<string, unknown> | undefined,
    options: { token?: string | null; role?: CopilotView; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> => {
    address += 1;
    const token = options.token === undefined ? place.tokens.staff : (options.token ?? undefined);
    const body = options.role === undefined ? payload : { ...payload, roleId: place.roles.get(options.role) };
    return call(t, place.subdomain, {
      method: 'POST',
      url,
      payload: body,
      token,
      headers: options.headers,
      remoteAddress: `10.9.${Math.floor(address / 250)}.${(address % 250) + 1}`,
    });
  };
  /** A call expected to succeed with a reservation in the reply. */
  const reservation = async (
    url: string,
    payload: Record<string, unknown>,
    options: Parameters<typeof post>[2] = {},
    status = 200,
  ): Promise<FloorReservation> => {
    const response = await post(url, payload, options);
    expect(response.statusCode, response.body).toBe(status);
    return floorReservationResponseSchema.parse(response.json()).reservation;
  };
  return {
    post,
    reservation,
    walkIn: (payload: Record<string, unknown> = {}, options: Parameters<typeof post>[2] = {}) =>
      reservation('/world/reservation/createwalkin', { name: 'Ana', pax: 2, ...payload }, options, 201),
    sitIn: (tableNames: readonly string[], payload: Record<string, unknown> = {}) =>
      reservation(
        '/world/reservation/createwalkin',
        { name: 'Berta', pax: 2, alreadySeated: true, tableIds: tableNames.map(place.table), ...payload },
        {},
        201,
      ),
    phone: (date: string, payload: Record<string, unknown> = {}) =>
      reservation(
        '/world/reservation/create-phone',
        { date, timeSlot: '21:30', pax: 2, name: 'Carmen', phone: '+34 600 111 222', ...payload },
        {},
        201,
      ),
  };
}

/** The venue's latest realtime events, newest first. */
export function latestEvents(t: TestApp, venueId: number, limit = 5) {
  return t.ctx.db
    .select()
    .from(realtimeEvents)
    .where(eq(realtimeEvents.venueId, venueId))
    .orderBy(desc(realtimeEvents.seq))
    .limit(limit);
}

/** The audit rows of one reservation. */
export function auditOf(t: TestApp, venueId: number, reservationId: number) {
  return t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.venueId, venueId), eq(auditLog.entityId, String(reservationId))))
    .orderBy(auditLog.id);
}
