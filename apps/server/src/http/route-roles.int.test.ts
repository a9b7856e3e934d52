import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givenOrderingVenues, post, type OrderingVenues } from '../modules/menus/ordering.fixtures.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { actingAs, copilotAs } from './route-roles.ts';
import { parseInput } from './validation.ts';

/**
 * Decision 063: a staff route declares the roles it admits next to `access`, one preHandler checks them,
 * and the handler takes its caller once its input parsed. Two routes of the test's own: one that asks
 * for its caller, one that forgets to.
 */

const ASKED = '/world/api/test/roles/asked';
const FORGOTTEN = '/world/api/test/roles/forgotten';
const bodySchema = z.strictObject({ roleId: z.number().int().positive().optional(), pax: z.number().int() });

let t: TestApp;
let v: OrderingVenues;

beforeAll(async () => {
  t = await buildTestApp({
    extraRoutes: (app) => {
      // Seating: front of house and admin, not the kitchen (decision 007).
      app.post(ASKED, copilotAs({ matrix: 'floor', operation: 'seat' }), async (request) => {
        parseInput(bodySchema, request.body);
        const who = actingAs(request, 'floor');
        return { result: 0, actor: who.actor, roleId: who.roleId };
      });
      app.post(FORGOTTEN, copilotAs({ matrix: 'floor', operation: 'seat' }), async (request) => {
        parseInput(bodySchema, request.body);
        return { result: 0 };
      });
    },
  });
  v = await givenOrderingVenues(t);
});

afterAll(async () => {
  await t.close();
});

describe('one role check, declared with the route', () => {
  it('lets a role the matrix admits through, with its caller', async () => {
    const response = await post(t, 'demo', ASKED, { pax: 2 }, { token: v.tokens.sala });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ result: 0, actor: 'Sala' });
    const admin = await post(t, 'demo', ASKED, { pax: 2 }, { token: v.tokens.admin });
    expect(admin.json()).toMatchObject({ actor: 'admin' });
  });

  it('refuses a role the matrix does not admit with 403 forbidden_role, in Spanish by default', async () => {
    const response = await post(t, 'demo', ASKED, { pax: 2 }, { token: v.tokens.cocina });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((response.json() as { message: string }).message).toMatch(/rol/i);
  });

  it('answers a malformed body with 400 before the refusal of the role', async () => {
    const response = await post(t, 'demo', ASKED, { pax: 'two' }, { token: v.tokens.cocina });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('refuses a roleId that is not one of the caller’s roles', async () => {
    const response = await post(t, 'demo', ASKED, { pax: 2, roleId: 999_999 }, { token: v.tokens.sala });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('withholds the reply of a handler that never asked for its caller', async () => {
    const response = await post(t, 'demo', FORGOTTEN, { pax: 2 }, { token: v.tokens.sala });
    expect(response.statusCode).toBe(500);
  });
});
