import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import { seriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { floorTablet } from './support/floor.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { adminTablet, watchForProblems } from './support/shell.ts';

/**
 * Issue 22 item 3 in Chromium through the real server: the admin draws a new room with four tables, two
 * dragged with the mouse and two moved and turned from the keyboard (and a visible button); the copilot,
 * open on another tablet all along, draws the room at those places without a reload; axe finds nothing
 * serious on the editor. Removing a table asks first, as the floor asks before voiding a line.
 */
let server: RunningServer;
let browser: Browser;
let token: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ readyTimeoutMs: 180_000 }), launchBrowser()]);
  token = await signInThroughApi(server.url, 'admin@demo.test', DEMO_PASSWORD);
}, 200_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.close();
});

/** The admin's tablet, closed with the spec's other contexts. */
async function adminPage(): Promise<Page> {
  const { page, context } = await adminTablet(browser, server.url);
  contexts.push(context);
  return page;
}

interface StoredTable {
  id: number;
  roomId: number;
  name: string;
  x: number;
  y: number;
  rotation: number;
}

async function storedRoomNames(): Promise<string[]> {
  const reply = await callWithToken(server.url, '/world/api/admin/floor', token);
  return ((await reply.json()) as { rooms: { name: string }[] }).rooms.map((room) => room.name);
}

async function storedTables(roomName: string): Promise<StoredTable[]> {
  const reply = await callWithToken(server.url, '/world/api/admin/floor', token);
  const floor = (await reply.json()) as { rooms: { id: number; name: string }[]; tables: StoredTable[] };
  const room = floor.rooms.find((candidate) => candidate.name === roomName);
  return floor.tables.filter((table) => table.roomId === room?.id);
}

/** Drags a table with the mouse to a point of the plan given as fractions of its width and height. */
async function drag(page: Page, canvas: Locator, table: Locator, to: { x: number; y: number }) {
  // The mouse only reaches what is on screen.
  await canvas.scrollIntoViewIfNeeded();
  const from = (await table.boundingBox())!;
  const area = (await canvas.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(area.x + area.width * to.x, area.y + area.height * to.y, { steps: 8 });
  await page.mouse.up();
}

describe('the floor plan editor', () => {
  it('draws a room by pointer and keyboard; the copilot shows the layout live', async () => {
    const copilot = await floorTablet(browser, server.url, 'sala@demo.test');
    contexts.push(copilot.context);

    const page = await adminPage();
    const problems = watchForProblems(page);
    await page.goto(`${server.url}/ebitdata`);
    await page
      .getByRole('navigation', { name: 'Secciones de administración' })
      .getByRole('link', { name: 'Sala y mesas' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Sala y mesas' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const roomName = `Patio E2E ${Date.now() % 100_000}`;
    await page.getByLabel('Nueva sala').fill(roomName);
    await page.getByRole('button', { name: 'Añadir sala' }).click();
    await page.getByRole('heading', { name: `Plano de ${roomName}` }).waitFor();
    const canvas = page.getByRole('group', { name: `Mesas de ${roomName} en el plano` });
    const tables = canvas.locator('.plan-table');
    for (let count = 1; count <= 4; count += 1) {
      await page.getByRole('button', { name: 'Añadir mesa' }).click();
      await tables.nth(count - 1).waitFor();
    }
    await expect.poll(async () => (await storedTables(roomName)).length).toBe(4);
    const [first, second, third, fourth] = await storedTables(roomName);

    // Each new table takes the next free spot. By pointer: the last two added, to the top corners.
    await drag(page, canvas, tables.nth(3), { x: 0.15, y: 0.2 });
    await drag(page, canvas, tables.nth(2), { x: 0.85, y: 0.2 });

    // By keyboard: Tab from "Añadir mesa" reaches the first table; moved down-right, one more step with the
    // visible button; then Tab to the second, moved down-right and turned a quarter with R.
    await page.getByRole('button', { name: 'Añadir mesa' }).focus();
    await page.keyboard.press('Tab');
    await page.getByText(`Mesa ${first!.name} elegida`).waitFor();
    for (let press = 0; press < 4; press += 1) await page.keyboard.press('Shift+ArrowRight');
    for (let press = 0; press < 3; press += 1) await page.keyboard.press('Shift+ArrowDown');
    await page.getByRole('button', { name: 'Mover a la derecha' }).click();
    await tables.nth(0).focus();
    await page.keyboard.press('Tab');
    await page.getByText(`Mesa ${second!.name} elegida`).waitFor();
    for (let press = 0; press < 3; press += 1) await page.keyboard.press('Shift+ArrowDown');
    for (let press = 0; press < 4; press += 1) await page.keyboard.press('Shift+ArrowRight');
    for (let press = 0; press < 6; press += 1) await page.keyboard.press('r');

    const placed = async () => {
      const rows = new Map((await storedTables(roomName)).map((table) => [table.id, table]));
      return {
        keyboardSecond: rows.get(second!.id) && [
          rows.get(second!.id)!.x,
          rows.get(second!.id)!.y,
          rows.get(second!.id)!.rotation,
        ],
        keyboardFirst: rows.get(first!.id) && [rows.get(first!.id)!.x, rows.get(first!.id)!.y],
        draggedLeft: (rows.get(fourth!.id)?.x ?? 1000) < 250 && (rows.get(fourth!.id)?.y ?? 600) < 200,
        draggedRight: (rows.get(third!.id)?.x ?? 0) > 750 && (rows.get(third!.id)?.y ?? 600) < 200,
      };
    };
    await expect.poll(placed, { timeout: 10_000 }).toEqual({
      keyboardSecond: [second!.x + 200, second!.y + 150, 90],
      keyboardFirst: [first!.x + 210, first!.y + 150],
      draggedLeft: true,
      draggedRight: true,
    });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The copilot, open all along, draws the new room at those places.
    const room = copilot.page.getByRole('region', { name: `Plano de ${roomName}` });
    await room.locator('.floor-room__plan').waitFor({ timeout: 10_000 });
    const tile = (name: string) =>
      room.locator('.floor-table', {
        has: copilot.page.locator('.floor-table__name', { hasText: new RegExp(`^${name}$`) }),
      });
    // A tile's box is its 80-unit square's, as a share of the 1000 × 600 plan.
    const percent = (units: number, of: number) => `${((units * 100) / of).toFixed(2)}`;
    await expect
      .poll(() => tile(second!.name).evaluate((element) => (element as HTMLElement).style.left))
      .toBe(`${(second!.x + 200 - 40) / 10}%`);
    expect(await tile(second!.name).evaluate((element) => (element as HTMLElement).style.top)).toContain(
      percent(second!.y + 150 - 40, 600),
    );
    expect(await tile(first!.name).evaluate((element) => (element as HTMLElement).style.left)).toBe(
      `${(first!.x + 210 - 40) / 10}%`,
    );
    expect(problems).toEqual([]);
  }, 90_000);

  it('asks before removing a table or a room: Escape or “No” keeps it, “Sí” removes it (decision 077)', async () => {
    const page = await adminPage();
    const problems = watchForProblems(page);
    await page.goto(`${server.url}/ebitdata`);
    await page
      .getByRole('navigation', { name: 'Secciones de administración' })
      .getByRole('link', { name: 'Sala y mesas' })
      .click();
    const roomName = `Terraza E2E ${Date.now() % 100_000}`;
    await page.getByLabel('Nueva sala').fill(roomName);
    await page.getByRole('button', { name: 'Añadir sala' }).click();
    await page.getByRole('heading', { name: `Plano de ${roomName}` }).waitFor();
    const canvas = page.getByRole('group', { name: `Mesas de ${roomName} en el plano` });
    await page.getByRole('button', { name: 'Añadir mesa' }).click();
    await canvas.locator('.plan-table').first().waitFor();
    await expect.poll(async () => (await storedTables(roomName)).length).toBe(1);
    const [table] = await storedTables(roomName);
    await canvas.locator('.plan-table').first().click();

    // The question takes the button's place, its safe answer focused: Escape answers it, nothing removed.
    const remove = page.getByRole('button', { name: `Quitar la mesa ${table!.name}` });
    await remove.waitFor();
    await remove.click();
    const question = page.getByRole('group', {
      name: `¿Quitar la mesa ${table!.name} del plano? Dejará de ofrecerse en las reservas.`,
    });
    await question.waitFor();
    expect(
      await question
        .getByRole('button', { name: 'No, dejarla' })
        .evaluate((b) => b === document.activeElement),
    ).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    await expect.poll(() => remove.evaluate((button) => button === document.activeElement)).toBe(true);
    // Enter on the focused safe answer keeps the table too.
    await page.keyboard.press('Enter');
    await question.waitFor();
    await page.keyboard.press('Enter');
    await question.waitFor({ state: 'detached' });
    expect(await storedTables(roomName)).toHaveLength(1);

    await remove.click();
    await question.getByRole('button', { name: 'Sí, quitar la mesa' }).click();
    await expect.poll(async () => (await storedTables(roomName)).length).toBe(0);
    await expect.poll(() => canvas.locator('.plan-table').count()).toBe(0);

    // The room, now empty, asks too: "No" keeps it and gives the focus back, "Sí" removes it.
    const removeRoom = page.getByRole('button', { name: `Quitar la sala ${roomName}` });
    await removeRoom.click();
    const roomQuestion = page.getByRole('group', { name: `¿Quitar la sala ${roomName} del plano?` });
    await roomQuestion.getByRole('button', { name: 'No, dejarla' }).click();
    await roomQuestion.waitFor({ state: 'detached' });
    await expect.poll(() => removeRoom.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await storedRoomNames()).toContain(roomName);
    await removeRoom.click();
    await roomQuestion.getByRole('button', { name: 'Sí, quitar la sala' }).click();
    await expect.poll(storedRoomNames).not.toContain(roomName);
    await page.getByRole('heading', { name: `Plano de ${roomName}` }).waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
  }, 60_000);
});
