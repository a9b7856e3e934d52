import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import { seriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { repoRoot, startServer, type RunningServer } from './support/server.ts';
import { staffTablet } from './support/shell.ts';

/**
 * The spec's "upselling drinks reminder" overlay (issue 25, decision 052): two tables seated without a
 * drink for the venue's reminder time (set to its minimum, one minute) open the overlay on Sala, one
 * after the other: "Más tarde" leaves a reminder pending, "Ofrecida" acknowledges it for everyone. The
 * TPV, whose role does not hear the type, never sees it. The server's clock is moved on that minute
 * (e2e/support/clock-ahead.mjs) rather than waited out.
 */
const clockFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sobremesa-clock-')), 'ahead-ms');
let server: RunningServer;
let browser: Browser;
let adminToken: string;
let salaToken: string;
let tpvToken: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({
      readyTimeoutMs: 180_000,
      env: {
        E2E_CLOCK_AHEAD_FILE: clockFile,
        NODE_OPTIONS: `--import ${path.join(repoRoot, 'e2e/support/clock-ahead.mjs')}`,
      },
    }),
    launchBrowser(),
  ]);
  [adminToken, salaToken, tpvToken] = await Promise.all([
    signInThroughApi(server.url, 'admin@demo.test', DEMO_PASSWORD),
    signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD),
    signInThroughApi(server.url, 'tpv@demo.test', DEMO_PASSWORD),
  ]);
}, 200_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.close();
  fs.rmSync(path.dirname(clockFile), { recursive: true, force: true });
});

async function tablet(email: string): Promise<Page> {
  const { page, context } = await staffTablet(browser, server.url, email, { bypassCSP: true });
  contexts.push(context);
  return page;
}

async function post<T>(token: string, path: string, body: Record<string, unknown>): Promise<T> {
  const response = await callWithToken(server.url, path, token, body);
  const reply = (await response.json()) as T;
  if (response.status >= 300) throw new Error(`${path}: ${response.status} ${JSON.stringify(reply)}`);
  return reply;
}

interface Recent {
  notifications: { id: number; type: string; status: number; reservations: { id: number }[] }[];
}
async function reminders(token: string): Promise<Recent['notifications']> {
  const response = await callWithToken(server.url, '/world/api/notifications/recent', token);
  expect(response.status).toBe(200);
  const { notifications } = (await response.json()) as Recent;
  return notifications.filter((notification) => notification.type === 'upselling_drinks_reminder');
}

describe('the upselling drinks reminder', () => {
  it('opens on Sala for each dry table, keeps one for later and acknowledges the other', async () => {
    await post(adminToken, '/world/api/notifications/settings', { upsellReminderMinutes: 1 });
    const [sala, tpv] = await Promise.all([tablet('sala@demo.test'), tablet('tpv@demo.test')]);
    const seat = (name: string) =>
      post<{ reservation: { id: number } }>(salaToken, '/world/reservation/createwalkin', { name, pax: 2 });
    const first = (await seat('Mesa Sed')).reservation;
    const second = (await seat('Mesa Seca')).reservation;

    // A minute after seating (the server's clock moved on past it), its scheduler raises a reminder per table.
    const overlay = sala.getByRole('dialog', { name: 'Mesa sin bebida' });
    // Not before: a scheduler tick (2 s) passes with the tables seated and nothing is raised.
    await sala.waitForTimeout(2_500);
    expect(await overlay.count()).toBe(0);
    fs.writeFileSync(clockFile, String(65_000));
    await overlay.waitFor({ timeout: 30_000 });
    await overlay.getByText('No han pedido nada de beber.').waitFor();
    expect(await seriousAccessibilityViolations(sala)).toEqual([]);
    const shown = async () =>
      Number(await overlay.locator('[data-notification-id]').getAttribute('data-notification-id'));
    const laterId = await shown();

    // "Más tarde": closed here, still pending for every tablet, and the next table's reminder follows.
    await overlay.getByRole('button', { name: 'Más tarde' }).click();
    await overlay.locator(`[data-notification-id]:not([data-notification-id="${laterId}"])`).waitFor();
    const offeredId = await shown();
    expect(offeredId).not.toBe(laterId);
    await overlay.getByRole('button', { name: 'Ofrecida' }).click();
    await overlay.waitFor({ state: 'detached' });

    const stored = await reminders(salaToken);
    expect(stored.find((notification) => notification.id === laterId)?.status).toBe(0);
    expect(stored.find((notification) => notification.id === offeredId)?.status).toBe(1);
    expect(stored.flatMap((notification) => notification.reservations.map((r) => r.id)).sort()).toEqual(
      [first.id, second.id].sort(),
    );
    // The one kept for later is in Sala's pending list.
    await sala
      .locator(`.notification-centre [data-list="pending"] [data-notification-id="${laterId}"]`)
      .waitFor();

    // The TPV's role does not hear the type: no overlay, and the server gives it none.
    expect(await reminders(tpvToken)).toEqual([]);
    expect(await tpv.getByRole('dialog', { name: 'Mesa sin bebida' }).count()).toBe(0);
  }, 120_000);
});
