/**
 * Floor screen figures (issue 5, "Done when"): with 150 reservations in a service day (created through the
 * API on a started server with the demo venue), the time Chromium takes to fetch and draw that day on the
 * Sala screen, and the time a change made through the API (another session) takes to show on it through
 * the realtime feed. Prints medians. Needs a built web app (`npm run build -w @sobremesa/web`).
 *
 *   npm run bench:floor
 *   BENCH_RUNS=5 npm run bench:floor
 */
import { chromium } from 'playwright-core';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from '../e2e/support/api.ts';
import { startServer } from '../e2e/support/server.ts';
import { signInThroughForm } from '../e2e/support/shell.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const TARGET = 150;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function slots(): string[] {
  const list: string[] = [];
  for (const [from, to] of [
    [12 * 60, 16 * 60],
    [19 * 60, 23 * 60 + 30],
  ] as const) {
    for (let minute = from; minute <= to; minute += 15) {
      list.push(
        `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`,
      );
    }
  }
  return list;
}

const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const token = await signInThroughApi(server.url, 'admin@demo.test', DEMO_PASSWORD);
  const post = async (path: string, body: unknown) => {
    const response = await callWithToken(server.url, path, token, body);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const today = (await post('/world/api/reservation/getbyday', {})).body as { logicalDate: string };
  const date = new Date(`${today.logicalDate}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  const day = date.toISOString().slice(0, 10);

  // 150 phone reservations tomorrow, spread over both services. The demo venue's 20 tables take about 45 a
  // day, so when a pass finds no table the oldest ones are marked no-show (their tables are freed and
  // they stay in the day, in "Ausentes"): a realistic mix of states in one day.
  const created: { wid: string; id: number; version: number }[] = [];
  const confirmed: { wid: string; id: number; version: number }[] = [];
  const started = performance.now();
  for (let round = 0; round < 30 && created.length < TARGET; round++) {
    let madeThisRound = 0;
    for (const timeSlot of slots()) {
      if (created.length >= TARGET) break;
      const reply = await post('/world/reservation/create-phone', {
        date: day,
        timeSlot,
        pax: 2,
        name: `Bench ${created.length + 1}`,
      });
      if (reply.status < 300) {
        const reservation = reply.body.reservation as { wid: string; id: number; version: number };
        created.push(reservation);
        confirmed.push(reservation);
        madeThisRound++;
      }
    }
    if (madeThisRound === 0 || created.length < TARGET) {
      // Keep the first reservation (the update target) to come; mark the others no-show to free tables.
      for (const reservation of confirmed.splice(1, 30)) {
        await post('/world/api/reservation/set-no-show', {
          reservationWid: reservation.wid,
          expectedVersion: reservation.version,
        });
      }
    }
  }
  console.log(
    `created ${created.length} reservations for ${day} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const context = await browser.newContext({ locale: 'es-ES', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInThroughForm(page, server.url, 'admin@demo.test');
  await page.waitForURL(`${server.url}/copilot`);
  await page.locator('.floor-table').first().waitFor();
  const rows = created.length;

  // Render: a fresh page each run, then "next day" until every reservation's row and the plan are drawn.
  const renders: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    await page.reload();
    await page.locator('.floor-table').first().waitFor();
    await page.getByRole('status').filter({ hasText: 'Conectado' }).waitFor({ timeout: 10_000 });
    await page.evaluate(() => {
      (window as unknown as { benchStart: number }).benchStart = performance.now();
      Array.from(document.querySelectorAll('button'))
        .find((button) => button.textContent?.includes('Día siguiente'))
        ?.click();
    });
    const done = await page.waitForFunction(
      (expected) =>
        document.querySelectorAll('.floor-list__row').length >= expected &&
        performance.now() - (window as unknown as { benchStart: number }).benchStart,
      rows,
      { polling: 'raf', timeout: 30_000 },
    );
    const ms = (await done.jsonValue()) as number;
    renders.push(ms);
  }

  // Update: the party size changed through the API (another session) until the row shows it on screen
  // (outbox → realtime event → refetch → redraw). Both clocks are this machine's wall clock.
  const updates: number[] = [];
  const target = created[0]!;
  const targetName = 'Bench 1';
  for (let run = 0; run < RUNS; run++) {
    const pax = run % 2 === 0 ? 4 : 3;
    const seen = page
      .waitForFunction(
        ({ name, expected }) =>
          Array.from(document.querySelectorAll('.floor-list__row')).some((element) =>
            element.textContent?.includes(` ${name} · ${expected} `),
          ) && Date.now(),
        { name: targetName, expected: pax },
        { polling: 'raf', timeout: 10_000 },
      )
      .then((handle) => handle.jsonValue() as Promise<number>);
    const current = (await post('/world/api/reservation/getbyday', { date: day })).body as {
      reservations: { id: number; version: number }[];
    };
    const version = current.reservations.find((reservation) => reservation.id === target.id)?.version;
    const sent = Date.now();
    const reply = await post('/world/api/reservation/updatepax', {
      reservationWid: target.wid,
      pax,
      expectedVersion: version,
    });
    if (reply.status >= 300) throw new Error(`updatepax: ${reply.status} ${JSON.stringify(reply.body)}`);
    updates.push((await seen) - sent);
  }

  console.log(`floor render of ${rows} reservations (click "next day" → all rows drawn, fetch included):`);
  console.log(
    `  median ${median(renders).toFixed(0)} ms over ${RUNS} runs (min ${Math.min(...renders).toFixed(0)}, max ${Math.max(...renders).toFixed(0)})`,
  );
  console.log(`update through the API → visible on the screen:`);
  console.log(
    `  median ${median(updates).toFixed(0)} ms over ${RUNS} runs (min ${Math.min(...updates).toFixed(0)}, max ${Math.max(...updates).toFixed(0)})`,
  );
} finally {
  await browser.close();
  await server.close();
}
