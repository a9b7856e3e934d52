/**
 * Notification figures (issue 8: "both Sala screens show it within a second"): a started server (demo venue),
 * two Sala tablets in Chromium, and guests asking for the bill from their phones through the API. Prints the
 * time from the guest's request to the request being on screen on both tablets (median, p95, max).
 *
 *   npm run bench:notifications
 *   BENCH_REQUESTS=40 npm run bench:notifications
 */
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from '../e2e/support/api.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { startServer } from '../e2e/support/server.ts';
import { signInThroughForm } from '../e2e/support/shell.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function post(url: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** A seated walk-in and the capability of a guest who joined it through the account QR. */
async function guestAtTable(base: string, staffToken: string, name: string): Promise<string> {
  const created = await callWithToken(base, '/world/reservation/createwalkin', staffToken, { name, pax: 2 });
  if (created.status !== 201) throw new Error(`walk-in: ${created.status} ${await created.text()}`);
  const { reservation } = (await created.json()) as { reservation: { wid: string } };
  const qr = await callWithToken(base, '/world/api/reservation/account-qr', staffToken, {
    reservationWid: reservation.wid,
  });
  const { uid: hostCode } = (await qr.json()) as { uid: string };
  const joined = await post(`${base}/world/api/user/createguestusermenu`, {
    reservationWid: reservation.wid,
    hostCode,
    name,
  });
  return joined.uid as string;
}

const pending = (page: Page, id: number) =>
  page.locator(`.notification-centre [data-list="pending"] [data-notification-id="${id}"]`);

const server = await startServer({ readyTimeoutMs: 180_000 });
const browser = await launchBrowser();
try {
  const staffToken = await signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD);
  const tablets: Page[] = [];
  for (const email of ['sala@demo.test', 'admin@demo.test']) {
    const context = await browser.newContext({ locale: 'es-ES', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInThroughForm(page, server.url, email);
    await page.waitForURL(`${server.url}/copilot`);
    await page.getByRole('status').filter({ hasText: 'Conectado' }).waitFor({ timeout: 30_000 });
    await page.locator('.notification-centre').waitFor();
    tablets.push(page);
  }
  // The walk-ins need free tables: the demo venue has 20, so guests share them by pairs of requests.
  const guests: string[] = [];
  for (let index = 0; index < Math.min(REQUESTS, 15); index += 1) {
    guests.push(await guestAtTable(server.url, staffToken, `Mesa ${index + 1}`));
  }

  const latencies: number[] = [];
  for (let index = 0; index < REQUESTS; index += 1) {
    const uid = guests[index % guests.length]!;
    const asked = performance.now();
    const reply = await post(`${server.url}/world/notification/new`, { uid, paymentMethod: 'card' });
    const id = (reply.notification as { id: number }).id;
    await Promise.all(tablets.map((page) => pending(page, id).waitFor({ timeout: 10_000 })));
    latencies.push(performance.now() - asked);
  }

  const ms = (value: number) => `${value.toFixed(0)} ms`;
  console.log(`bill request → on both Sala tablets, ${REQUESTS} requests:`);
  console.log(
    `  median ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}, max ${ms(Math.max(...latencies))}`,
  );
} finally {
  await browser.close();
  await server.close();
}
