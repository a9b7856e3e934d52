import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgencySimulator } from '../apps/server/src/modules/fiscal/agency-simulator/agency-simulator.ts';
import {
  makeSimulatorCertificates,
  type SimulatorCertificates,
} from '../apps/server/src/modules/fiscal/agency-simulator/simulator-certificates.ts';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import { seriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import {
  startLoopbackPrinter,
  startPrintHelper,
  type LoopbackPrinter,
  type RunningPrintHelper,
} from './support/print-helper-process.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { signInThroughForm, watchForProblems } from './support/shell.ts';

/**
 * Issue 23 end to end in Chromium: the owner uploads the venue's qualified certificate in /ebitdata/fiscal;
 * the TPV closes a table by card, the bill says its VERI*FACTU record waits to be sent, and its printed
 * ticket carries the record's QR as the printer's own QR command; the server's queue sends the record over
 * mutual TLS to the agency simulator (the one part simulated), and the owner's list shows it accepted.
 */
let certificates: SimulatorCertificates;
let simulator: AgencySimulator;
let server: RunningServer;
let browser: Browser;
let printer: LoopbackPrinter;
let helper: RunningPrintHelper;
const contexts: BrowserContext[] = [];
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fiscal-journey-'));

beforeAll(async () => {
  certificates = makeSimulatorCertificates({ nif: 'B87654323' });
  fs.writeFileSync(path.join(workDir, 'ca.pem'), certificates.caPem);
  simulator = await AgencySimulator.start({
    serverKeyPem: certificates.serverKeyPem,
    serverCertPem: certificates.serverCertPem,
    clientCaPem: certificates.caPem,
    port: 0,
    waitSeconds: 1,
  });
  printer = await startLoopbackPrinter();
  [server, browser, helper] = await Promise.all([
    startServer({
      readyTimeoutMs: 180_000,
      env: {
        AEAT_PRODUCTION_URL: simulator.url,
        AEAT_EXTRA_CA_FILE: path.join(workDir, 'ca.pem'),
        FISCAL_SUBMIT_INTERVAL_MS: '500',
      },
    }),
    launchBrowser(),
    startPrintHelper(`caja=tcp://127.0.0.1:${printer.port}`),
  ]);
}, 200_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.close();
  await helper?.stop();
  await printer?.close();
  await simulator?.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

/**
 * Reloads the owner's page until `done` holds: the queue sends records on its own schedule and the list
 * reads them when drawn. No count of its own: only the test's timeout ends the wait.
 */
async function reloadUntil(page: Page, done: () => Promise<boolean>): Promise<void> {
  while (!(await done())) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await page.reload();
    await page.getByRole('region', { name: 'Registros' }).waitFor();
  }
}

async function tablet(email: string): Promise<Page> {
  const context = await browser.newContext({
    locale: 'es-ES',
    viewport: { width: 1280, height: 800 },
    bypassCSP: true,
  });
  contexts.push(context);
  const page = await context.newPage();
  await signInThroughForm(page, server.url, email);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
  return page;
}

describe('a ticket on its way to the agency', () => {
  it('uploads the certificate, closes a table, prints its QR, and the record comes back accepted', async () => {
    // The owner's certificate, as a .p12 file chosen in the form.
    const admin = await tablet('admin@demo.test');
    const adminProblems = watchForProblems(admin);
    await admin.goto(`${server.url}/ebitdata/fiscal`);
    const certificate = admin.getByRole('region', { name: 'Certificado para enviar a la AEAT' });
    await certificate.getByText(/Todavía no hay certificado/).waitFor();
    await certificate.getByLabel('Archivo del certificado (.p12 o .pfx)').setInputFiles({
      name: 'venue.p12',
      mimeType: 'application/x-pkcs12',
      buffer: certificates.clientPkcs12,
    });
    await certificate.getByLabel('Contraseña del certificado').fill('no es esta');
    await certificate.getByRole('button', { name: 'Subir certificado' }).click();
    await certificate.getByText(/La contraseña no abre el certificado/).waitFor();
    await certificate.getByLabel('Contraseña del certificado').fill(certificates.passphrase);
    await certificate.getByRole('button', { name: 'Subir certificado' }).click();
    await certificate.getByText('(B87654323)', { exact: false }).waitFor();
    await certificate.getByText('Válido hasta').waitFor();
    expect(await seriousAccessibilityViolations(admin)).toEqual([]);

    // A table with 2 × Patatas bravas, closed by card at the TPV.
    const sala = await signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD);
    const walkIn = await callWithToken(server.url, '/world/reservation/createwalkin', sala, {
      name: 'Mesa Fiscal',
      pax: 2,
    });
    const { reservation } = (await walkIn.json()) as { reservation: { id: number } };
    const ordered = await callWithToken(server.url, '/world/api/cartsession/createcartsessionorder', sala, {
      orderInfo: { reservationId: reservation.id, source: 1 },
      products: [{ sku: 'ENT-02', orderQuantity: 2, options: [] }],
    });
    expect(ordered.status).toBe(201);

    const tpv = await tablet('tpv@demo.test');
    const tpvProblems = watchForProblems(tpv);
    await tpv.goto(`${server.url}/copilot?printHelperPort=${helper.port}`);
    const account = tpv.locator(`.pos-account[data-reservation-id="${reservation.id}"]`);
    await account.filter({ hasText: '13,00' }).waitFor({ timeout: 30_000 });
    await account.getByRole('button', { name: 'Pagado con tarjeta' }).click();
    const dialog = tpv.getByRole('dialog');
    await dialog.getByRole('button', { name: /^Cobrar 13,00\s€ con tarjeta y cerrar$/ }).click();
    await dialog.getByText('Registro VERI*FACTU F2: pendiente de envío').waitFor();
    await dialog.getByRole('button', { name: 'Imprimir ticket' }).click();
    await tpv.getByText('Ticket enviado a la impresora').waitFor({ timeout: 15_000 });

    // The record's QR URL, as the owner's list gives it, is in the printer's own QR command.
    const token = await signInThroughApi(server.url, 'admin@demo.test', DEMO_PASSWORD);
    // A week back to tomorrow (UTC): the venue's calendar day, whatever the hour, is inside.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const listed = await fetch(`${server.url}/world/api/fiscal/records?from=${day(-7)}&to=${day(1)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { records } = (await listed.json()) as { records: { billId: number; qrUrl: string | null }[] };
    const qrUrl = records.at(-1)?.qrUrl ?? '';
    expect(qrUrl).toMatch(/^https:\/\/www2\.agenciatributaria\.gob\.es\/.*ValidarQR\?nif=B87654323&/);
    const ticket = printer.tickets.find((bytes) => bytes.includes(Buffer.from('13,00'))) ?? Buffer.alloc(0);
    expect(ticket.includes(Buffer.from([0x1d, 0x28, 0x6b]))).toBe(true);
    expect(ticket.includes(Buffer.from(qrUrl))).toBe(true);
    expect(ticket.includes(Buffer.from('QR tributario:'))).toBe(true);

    // The queue sends it over mutual TLS; the owner's list shows the agency's answer.
    await admin.reload();
    const list = admin.getByRole('region', { name: 'Registros' });
    const row = list.getByRole('row').filter({ hasText: 'Ticket (F2)' }).last();
    await reloadUntil(admin, async () => ((await row.textContent()) ?? '').includes('Aceptado'));
    expect(simulator.stored.size).toBeGreaterThanOrEqual(1);
    expect([...simulator.stored.values()].every((record) => record.acceptances === 1)).toBe(true);
    expect([...adminProblems, ...tpvProblems]).toEqual([]);
  });

  it('shows a nominative invoice the agency refused, and its correction goes through once', async () => {
    // The agency's census does not know this client: the record comes back rejected.
    simulator.unknownNifs.add('B15000009');
    const sala = await signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD);
    const tpv = await signInThroughApi(server.url, 'tpv@demo.test', DEMO_PASSWORD);
    const walkIn = await callWithToken(server.url, '/world/reservation/createwalkin', sala, {
      name: 'Mesa Empresa',
      pax: 2,
    });
    const { reservation } = (await walkIn.json()) as { reservation: { id: number } };
    await callWithToken(server.url, '/world/api/cartsession/createcartsessionorder', sala, {
      orderInfo: { reservationId: reservation.id, source: 1 },
      products: [{ sku: 'ENT-02', orderQuantity: 1, options: [] }],
    });
    const paid = await callWithToken(server.url, '/world/api/reservation/paid-reservation', tpv, {
      reservationId: reservation.id,
      paymentMethod: 'card',
    });
    const { bill } = (await paid.json()) as { bill: { id: number } };
    const nominative = await callWithToken(server.url, '/world/api/bill/create-nominative-invoice', tpv, {
      billId: bill.id,
      clientData: { name: 'Eventos Norte S.L.', taxId: 'B15000009', address: 'Rúa Nova 3', city: 'Vigo' },
    });
    expect(nominative.status).toBe(201);

    const admin = await tablet('admin@demo.test');
    const problems = watchForProblems(admin);
    await admin.goto(`${server.url}/ebitdata/fiscal`);
    const list = admin.getByRole('region', { name: 'Registros' });
    const refused = list.getByRole('row').filter({ hasText: 'Rechazado' });
    await reloadUntil(admin, async () => (await refused.count()) > 0);
    await refused.first().getByRole('button', { name: 'Subsanar' }).click();
    const dialog = admin.getByRole('dialog', { name: /^Subsanar el registro de / });
    expect(await seriousAccessibilityViolations(admin)).toEqual([]);
    await dialog.getByLabel('Nombre del destinatario').fill('Eventos Norte S.L.');
    await dialog.getByLabel('NIF del destinatario').fill('B87654323');
    await dialog.getByRole('button', { name: 'Enviar subsanación' }).click();
    await admin.getByText('Subsanación registrada: se enviará a la AEAT').waitFor();
    // The refused record keeps its place and its state; it cannot be corrected a second time.
    await refused.first().waitFor();
    expect(await refused.first().getByRole('button', { name: 'Subsanar' }).count()).toBe(0);
    const rows = list.getByRole('row').filter({ hasText: 'Factura que sustituye tickets (F3)' });
    await reloadUntil(admin, async () => ((await rows.last().textContent()) ?? '').includes('Aceptado'));
    expect([...simulator.stored.values()].every((record) => record.acceptances === 1)).toBe(true);
    expect(problems).toEqual([]);
  });
});
