import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { venueSettingsSchema } from '@sobremesa/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { repoRoot } from '../config/env.ts';
import { openPglite } from '../db/pglite.ts';
import { venues } from '../db/schema/index.ts';
import { TestClock } from '../test/test-app.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sobremesa-venue-create-'));
const BASE_DOMAIN = 'sobremesa.test';
/** Each run starts a Node process and opens the embedded database: slow on a loaded machine. */
const CLI_BUDGET_MS = 120_000;

/** Runs `npm run venue:create` as an operator would, typing `stdin` as the password. */
function createVenueCli(subdomain: string, stdin: string): Promise<{ code: number | null; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, BASE_DOMAIN };
  delete env.DATABASE_URL;
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/cli/create-venue.ts',
      '--subdomain',
      subdomain,
      '--name',
      `Casa ${subdomain}`,
      '--admin-email',
      `ana@${subdomain}.es`,
    ],
    { cwd: repoRoot, env, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += String(chunk)));
  child.stderr.on('data', (chunk: Buffer) => (output += String(chunk)));
  child.stdin.end(stdin);
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('venue:create passwords (SEC-03, issue 17 item 12)', () => {
  it(
    'refuses the published demo password and common ones, whatever their case',
    async () => {
      for (const password of ['sobremesa-demo', 'Sobremesa-Demo', 'password123']) {
        const run = await createVenueCli('demo-pw', `${password}\n`);
        expect(run.code).toBe(1);
        expect(run.output).toContain('That password is too common. Choose another one.');
      }
    },
    CLI_BUDGET_MS,
  );

  it(
    'keeps the password exactly as typed, spaces included',
    async () => {
      const typed = '  mi contraseña de la casa  ';
      const run = await createVenueCli('casa', `${typed}\n`);
      expect(run.output).toContain('Venue "Casa casa" created');
      expect(run.code).toBe(0);

      const database = await openPglite(dataDir);
      const { app } = await buildApp({
        database,
        clock: new TestClock(),
        settings: { baseDomain: BASE_DOMAIN, trustProxy: false },
      });
      try {
        const login = (password: string) =>
          app.inject({
            method: 'POST',
            url: '/world/api/user/login',
            headers: { host: `casa.${BASE_DOMAIN}` },
            payload: { userEmail: 'ana@casa.es', password },
          });
        const signedIn = await login(typed);
        expect(signedIn.statusCode).toBe(200);
        expect((await login(typed.trim())).statusCode).toBe(401);

        // Ready for its admin: the six roles (all the admin's), a kitchen and a bar, a drawer.
        const { user } = signedIn.json() as {
          user: { copilotRoles: { copilotView: { name: string }; elaborationStations: number[] }[] };
        };
        expect(user.copilotRoles.map((role) => role.copilotView.name)).toEqual([
          'Sala',
          '1 en Sala',
          'Cocina',
          'Barra',
          'TPV',
          'Pasante',
        ]);
        const config = await app.inject({
          method: 'POST',
          url: '/world/api/venueconfig',
          headers: { host: `casa.${BASE_DOMAIN}` },
        });
        const { venueConfig } = config.json() as {
          venueConfig: { elaborationTypes: { name: string }[]; cashDrawers: { name: string }[] };
        };
        expect(venueConfig.elaborationTypes.map((type) => type.name)).toEqual(['Cocina', 'Barra']);
        expect(venueConfig.cashDrawers.map((drawer) => drawer.name)).toEqual(['Caja']);
        // The floor follows both stations, the till none.
        expect(user.copilotRoles.map((role) => role.elaborationStations.length)).toEqual([2, 2, 1, 1, 0, 1]);

        // The guests' ordering service has a name in the venue's language (Spanish, the default), so the
        // admin's first save of "Pedidos de clientes" (turning guest orders off) is not refused for lack of one.
        const [stored] = await database.db
          .select({ settings: venues.settings })
          .from(venues)
          .where(eq(venues.subdomain, 'casa'));
        const ordering = venueSettingsSchema.parse(stored?.settings).defaultMenuOrderConfig;
        expect(ordering.name).toBe('Pide desde la mesa');
        const token = (signedIn.json() as { user: { token: string } }).user.token;
        const saved = await app.inject({
          method: 'POST',
          url: '/world/api/venueconfig/update',
          headers: { host: `casa.${BASE_DOMAIN}`, authorization: `Bearer ${token}` },
          payload: { defaultMenuOrderConfig: { ...ordering, menuOrderEnabled: 0 } },
        });
        expect(saved.statusCode, saved.body).toBe(200);
      } finally {
        await app.close();
        await database.close();
      }
    },
    CLI_BUDGET_MS,
  );
});
