import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminStaffCapabilityResponseSchema,
  adminStaffResponseSchema,
  CLOSE_CODES,
} from '@sobremesa/contracts';
import {
  auditLog,
  copilotRoles,
  copilotRoleStations,
  elaborationStations,
  elaborationTypes,
  realtimeEvents,
} from '../../db/schema/index.ts';
import {
  buildTestApp,
  call,
  givenStaff,
  givenVenue,
  hostOf,
  signIn,
  TEST_PASSWORD,
  type TestApp,
} from '../../test/test-app.ts';
import type { Mailer, MailMessage } from '../../lib/mailer.ts';
import { TestSocket } from '../realtime/realtime-test-socket.ts';
import { PASSWORD_LINK_TTL_MS } from './admin-staff.service.ts';

/**
 * The admin area's staff section (issue 22 item 5, decision 046): members, invitations by code or email,
 * roles, disabling (sessions and sockets end at once, SEC-05) and password resets. Admin only, per venue,
 * audited (SEC-11).
 */
let t: TestApp;
let port: number;
let casaId: number;
let adminId: number;
let salaId: number;
let otraMemberId: number;
let salaRoleId: number;
let cocinaRoleId: number;
let otraRoleId: number;
let adminToken: string;
let salaToken: string;
let otherAdminToken: string;

const STAFF = '/world/api/admin/staff';
const INVITE = '/world/api/admin/staff/invite';
const SET_PASSWORD = '/world/api/user/set-password';
const NEW_PASSWORD = 'fogones de leña 1987';

beforeAll(async () => {
  t = await buildTestApp();
  port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
  const casa = await givenVenue(t, { subdomain: 'casa' });
  casaId = casa.id;
  const otra = await givenVenue(t, { subdomain: 'otra' });
  const [type] = await t.ctx.db
    .insert(elaborationTypes)
    .values({ venueId: casa.id, name: 'Cocina caliente' })
    .returning();
  const [plancha] = await t.ctx.db
    .insert(elaborationStations)
    .values({ venueId: casa.id, elaborationTypeId: type!.id, name: 'Plancha' })
    .returning();
  const [sala, cocina, ajena] = await t.ctx.db
    .insert(copilotRoles)
    .values([
      { venueId: casa.id, name: 'Sala', view: 'Sala', notificationTypes: ['ticket_request'] },
      { venueId: casa.id, name: 'Cocina', view: 'Cocina', notificationTypes: ['order_ready_food'] },
      { venueId: otra.id, name: 'Sala', view: 'Sala' },
    ])
    .returning();
  salaRoleId = sala!.id;
  cocinaRoleId = cocina!.id;
  otraRoleId = ajena!.id;
  await t.ctx.db
    .insert(copilotRoleStations)
    .values({ venueId: casa.id, copilotRoleId: cocinaRoleId, elaborationStationId: plancha!.id });
  adminId = (await givenStaff(t, { venueId: casa.id, email: 'admin@casa.test', isAdmin: true, name: 'Lola' }))
    .id;
  salaId = (await givenStaff(t, { venueId: casa.id, email: 'sala@casa.test', roleIds: [salaRoleId] })).id;
  otraMemberId = (await givenStaff(t, { venueId: otra.id, email: 'admin@otra.test', isAdmin: true })).id;
  adminToken = await signIn(t, 'casa', 'admin@casa.test');
  salaToken = await signIn(t, 'casa', 'sala@casa.test');
  otherAdminToken = await signIn(t, 'otra', 'admin@otra.test');
});
afterAll(() => t.close());

const admin = (method: 'GET' | 'POST', url: string, payload?: object, token = adminToken) =>
  call(t, 'casa', { method, url, token, ...(payload ? { payload } : {}) });

const setPassword = (code: string, password: string) =>
  call(t, 'casa', { method: 'POST', url: SET_PASSWORD, payload: { code, password } });

const login = (email: string, password: string) =>
  call(t, 'casa', { method: 'POST', url: '/world/api/user/login', payload: { userEmail: email, password } });

async function invite(email: string, roleIds: number[] = [salaRoleId]) {
  const response = await admin('POST', INVITE, { name: 'Nuevo', email, roleIds });
  expect(response.statusCode).toBe(200);
  const body = adminStaffCapabilityResponseSchema.parse(response.json());
  if (body.capability.delivery !== 'code') throw new Error('expected a code');
  return { member: body.member, code: body.capability.code };
}

function auditsOf(userId: number) {
  return t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.venueId, casaId), eq(auditLog.entityId, String(userId))))
    .orderBy(auditLog.id);
}

describe('admin staff calls: access', () => {
  it.each([
    ['GET', STAFF, undefined],
    ['POST', INVITE, { name: 'X', email: 'x@casa.test', roleIds: [] }],
    ['POST', `${STAFF}/1/roles`, { roleIds: [] }],
    ['POST', `${STAFF}/1/disable`, undefined],
    ['POST', `${STAFF}/1/enable`, undefined],
    ['POST', `${STAFF}/1/reset-password`, undefined],
  ] as const)(
    '%s %s needs a token (401), the admin role (403) and this venue (401)',
    async (m, url, body) => {
      const ask = (token?: string) =>
        call(t, 'casa', { method: m, url, ...(body ? { payload: body } : {}), ...(token ? { token } : {}) });
      expect((await ask()).statusCode).toBe(401);
      const refused = await ask(salaToken);
      expect(refused.statusCode).toBe(403);
      expect((await ask(otherAdminToken)).statusCode).toBe(401);
    },
  );

  it("answers 404 for another venue's member, and changes nothing there", async () => {
    for (const action of ['roles', 'disable', 'enable', 'reset-password']) {
      const response = await admin(
        'POST',
        `${STAFF}/${otraMemberId}/${action}`,
        action === 'roles' ? { roleIds: [] } : undefined,
      );
      expect(response.statusCode).toBe(404);
    }
    expect((await login('admin@otra.test', TEST_PASSWORD)).statusCode).toBe(401);
    const onOtra = await call(t, 'otra', {
      method: 'POST',
      url: '/world/api/user/login',
      payload: { userEmail: 'admin@otra.test', password: TEST_PASSWORD },
    });
    expect(onOtra.statusCode).toBe(200);
  });
});

describe('listing and inviting without SMTP', () => {
  it('lists the members with their roles, and the roles with their stations and notification types', async () => {
    const response = await admin('GET', STAFF);
    expect(response.statusCode).toBe(200);
    const page = adminStaffResponseSchema.parse(response.json());
    expect(page.members.find((member) => member.id === salaId)).toMatchObject({
      email: 'sala@casa.test',
      roleIds: [salaRoleId],
      disabled: false,
      pending: false,
    });
    expect(page.members.some((member) => member.id === otraMemberId)).toBe(false);
    expect(page.roles.find((role) => role.id === cocinaRoleId)).toEqual({
      id: cocinaRoleId,
      name: 'Cocina',
      view: 'Cocina',
      elaborationStations: [{ id: expect.any(Number), name: 'Plancha' }],
      notificationTypes: ['order_ready_food'],
    });
  });

  it('invites a member with a one-time code shown once, audited, and the member sets a password with it', async () => {
    const { member, code } = await invite('Nuevo@Casa.test', [cocinaRoleId]);
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{12}$/);
    expect(member).toMatchObject({ email: 'nuevo@casa.test', pending: true, roleIds: [cocinaRoleId] });
    const [audit] = await auditsOf(member.id);
    expect(audit).toMatchObject({ action: 'staff.invite', actorUserId: adminId, actorRole: 'admin' });
    expect(JSON.stringify(audit)).not.toContain(code);

    // Nothing signs the invitee in before they set their password.
    expect((await login('nuevo@casa.test', TEST_PASSWORD)).statusCode).toBe(401);
    const common = await setPassword(code, 'password123');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({
      message: 'Esa contraseña es demasiado común. Elige otra.',
      fields: [{ path: 'password' }],
    });
    expect((await setPassword(code, 'sobremesa-demo')).statusCode).toBe(400);

    // Typed by hand: lower case and dashes are fine.
    const typed = `${code.slice(0, 4)}-${code.slice(4)}`.toLowerCase();
    expect((await setPassword(typed, NEW_PASSWORD)).json()).toEqual({ result: 0 });
    const signedIn = await login('nuevo@casa.test', NEW_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.copilotRoles.map((role: { name: string }) => role.name)).toEqual(['Cocina']);
    const listed = adminStaffResponseSchema.parse((await admin('GET', STAFF)).json());
    expect(listed.members.find((candidate) => candidate.id === member.id)?.pending).toBe(false);

    // Spent: a second use is refused at the code field, in Spanish.
    const again = await setPassword(code, 'otra clave larga 2');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: 'El código no es válido o ha caducado. Pide otro a quien administra el local.',
      fields: [{ path: 'code' }],
    });
  });

  it('refuses an expired code and a code of another venue', async () => {
    const { code } = await invite('tarde@casa.test');
    t.clock.advance(PASSWORD_LINK_TTL_MS + 1000);
    expect((await setPassword(code, NEW_PASSWORD)).statusCode).toBe(400);
    const { code: fresh } = await invite('lejos@casa.test');
    const elsewhere = await call(t, 'otra', {
      method: 'POST',
      url: SET_PASSWORD,
      payload: { code: fresh, password: NEW_PASSWORD },
    });
    expect(elsewhere.statusCode).toBe(400);
  });

  it('refuses bad input at its field, a duplicate email and a role of another venue', async () => {
    const badEmail = await admin('POST', INVITE, { name: 'X', email: 'not an email', roleIds: [] });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().fields).toEqual([expect.objectContaining({ path: 'email' })]);
    const noName = await admin('POST', INVITE, { name: '  ', email: 'a@casa.test', roleIds: [] });
    expect(noName.json().fields).toEqual([expect.objectContaining({ path: 'name' })]);
    const taken = await admin('POST', INVITE, { name: 'X', email: 'SALA@casa.test', roleIds: [] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      message: 'Ya hay un miembro del equipo con ese correo.',
      fields: [{ path: 'email' }],
    });
    const foreign = await admin('POST', INVITE, {
      name: 'X',
      email: 'x@casa.test',
      roleIds: [salaRoleId, otraRoleId],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      message: 'Ese rol no es de este local.',
      fields: [{ path: 'roleIds.1' }],
    });
    expect((await login('x@casa.test', TEST_PASSWORD)).statusCode).toBe(401);
    const shortPassword = await setPassword('ABCDEFGHJKMN', 'corta');
    expect(shortPassword.json().fields).toEqual([expect.objectContaining({ path: 'password' })]);
  });
});

describe('roles, disabling and resets', () => {
  it('sets the roles a member may take, audited and announced to staff screens', async () => {
    const response = await admin('POST', `${STAFF}/${salaId}/roles`, { roleIds: [cocinaRoleId, salaRoleId] });
    expect(response.statusCode).toBe(200);
    expect(response.json().member.roleIds).toEqual([salaRoleId, cocinaRoleId].sort((a, b) => a - b));
    const me = await call(t, 'casa', { method: 'GET', url: '/world/api/user/logintoken', token: salaToken });
    // The preselected role stays the one the member had.
    expect(
      me.json().user.copilotRoles.map((role: { name: string; active: number }) => [role.name, role.active]),
    ).toEqual([
      ['Sala', 1],
      ['Cocina', 0],
    ]);
    const audits = await auditsOf(salaId);
    expect(audits.at(-1)).toMatchObject({
      action: 'staff.roles.update',
      before: { roleIds: [salaRoleId] },
    });
    const events = await t.ctx.db.select().from(realtimeEvents).where(eq(realtimeEvents.venueId, casaId));
    expect(events.some((event) => event.topic === 'staff.member.updated')).toBe(true);
    const bad = await admin('POST', `${STAFF}/${salaId}/roles`, { roleIds: ['x'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].path).toBe('roleIds.0');
  });

  it('takes a role away at once, although the member just acted in it (decision 054: roles kept a few seconds)', async () => {
    await admin('POST', `${STAFF}/${salaId}/roles`, { roleIds: [salaRoleId, cocinaRoleId] });
    const asCocina = () =>
      call(t, 'casa', {
        method: 'GET',
        url: `/world/api/notifications?roleId=${cocinaRoleId}`,
        token: salaToken,
      });
    expect((await asCocina()).statusCode).toBe(200);
    expect((await admin('POST', `${STAFF}/${salaId}/roles`, { roleIds: [salaRoleId] })).statusCode).toBe(200);
    const refused = await asCocina();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
  });

  it("disabling ends the member's sessions and closes their sockets at once; enabling lets them sign in", async () => {
    const { member, code } = await invite('baja@casa.test');
    await setPassword(code, NEW_PASSWORD);
    const token = (await login('baja@casa.test', NEW_PASSWORD)).json().user.token as string;
    const { socket } = await TestSocket.connect(port, hostOf('casa'), { token });

    const disabled = await admin('POST', `${STAFF}/${member.id}/disable`);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().member.disabled).toBe(true);
    expect((await socket.closedWithin()).code).toBe(CLOSE_CODES.tokenRevoked);
    expect(
      (await call(t, 'casa', { method: 'GET', url: '/world/api/user/logintoken', token })).statusCode,
    ).toBe(401);
    expect((await login('baja@casa.test', NEW_PASSWORD)).statusCode).toBe(401);
    // A reset code does not bring a disabled member back.
    const reset = adminStaffCapabilityResponseSchema.parse(
      (await admin('POST', `${STAFF}/${member.id}/reset-password`)).json(),
    );
    if (reset.capability.delivery !== 'code') throw new Error('expected a code');
    expect((await setPassword(reset.capability.code, 'otra clave larga 3')).statusCode).toBe(400);

    expect((await admin('POST', `${STAFF}/${member.id}/enable`)).json().member.disabled).toBe(false);
    expect((await login('baja@casa.test', NEW_PASSWORD)).statusCode).toBe(200);
    expect((await auditsOf(member.id)).map((row) => row.action)).toEqual([
      'staff.invite',
      'staff.password.set',
      'staff.disable',
      'staff.password.reset',
      'staff.enable',
    ]);
  });

  it('an admin cannot disable themselves', async () => {
    const response = await admin('POST', `${STAFF}/${adminId}/disable`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('No puedes desactivar tu propia cuenta.');
    expect((await admin('GET', STAFF)).statusCode).toBe(200);
  });

  it('a reset keeps the old password until the new one is set, then ends the old sessions', async () => {
    const response = await admin('POST', `${STAFF}/${salaId}/reset-password`);
    const body = adminStaffCapabilityResponseSchema.parse(response.json());
    if (body.capability.delivery !== 'code') throw new Error('expected a code');
    expect((await login('sala@casa.test', TEST_PASSWORD)).statusCode).toBe(200);
    // Only the newest code works.
    const newer = adminStaffCapabilityResponseSchema.parse(
      (await admin('POST', `${STAFF}/${salaId}/reset-password`)).json(),
    );
    if (newer.capability.delivery !== 'code') throw new Error('expected a code');
    expect((await setPassword(body.capability.code, NEW_PASSWORD)).statusCode).toBe(400);
    expect((await setPassword(newer.capability.code, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login('sala@casa.test', TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login('sala@casa.test', NEW_PASSWORD)).statusCode).toBe(200);
    expect(
      (await call(t, 'casa', { method: 'GET', url: '/world/api/user/logintoken', token: salaToken }))
        .statusCode,
    ).toBe(401);
  });
});

describe('inviting with SMTP', () => {
  const sent: MailMessage[] = [];
  const recordingMailer: Mailer = {
    enabled: true,
    send: async (message) => {
      sent.push(message);
      return { sent: true, messageId: `m${sent.length}` };
    },
    sendInBackground(message) {
      sent.push(message);
    },
    close: async () => undefined,
  };
  let mailed: TestApp;

  beforeAll(async () => {
    mailed = await buildTestApp({ mailer: recordingMailer });
    const venue = await givenVenue(mailed, { subdomain: 'correo', businessName: 'Casa Correo' });
    await givenStaff(mailed, { venueId: venue.id, email: 'admin@correo.test', isAdmin: true });
  });
  afterAll(() => mailed.close());

  it('emails a set-password link, shows no code, and the link sets the password', async () => {
    const token = await signIn(mailed, 'correo', 'admin@correo.test');
    const response = await call(mailed, 'correo', {
      method: 'POST',
      url: INVITE,
      token,
      payload: { name: 'Marta', email: 'marta@correo.test', roleIds: [] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().capability).toEqual({ delivery: 'email' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'marta@correo.test', subject: 'Casa Correo: crea tu contraseña' });
    const link = /https?:\/\/\S+\/login\?code=(\S+)/.exec(sent[0]!.text);
    expect(link).not.toBeNull();
    const code = decodeURIComponent(link![1]!);
    const done = await call(mailed, 'correo', {
      method: 'POST',
      url: SET_PASSWORD,
      payload: { code, password: NEW_PASSWORD },
    });
    expect(done.statusCode).toBe(200);
    const signedIn = await call(mailed, 'correo', {
      method: 'POST',
      url: '/world/api/user/login',
      payload: { userEmail: 'marta@correo.test', password: NEW_PASSWORD },
    });
    expect(signedIn.statusCode).toBe(200);
  });
});
