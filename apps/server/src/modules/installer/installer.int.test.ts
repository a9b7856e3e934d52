import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, givenStaff, givenVenue, signIn, type TestApp } from '../../test/test-app.ts';

/** The print helper installer (spec §7 GET /world/api/wewingman/download), unpacked with the system's tar. */
let t: TestApp;
let token: string;
let otherToken: string;
const unpacked: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  const casa = await givenVenue(t, { subdomain: 'casa' });
  const otra = await givenVenue(t, { subdomain: 'otra' });
  await givenStaff(t, { venueId: casa.id, email: 'caja@casa.test', copilotEnabled: true });
  await givenStaff(t, { venueId: otra.id, email: 'caja@otra.test', copilotEnabled: true });
  token = await signIn(t, 'casa', 'caja@casa.test');
  otherToken = await signIn(t, 'otra', 'caja@otra.test');
});
afterAll(async () => {
  await t.close();
  for (const dir of unpacked) fs.rmSync(dir, { recursive: true, force: true });
});

const helperDir = path.resolve(import.meta.dirname, '../../../../print-helper');

describe('GET /world/api/wewingman/download', () => {
  it('serves the print helper as a .tar.gz named by content-disposition, with the runnable files only', async () => {
    const response = await call(t, 'casa', { method: 'GET', url: '/world/api/wewingman/download', token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/gzip');
    const version = (
      JSON.parse(fs.readFileSync(path.join(helperDir, 'package.json'), 'utf8')) as { version: string }
    ).version;
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="sobremesa-print-helper-${version}.tar.gz"`,
    );

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'installer-'));
    unpacked.push(dir);
    const archive = path.join(dir, 'helper.tar.gz');
    fs.writeFileSync(archive, response.rawPayload);
    execFileSync('tar', ['-xzf', archive, '-C', dir]);
    const root = path.join(dir, 'sobremesa-print-helper');
    const shipped = fs.readdirSync(root, { recursive: true }).map(String).sort();
    expect(shipped).toContain('package.json');
    expect(shipped).toContain('README.md');
    expect(shipped).toContain(path.join('src', 'main.ts'));
    // The venue's public key, which the helper pins to check cash drawer tickets (SEC-11).
    expect(fs.readFileSync(path.join(root, 'server-public-key.pem'), 'utf8')).toMatch(
      /^-----BEGIN PUBLIC KEY-----/,
    );
    expect(shipped.filter((file) => file.endsWith('.test.ts'))).toEqual([]);
    for (const file of ['package.json', path.join('src', 'escpos.ts')]) {
      expect(fs.readFileSync(path.join(root, file)).equals(fs.readFileSync(path.join(helperDir, file)))).toBe(
        true,
      );
    }

    // The same package again, without rebuilding it.
    const again = await call(t, 'casa', { method: 'GET', url: '/world/api/wewingman/download', token });
    expect(again.rawPayload.equals(response.rawPayload)).toBe(true);
  });

  it('is for signed-in staff of the venue only', async () => {
    const anonymous = await call(t, 'casa', { method: 'GET', url: '/world/api/wewingman/download' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-disposition']).toBeUndefined();
    const foreign = await call(t, 'casa', {
      method: 'GET',
      url: '/world/api/wewingman/download',
      token: otherToken,
      headers: { 'x-locale': 'en' },
    });
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
