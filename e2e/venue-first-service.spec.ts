import { spawn } from 'node:child_process';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callWithToken } from './support/api.ts';
import { seriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { dayList, tableTile, toast } from './support/floor.ts';
import { qrText } from './support/qr.ts';
import { PHONE } from './support/phone.ts';
import { chooseDate, openDates } from './support/reservations.ts';
import {
  makeDataDir,
  removeDataDir,
  repoRoot,
  spawnServer,
  waitUntilServing,
  type ServerProcess,
} from './support/server.ts';
import { signInThroughForm, watchForProblems } from './support/shell.ts';

/**
 * Issue 22's journey in Chromium through the real server, on a venue made with `venue:create` (no demo data):
 * the admin sets the schedule, draws a room with four tables, creates a menu with three products in Spanish
 * and English and invites a waiter; the waiter sets a password with the one-time code and opens the copilot;
 * a guest books from a phone in English and the waiter finds the booking on its day; the waiter seats a party
 * at a new table and shows its QR, a guest's phone scans it, orders a product in English, and the waiter sees
 * the line on the table's account. Axe finds nothing serious on each admin screen.
 */
const ADMIN_EMAIL = 'ana@casa-nueva.test';
const ADMIN_PASSWORD = 'la casa nueva abre hoy 2026';
const WAITER_EMAIL = 'iker@casa-nueva.test';
const WAITER_PASSWORD = 'sala de la casa nueva 42';
/** Each step waits on a Node process, the embedded database and Chromium: slow on a loaded machine. */
const STEP_MS = 180_000;

const MENU = { es: 'Carta de estreno E2E', en: 'Opening menu E2E' };
const CATEGORY = 'Entrantes de estreno E2E';
const DISHES = [
  { es: 'Croquetas de la casa E2E', en: 'House croquettes E2E', price: '9,50' },
  { es: 'Ensalada de tomate E2E', en: 'Tomato salad E2E', price: '8' },
  { es: 'Merluza a la sidra E2E', en: 'Hake in cider E2E', price: '18,75' },
] as const;
const ROOM = 'Comedor de estreno E2E';
const GUEST = 'Grace Hopper E2E';
const WALK_IN = 'Mesa del QR E2E';

let dataDir: string;
let server: ServerProcess;
let url: string;
let browser: Browser;
const contexts: BrowserContext[] = [];

/** `npm run venue:create -- … --default` as an operator runs it, the password typed on standard input. */
function createVenue(): Promise<{ code: number | null; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.SEED_DEMO;
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/cli/create-venue.ts',
      '--subdomain',
      'casa-nueva',
      '--name',
      'Casa Nueva E2E',
      '--admin-email',
      ADMIN_EMAIL,
      '--admin-name',
      'Ana',
      '--default',
    ],
    { cwd: repoRoot, env, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += String(chunk)));
  child.stderr.on('data', (chunk: Buffer) => (output += String(chunk)));
  child.stdin.end(`${ADMIN_PASSWORD}\n`);
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

beforeAll(async () => {
  dataDir = makeDataDir();
  const created = await createVenue();
  expect(created.code, created.output).toBe(0);
  // A venue exists, so the server seeds no demo even if it were asked to; it is told not to anyway.
  server = spawnServer({ dataDir, env: { SEED_DEMO: '0' }, readyTimeoutMs: 180_000 });
  [url, browser] = await Promise.all([server.ready, launchBrowser()]);
  await waitUntilServing(url);
}, 300_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
  if (dataDir) removeDataDir(dataDir);
});

async function tablet(): Promise<Page> {
  const context = await browser.newContext({
    locale: 'es-ES',
    viewport: { width: 1280, height: 800 },
    bypassCSP: true,
  });
  contexts.push(context);
  return context.newPage();
}

async function phone(): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, locale: 'en-GB' });
  contexts.push(context);
  return context.newPage();
}

async function openSection(page: Page, link: string, heading: string) {
  await page
    .getByRole('navigation', { name: 'Secciones de administración' })
    .getByRole('link', { name: link, exact: true })
    .click();
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
}

/** Fills the English text of one field in the open translations panel and saves it. */
async function translate(page: Page, field: string, english: string) {
  const panel = page.getByRole('region', { name: /^Traducciones de/ });
  const group = panel.getByRole('group', { name: new RegExp(`^${field}`) });
  await group.getByLabel(/^English/).fill(english);
  await panel.getByRole('button', { name: `Guardar traducciones de ${field}` }).click();
  await page.getByText(`Traducciones de «${field}» guardadas`).last().waitFor();
}

/** Drags a table with the mouse to a point of the plan given as fractions of its width and height. */
async function drag(page: Page, plan: Locator, table: Locator, to: { x: number; y: number }) {
  // The mouse only reaches what is on screen.
  await plan.scrollIntoViewIfNeeded();
  const from = (await table.boundingBox())!;
  const area = (await plan.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(area.x + area.width * to.x, area.y + area.height * to.y, { steps: 8 });
  await page.mouse.up();
}

describe('a venue made with venue:create, from its settings to its first service', () => {
  let admin: Page;
  let waiter: Page;
  let token = '';
  let code = '';
  let tableNames: string[] = [];

  it(
    'the admin sets the schedule, draws a room with four tables, builds a menu and invites a waiter',
    async () => {
      admin = await tablet();
      const problems = watchForProblems(admin);
      await signInThroughForm(admin, url, ADMIN_EMAIL, ADMIN_PASSWORD);
      await admin.waitForURL((address) => !address.pathname.startsWith('/login'));
      token = (await admin.evaluate(() => localStorage.getItem('token'))) ?? '';
      await admin.goto(`${url}/ebitdata`);

      // The schedule: one service every day, from noon to late evening.
      await openSection(admin, 'Reservas', 'Reservas');
      const services = admin.getByRole('region', { name: 'Servicios', exact: true });
      const before = await services.getByRole('group', { name: /^Servicio \d+$/ }).count();
      await services.getByRole('button', { name: 'Añadir servicio' }).click();
      const service = services.getByRole('group', { name: `Servicio ${before + 1}`, exact: true });
      await service.getByLabel('Nombre').fill('Todo el día E2E');
      await service.getByLabel('Apertura').fill('12:00');
      await service.getByLabel('Última entrada').fill('21:30');
      await service.getByLabel('Cierre').fill('23:30');
      await service.getByLabel('Minutos entre horas').fill('30');
      await services.getByRole('button', { name: 'Guardar', exact: true }).click();
      await admin.getByText('Reservas guardadas').first().waitFor();
      expect(await seriousAccessibilityViolations(admin)).toEqual([]);

      // The room and its four tables.
      await openSection(admin, 'Sala y mesas', 'Sala y mesas');
      await admin.getByLabel('Nueva sala').fill(ROOM);
      await admin.getByRole('button', { name: 'Añadir sala' }).click();
      await admin.getByRole('heading', { name: `Plano de ${ROOM}` }).waitFor();
      const plan = admin.getByRole('group', { name: `Mesas de ${ROOM} en el plano` });
      for (let count = 1; count <= 4; count += 1) {
        await admin.getByRole('button', { name: 'Añadir mesa' }).click();
        await plan
          .locator('.plan-table')
          .nth(count - 1)
          .waitFor();
      }
      const storedTables = async () => {
        const reply = await callWithToken(url, '/world/api/admin/floor', token);
        const floor = (await reply.json()) as {
          rooms: { id: number; name: string }[];
          tables: { roomId: number; name: string; x: number; y: number }[];
        };
        const room = floor.rooms.find((candidate) => candidate.name === ROOM);
        return floor.tables.filter((table) => table.roomId === room?.id);
      };
      await expect.poll(async () => (await storedTables()).length).toBe(4);
      // New tables start on a pile in the middle: three of them dragged to the corners, from the top one.
      const corners = [
        { x: 0.15, y: 0.2 },
        { x: 0.85, y: 0.2 },
        { x: 0.15, y: 0.8 },
      ];
      for (const [index, corner] of corners.entries()) {
        await drag(admin, plan, plan.locator('.plan-table').nth(3 - index), corner);
      }
      const places = async () => new Set((await storedTables()).map((table) => `${table.x},${table.y}`)).size;
      await expect.poll(places, { timeout: 10_000 }).toBe(4);
      tableNames = (await storedTables()).map((table) => table.name);
      expect(await seriousAccessibilityViolations(admin)).toEqual([]);

      // The menu: a category and three products, each named in Spanish and in English.
      await openSection(admin, 'Carta', 'Carta y menús');
      const menus = admin.getByRole('region', { name: 'Cartas', exact: true });
      await menus.getByLabel('Nombre de la carta nueva').fill(MENU.es);
      await menus.getByLabel('Tipo').last().selectOption('carta');
      await menus.getByRole('button', { name: 'Crear carta' }).click();
      await admin.getByRole('heading', { name: `Traducciones de ${MENU.es}` }).waitFor();
      await translate(admin, 'Nombre de la carta', MENU.en);
      const categories = admin.getByRole('region', { name: `Categorías de ${MENU.es}` });
      await categories.getByLabel('Nombre de la categoría nueva').fill(CATEGORY);
      await categories.getByRole('button', { name: 'Crear categoría' }).click();
      const products = admin.getByRole('region', { name: `Productos de ${CATEGORY}` });
      for (const dish of DISHES) {
        await products.getByRole('button', { name: 'Nuevo producto' }).click();
        const form = admin.getByRole('region', { name: 'Producto nuevo' });
        await form.getByLabel('Nombre', { exact: true }).fill(dish.es);
        await form.getByLabel('Precio (€)').fill(dish.price);
        await form.getByRole('button', { name: 'Crear producto' }).click();
        await admin.getByRole('region', { name: `Producto: ${dish.es}` }).waitFor();
        await translate(admin, 'Nombre', dish.en);
      }
      expect(await seriousAccessibilityViolations(admin)).toEqual([]);

      // The waiter, invited with the Sala role; without SMTP the one-time code shows on screen.
      await openSection(admin, 'Equipo', 'Equipo');
      const invite = admin.getByRole('region', { name: 'Invitar a un miembro' });
      await invite.getByLabel('Nombre').fill('Iker');
      await invite.getByLabel('Correo electrónico').fill(WAITER_EMAIL);
      await invite.getByRole('checkbox', { name: 'Sala', exact: true }).check();
      await invite.getByRole('button', { name: 'Invitar' }).click();
      code = (await invite.getByTestId('staff-code').textContent()) ?? '';
      expect(code).toMatch(/^[A-Z2-9]{12}$/);
      await admin.getByRole('heading', { level: 3, name: /Iker/ }).waitFor();
      expect(await seriousAccessibilityViolations(admin)).toEqual([]);

      // Schedule and tables together: the preview offers times on a day ahead.
      await openSection(admin, 'Reservas', 'Reservas');
      const [day] = await openDates(url, 1);
      const preview = admin.getByRole('region', { name: 'Vista previa' });
      await preview.getByLabel('Día').fill(day!);
      await preview.getByRole('list', { name: 'Horas disponibles' }).waitFor();
      expect(problems).toEqual([]);
    },
    STEP_MS,
  );

  it(
    'the waiter sets a password with the code and opens the copilot in Sala',
    async () => {
      waiter = await tablet();
      await waiter.goto(`${url}/login`);
      await waiter.getByRole('link', { name: 'Tengo un código' }).click();
      await waiter.getByLabel('Código').fill(code);
      await waiter.getByLabel('Nueva contraseña').fill(WAITER_PASSWORD);
      await waiter.getByRole('button', { name: 'Guardar contraseña' }).click();
      await waiter.getByText('Contraseña guardada. Ya puedes entrar.').waitFor();
      await waiter.getByRole('link', { name: 'Volver a entrar' }).click();
      await signInThroughForm(waiter, url, WAITER_EMAIL, WAITER_PASSWORD);
      await waiter.waitForURL(`${url}/copilot`);
      await waiter.locator('.copilot__role-name', { hasText: 'Sala' }).waitFor();
      await waiter.getByRole('status').filter({ hasText: 'Conectado' }).waitFor({ timeout: 30_000 });
      for (const name of tableNames) await tableTile(waiter, name).waitFor();
      // No demo venue behind it: the admin's four tables are the whole floor.
      expect(await waiter.locator('.floor-table').count()).toBe(4);
    },
    STEP_MS,
  );

  it(
    "a guest books from a phone in English and the waiter finds the booking on that day's floor",
    async () => {
      const [date] = await openDates(url, 1);
      const guest = await phone();
      const problems = watchForProblems(guest);
      await guest.goto(`${url}/reservar`);
      await guest.getByRole('heading', { level: 1, name: 'Book a table' }).waitFor();
      await guest.getByLabel('People', { exact: true }).selectOption('2');
      await chooseDate(guest, date!, 'Next month');
      const time = guest.locator('.booking__times').getByRole('radio').first();
      await time.waitFor();
      const chosen = await time.inputValue();
      await time.check();
      await guest.locator('[role="timer"]').waitFor();
      await guest.getByRole('button', { name: 'Continue' }).click();
      await guest.getByRole('heading', { level: 2, name: 'Your details' }).waitFor();
      await guest.getByLabel('Name', { exact: true }).fill(GUEST);
      await guest.getByLabel('Email').fill('grace.hopper@example.co.uk');
      await guest.getByLabel('I have read and accept the privacy policy').check();
      await guest.getByRole('button', { name: 'Confirm booking' }).click();
      await guest.getByRole('heading', { level: 2, name: 'Booking confirmed!' }).waitFor();
      expect(await guest.locator('dl').textContent()).toContain(chosen);
      expect(problems).toEqual([]);

      // The waiter steps through the days to the booking's.
      const dayLabel = waiter.locator('.floor-day__label');
      for (let taps = 0; (await dayLabel.getAttribute('data-date')) !== date; taps += 1) {
        if (taps > 14) throw new Error(`the copilot never reached ${date}`);
        const shown = await dayLabel.getAttribute('data-date');
        await waiter.getByRole('button', { name: 'Día siguiente' }).click();
        await waiter.locator(`.floor-day__label:not([data-date="${shown}"])`).waitFor();
      }
      await dayList(waiter, 'toCome').getByText(GUEST).waitFor({ timeout: 15_000 });
      await waiter.getByRole('button', { name: 'Volver a hoy' }).click();
      await waiter.getByRole('button', { name: 'Volver a hoy' }).waitFor({ state: 'detached' });
    },
    STEP_MS,
  );

  it(
    "a guest scans a new table's QR, orders in English, and the waiter sees the line",
    async () => {
      const table = tableNames[0]!;
      await tableTile(waiter, table).click();
      const sitIn = waiter.getByRole('dialog', { name: 'Sin Recibir' });
      await sitIn.getByLabel('Nombre').fill(WALK_IN);
      await sitIn.getByLabel('Personas').fill('2');
      await sitIn.getByRole('button', { name: 'Crear' }).click();
      await toast(waiter, 'success', `Cuenta creada para ${WALK_IN}.`).waitFor();
      await tableTile(waiter, table)
        .filter({ hasText: `${WALK_IN} · 2` })
        .click();
      const detail = waiter.getByRole('dialog', { name: WALK_IN });
      await detail.getByRole('button', { name: 'QR de la cuenta' }).click();
      const link = await qrText(detail.locator('img.floor-qr'));
      await waiter.keyboard.press('Escape');
      await detail.waitFor({ state: 'detached' });

      const guest = await phone();
      const problems = watchForProblems(guest);
      await guest.goto(link);
      await guest.getByLabel('Your name').fill('Grace');
      await guest.getByRole('button', { name: 'Join the table' }).click();
      await guest.locator('.menu-product').first().waitFor();
      for (const dish of DISHES) await guest.getByText(dish.en, { exact: true }).waitFor();
      const dish = DISHES[2];
      await guest.getByRole('button', { name: `Add ${dish.en}`, exact: true }).click();
      const sheet = guest.getByRole('dialog', { name: dish.en });
      await sheet.getByRole('button', { name: /^Add to order/ }).click();
      await sheet.waitFor({ state: 'detached' });
      await guest.getByRole('button', { name: /^View order/ }).click();
      const cart = guest.getByRole('dialog', { name: 'Your order' });
      await cart.getByText(dish.en).waitFor();
      await cart.getByRole('button', { name: 'Send order' }).click();
      await guest.getByText('Order sent. Thank you!').waitFor();
      expect(problems).toEqual([]);

      // The waiter opens the table's account: the guest's line is on it, in the staff's language.
      await tableTile(waiter, table).filter({ hasText: WALK_IN }).click();
      const account = waiter.getByRole('dialog', { name: WALK_IN });
      const order = account.getByRole('region', { name: 'Pedido de la mesa' });
      await order.locator('.floor-line').filter({ hasText: dish.es }).waitFor({ timeout: 15_000 });
    },
    STEP_MS,
  );
});
