import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../apps/server/src/db/pglite.ts';
import { fiscalSettings, venues } from '../apps/server/src/db/schema/index.ts';
import { seedDemoVenue } from '../apps/server/src/modules/demo/demo-seed.ts';
import { makeSimulatorCertificates } from '../apps/server/src/modules/fiscal/agency-simulator/simulator-certificates.ts';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import { seriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { chooseDay, dayField, dayOf } from './support/date-fields.ts';
import { refusalOf } from './support/field-errors.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { watchForProblems } from './support/shell.ts';

/**
 * Issue 23 item 6 in Chromium through the real server: a table paid at the TPV (set up through the API)
 * shows in the admin's fiscal records as a ticket with its amount and submission state; the chain check
 * verifies it; the period downloads as the agency's XML; a period ending before it starts is refused under
 * «Hasta»; a bad installation number is refused at its field,
 * and a good one with the test service is saved and used by the next bill's record. On a venue whose fiscal
 * data is incomplete, VERI*FACTU is not switched on (refused under the switch) and is saved off.
 */
let server: RunningServer;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ readyTimeoutMs: 180_000 }), launchBrowser()]);
}, 200_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

async function json<T>(response: Response): Promise<T> {
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as T;
}

/** A walk-in seated, served 2 × Patatas bravas (13,00 €) and paid by card: one simplified ticket. */
async function payATable(name: string): Promise<void> {
  const [sala, tpv] = await Promise.all([
    signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD),
    signInThroughApi(server.url, 'tpv@demo.test', DEMO_PASSWORD),
  ]);
  const { reservation } = await json<{ reservation: { id: number } }>(
    await callWithToken(server.url, '/world/reservation/createwalkin', sala, { name, pax: 2 }),
  );
  await json(
    await callWithToken(server.url, '/world/api/cartsession/createcartsessionorder', sala, {
      orderInfo: { reservationId: reservation.id, source: 1 },
      products: [{ sku: 'ENT-02', orderQuantity: 2, options: [] }],
    }),
  );
  await json(
    await callWithToken(server.url, '/world/api/reservation/paid-reservation', tpv, {
      reservationId: reservation.id,
      paymentMethod: 'card',
    }),
  );
}

async function adminPage(url = server.url): Promise<Page> {
  const token = await signInThroughApi(url, 'admin@demo.test', DEMO_PASSWORD);
  context = await browser.newContext({
    locale: 'es-ES',
    viewport: { width: 1280, height: 800 },
    bypassCSP: true,
  });
  const page = await context.newPage();
  await page.goto(`${url}/login`);
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  return page;
}

/** The demo venue with its fiscal data as `venue:create` leaves it (no legal name, NIF or postal code), VERI*FACTU off. */
async function incompleteFiscalData(dataDir: string): Promise<void> {
  const handle = await openPglite(dataDir);
  try {
    await seedDemoVenue(handle.db);
    const [venue] = await handle.db.select({ id: venues.id, settings: venues.settings }).from(venues);
    const settings = venue!.settings;
    const fiscalInfo = { ...settings.fiscalInfo!, legalName: '', taxId: '', postalCode: '' };
    await handle.db
      .update(venues)
      .set({ settings: { ...settings, fiscalInfo } })
      .where(eq(venues.id, venue!.id));
    await handle.db
      .insert(fiscalSettings)
      .values({ venueId: venue!.id, enabled: false })
      .onConflictDoUpdate({ target: fiscalSettings.venueId, set: { enabled: false } });
  } finally {
    await handle.close();
  }
}

describe('the fiscal section', () => {
  it('lists the paid ticket, verifies the chain, exports XML and saves the settings at their fields', async () => {
    await payATable('Mesa Fiscal');
    const page = await adminPage();
    const problems = watchForProblems(page);
    await page.goto(`${server.url}/ebitdata`);
    await page
      .getByRole('navigation', { name: 'Secciones de administración' })
      .getByRole('link', { name: 'Fiscal' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'VERI*FACTU' }).waitFor();

    const records = page.getByRole('region', { name: 'Registros' });
    const ticket = records.getByRole('row').filter({ hasText: 'Ticket (F2)' }).filter({ hasText: '13,00' });
    await ticket.first().waitFor();
    await expect(ticket.first().textContent()).resolves.toMatch(/Pendiente|Enviado|Aceptado/);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Anyone may check the chain: every record re-hashed on the server.
    await records.getByRole('button', { name: 'Comprobar la cadena' }).click();
    await records.getByText(/^La cadena es correcta: \d+ registros? verificados?\.$/).waitFor();

    // Filtering by a state no record is in leaves none; back to all shows the ticket again.
    await records.getByLabel('Envío', { exact: true }).selectOption('rejected');
    await records.getByText('0 registros').waitFor();
    await records.getByLabel('Envío', { exact: true }).selectOption('all');
    await ticket.first().waitFor();

    // The inspector's XML: one RegFactuSistemaFacturacion with the ticket's record.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      records.getByRole('button', { name: 'Descargar XML del periodo' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^verifactu-\d{4}-\d\d-01-\d{4}-\d\d-\d\d\.xml$/);
    const xml = fs.readFileSync((await download.path())!, 'utf8');
    expect(xml).toContain('RegFactuSistemaFacturacion');
    expect(xml).toContain('<sf:ImporteTotal>13.00</sf:ImporteTotal>');

    // A period ending before it starts is refused under «Hasta», in the words of the screen's labels.
    const until = dayField(records, 'Hasta');
    const lastDay = await dayOf(until);
    const firstDay = await dayOf(dayField(records, 'Desde'));
    const dayBefore = new Date(Date.parse(`${firstDay}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await chooseDay(until, dayBefore);
    const backwards = 'La fecha «Hasta» no puede ser anterior a «Desde»';
    await records.getByText(backwards, { exact: true }).waitFor();
    expect(await refusalOf(until)).toEqual({ invalid: 'true', description: backwards });
    expect(await records.getByRole('alert').count()).toBe(0);
    await chooseDay(until, lastDay);
    await ticket.first().waitFor();
    expect((await refusalOf(until)).invalid).toBeNull();

    // A bad installation number is refused at its field, by the server, in Spanish.
    const settings = page.getByRole('region', { name: 'Ajustes' });
    const installation = settings.getByLabel('Número de instalación');
    await installation.fill('caja 2');
    await settings.getByRole('button', { name: 'Guardar' }).click();
    await settings.getByText('Solo letras, números, punto, guion y guion bajo').waitFor();
    await expect(installation.getAttribute('aria-invalid')).resolves.toBe('true');

    await installation.fill('TPV-2');
    await settings.getByLabel('Servicio de la Agencia Tributaria').selectOption('test');
    await settings.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Ajustes fiscales guardados').waitFor();

    // The next bill records under the new installation, its QR pointing at the agency's test service.
    await payATable('Mesa Pruebas');
    await page.reload();
    const second = page
      .getByRole('region', { name: 'Registros' })
      .getByRole('row')
      .filter({ hasText: 'TPV-2/1' });
    await second.waitFor();
    // The screen's period (this month up to today), read back from the file name it chose.
    const [from, to] = [
      download.suggestedFilename().slice(10, 20),
      download.suggestedFilename().slice(21, 31),
    ];
    const admin = await signInThroughApi(server.url, 'admin@demo.test', DEMO_PASSWORD);
    const today = await json<{ records: { installationNumber: string; qrUrl: string | null }[] }>(
      await fetch(`${server.url}/world/api/fiscal/records?from=${from}&to=${to}`, {
        headers: { authorization: `Bearer ${admin}` },
      }),
    );
    const installed = today.records.filter((record) => record.installationNumber === 'TPV-2');
    expect(installed).toHaveLength(1);
    expect(installed[0]?.qrUrl).toMatch(/^https:\/\/prewww2\.aeat\.es\//);
    expect(problems).toEqual([]);
  });

  it('refuses switching VERI*FACTU on under the switch while the fiscal data is incomplete, and saves it off', async () => {
    const incomplete = await startServer({ prepare: incompleteFiscalData, readyTimeoutMs: 180_000 });
    try {
      await context?.close();
      const page = await adminPage(incomplete.url);
      const problems = watchForProblems(page);
      await page.goto(`${incomplete.url}/ebitdata/fiscal`);
      const settings = page.getByRole('region', { name: 'Ajustes' });
      const enabled = settings.getByLabel('Registrar cada ticket y factura con VERI*FACTU');
      await enabled.waitFor();
      expect(await enabled.isChecked()).toBe(false);

      await enabled.check();
      await settings.getByRole('button', { name: 'Guardar' }).click();
      const refusal =
        'Completa antes los datos fiscales (razón social, NIF, código postal y serie de las facturas) para activar VERI*FACTU';
      await settings.getByText(refusal, { exact: true }).waitFor();
      const told = await refusalOf(enabled);
      expect(told.invalid).toBe('true');
      expect(told.description).toContain(refusal);
      expect(await enabled.isChecked()).toBe(true);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      // Off is always saved: the switch back off, with the test service.
      await enabled.uncheck();
      await settings.getByLabel('Servicio de la Agencia Tributaria').selectOption('test');
      await settings.getByRole('button', { name: 'Guardar' }).click();
      await page.getByText('Ajustes fiscales guardados').waitFor();
      const admin = await signInThroughApi(incomplete.url, 'admin@demo.test', DEMO_PASSWORD);
      const saved = await json<{ settings: { enabled: boolean; environment: string } }>(
        await fetch(`${incomplete.url}/world/api/admin/fiscal`, {
          headers: { authorization: `Bearer ${admin}` },
        }),
      );
      expect(saved.settings).toMatchObject({ enabled: false, environment: 'test' });
      expect(problems).toEqual([]);
    } finally {
      await context?.close();
      context = undefined;
      await incomplete.close();
    }
  });

  it('warns the owner on the screen when the certificate expires within 30 days', async () => {
    const certificates = makeSimulatorCertificates({ clientDays: 20 });
    await context?.close();
    const page = await adminPage();
    const problems = watchForProblems(page);
    await page.goto(`${server.url}/ebitdata/fiscal`);
    const certificate = page.getByRole('region', { name: 'Certificado para enviar a la AEAT' });
    await certificate.getByLabel('Archivo del certificado (.p12 o .pfx)').setInputFiles({
      name: 'venue.p12',
      mimeType: 'application/x-pkcs12',
      buffer: certificates.clientPkcs12,
    });
    await certificate.getByLabel('Contraseña del certificado').fill(certificates.passphrase);
    await certificate.getByRole('button', { name: 'Subir certificado' }).click();
    await certificate
      .getByText(/^El certificado caduca el .+: sube el renovado antes de esa fecha/)
      .waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});
