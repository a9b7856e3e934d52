import { execFileSync } from 'node:child_process';
import { createPublicKey, verify } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../test/test-app.ts';
import {
  givenOrderingVenues,
  post,
  type DemoAccount,
  type OrderingVenues,
} from '../menus/ordering.fixtures.ts';

/** Issue 17 item 11 (SEC-11, decision 023): the cash drawer opens on a ticket the server issues and audits. */

const TICKET = '/world/api/cash-drawer/ticket';

let t: TestApp;
let v: OrderingVenues;
const unpacked: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  v = await givenOrderingVenues(t);
}, 180_000);
afterAll(async () => {
  await t.close();
  for (const dir of unpacked) fs.rmSync(dir, { recursive: true, force: true });
});

/** The public key the print helper download of a venue pins (`server-public-key.pem` in the archive). */
async function pinnedKey(subdomain: string, token: string): Promise<string> {
  const response = await call(t, subdomain, { method: 'GET', url: '/world/api/wewingman/download', token });
  expect(response.statusCode).toBe(200);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-key-'));
  unpacked.push(dir);
  fs.writeFileSync(path.join(dir, 'helper.tar.gz'), response.rawPayload);
  execFileSync('tar', ['-xzf', path.join(dir, 'helper.tar.gz'), '-C', dir]);
  return fs.readFileSync(path.join(dir, 'sobremesa-print-helper', 'server-public-key.pem'), 'utf8');
}

function verifies(ticket: string, pem: string): boolean {
  const [body, signature] = ticket.split('.');
  return verify(null, Buffer.from(body!), createPublicKey(pem), Buffer.from(signature!, 'base64url'));
}

const payloadOf = (ticket: string) =>
  JSON.parse(Buffer.from(ticket.split('.')[0]!, 'base64url').toString()) as Record<string, unknown>;

async function drawerAudits() {
  return t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.venueId, v.demo.id), eq(auditLog.action, 'cash_drawer.open')));
}

describe('POST /world/api/cash-drawer/ticket', () => {
  it.each([
    ['tpv', 'TPV'],
    ['sala1', '1 en Sala'],
    ['admin', 'admin'],
  ] as const)('issues %s a signed two-minute ticket and audits it', async (who, role) => {
    const before = (await drawerAudits()).length;
    const response = await post(t, 'demo', TICKET, {}, { token: v.tokens[who] });
    expect(response.statusCode, response.body).toBe(200);
    const { ticket, expiresAt } = response.json() as { ticket: string; expiresAt: string };
    expect(verifies(ticket, await pinnedKey('demo', v.tokens[who]))).toBe(true);
    const payload = payloadOf(ticket);
    expect(payload).toMatchObject({ p: 'OPEN_CASH_DRAWER', venue: 'demo', role });
    expect(payload.exp).toBe(new Date(expiresAt).getTime());
    expect(new Date(expiresAt).getTime() - t.clock.now().getTime()).toBe(120_000);
    const audits = await drawerAudits();
    expect(audits).toHaveLength(before + 1);
    expect(audits.at(-1)).toMatchObject({ actorRole: role, entity: 'cash_drawer', entityId: payload.jti });
  });

  it.each(['sala', 'cocina', 'barra', 'pasante'] as const)(
    'refuses %s with 403 and audits nothing',
    async (who: DemoAccount) => {
      const before = (await drawerAudits()).length;
      const response = await post(t, 'demo', TICKET, {}, { token: v.tokens[who] });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: 'Tu rol no permite esta acción.' });
      expect(await drawerAudits()).toHaveLength(before);
    },
  );

  it('refuses a caller without a token, and a ticket of one venue fails the other venue’s pinned key', async () => {
    expect((await post(t, 'demo', TICKET, {})).statusCode).toBe(401);
    const demoTicket = (
      (await post(t, 'demo', TICKET, {}, { token: v.tokens.tpv })).json() as { ticket: string }
    ).ticket;
    const otherKey = await pinnedKey('otra', v.other.tokens.staff);
    expect(verifies(demoTicket, otherKey)).toBe(false);
    expect(verifies(demoTicket, await pinnedKey('demo', v.tokens.tpv))).toBe(true);
  });
});
