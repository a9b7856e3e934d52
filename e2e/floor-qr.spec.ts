import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { signInThroughForm } from './support/shell.ts';

/**
 * Issue 5 item 4: the account QR shown on one tablet, scanned by another tablet's camera (Chromium's fake
 * camera playing a Y4M file made here from the QR's pixels), opens the account.
 */
const WIDTH = 640;
const HEIGHT = 480;

let server: RunningServer;
let browser: Browser;
let cameraBrowser: Browser | undefined;
let folder: string;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'floor-qr-'));
  [server, browser] = await Promise.all([startServer({ readyTimeoutMs: 180_000 }), launchBrowser()]);
}, 240_000);

afterAll(async () => {
  await cameraBrowser?.close();
  await browser?.close();
  await server?.close();
  rmSync(folder, { recursive: true, force: true });
});

async function signedIn(target: Browser, email: string): Promise<Page> {
  const context = await target.newContext({ locale: 'es-ES', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInThroughForm(page, server.url, email);
  await page.waitForURL(`${server.url}/copilot`);
  await page.locator('.floor-table').first().waitFor();
  return page;
}

/** The luma plane of a white 640×480 frame with the page's QR image drawn in its middle. */
async function qrLuma(page: Page): Promise<Buffer> {
  const base64 = await page.locator('img.floor-qr').evaluate(
    (image, size) => {
      const canvas = document.createElement('canvas');
      canvas.width = size.width;
      canvas.height = size.height;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#fff';
      context.fillRect(0, 0, size.width, size.height);
      const side = 400;
      context.imageSmoothingEnabled = false;
      context.drawImage(
        image as HTMLImageElement,
        (size.width - side) / 2,
        (size.height - side) / 2,
        side,
        side,
      );
      const { data } = context.getImageData(0, 0, size.width, size.height);
      const luma = new Uint8Array(size.width * size.height);
      for (let i = 0; i < luma.length; i++) {
        luma[i] = Math.round(0.299 * data[i * 4]! + 0.587 * data[i * 4 + 1]! + 0.114 * data[i * 4 + 2]!);
      }
      let text = '';
      for (const byte of luma) text += String.fromCharCode(byte);
      return btoa(text);
    },
    { width: WIDTH, height: HEIGHT },
  );
  return Buffer.from(base64, 'base64');
}

/** A Y4M (4:2:0) video of a few identical grey frames, as Chromium's fake camera plays them. */
function y4m(luma: Buffer): Buffer {
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F5:1 Ip A1:1 C420jpeg\n`);
  return Buffer.concat([header, frame, frame, frame]);
}

describe('scanning an account QR', () => {
  it('opens the account whose QR another tablet shows', async () => {
    const token = await signInThroughApi(server.url, 'admin@demo.test', DEMO_PASSWORD);
    const response = await callWithToken(server.url, '/world/reservation/createwalkin', token, {
      name: 'Rosa',
      pax: 2,
    });
    expect(response.status).toBeLessThan(300);
    const { reservation } = (await response.json()) as { reservation: { tables: { name: string }[] } };

    const shower = await signedIn(browser, 'sala@demo.test');
    await shower.getByRole('button', { name: new RegExp(`^Mesa ${reservation.tables[0]!.name} `) }).click();
    const detail = shower.getByRole('dialog', { name: 'Rosa' });
    await detail.getByRole('button', { name: 'QR de la cuenta' }).click();
    await detail.locator('img.floor-qr').waitFor();
    const video = path.join(folder, 'qr.y4m');
    writeFileSync(video, y4m(await qrLuma(shower)));

    cameraBrowser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    const scanner = await signedIn(cameraBrowser, 'sala1@demo.test');
    await scanner.getByRole('button', { name: 'Escanear QR' }).click();
    // The fake camera loops three frames; decoding them can take a while on a loaded machine.
    await scanner.getByRole('dialog', { name: 'Rosa' }).waitFor({ timeout: 30_000 });
    await scanner.locator('.toast--success').filter({ hasText: 'Cuenta abierta: Rosa' }).waitFor();
    // The camera stopped with the success: the scanner closed.
    expect(await scanner.getByRole('dialog', { name: 'Escanear QR' }).count()).toBe(0);
  });

  it('says so when the camera cannot start', async () => {
    const page = await signedIn(browser, 'sala@demo.test');
    await page.context().grantPermissions([]);
    await page.evaluate(() => {
      Object.defineProperty(navigator.mediaDevices, 'getUserMedia', {
        value: () => Promise.reject(new DOMException('denied', 'NotAllowedError')),
      });
    });
    await page.getByRole('button', { name: 'Escanear QR' }).click();
    await page.getByRole('alert').filter({ hasText: 'Error inicializando cámara' }).waitFor();
  });
});
