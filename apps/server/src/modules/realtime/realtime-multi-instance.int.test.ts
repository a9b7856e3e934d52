import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLOSE_CODES } from '@sobremesa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { hostOf, TEST_BASE_DOMAIN, TEST_PASSWORD } from '../../test/test-app.ts';
import { createStaffAccount } from '../users/staff-accounts.service.ts';
import { createVenue } from '../venues/venue-provisioning.service.ts';
import { eventsAfter } from './outbox.repository.ts';
import { TestSocket } from './realtime-test-socket.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const SUBDOMAIN = 'dos';
const EMAIL = 'sala@dos.test';

/** One real server process, as `npm start` runs it, on the shared PostgreSQL database. */
interface ServerProcess {
  readonly port: number;
  readonly child: ChildProcess;
  readonly output: () => string;
}

function startServer(databaseUrl: string): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: '0',
      PORT: '0',
      HOST: '127.0.0.1',
      BASE_DOMAIN: TEST_BASE_DOMAIN,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += String(chunk);
      const match = /Sobremesa is serving on http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve({ port: Number(match[1]), child, output: () => output });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before serving:\n${output}`)));
  });
}

async function stopServer(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
  server.child.kill('SIGTERM');
  const forced = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(forced);
}

/** A JSON call over real HTTP to one process, as the venue's host. */
function callServer(
  server: ServerProcess,
  method: string,
  url: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: unknown }> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        method,
        path: url,
        headers: {
          host: hostOf(SUBDOMAIN),
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += String(chunk)));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as unknown }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

async function renameOn(server: ServerProcess, token: string, userName: string): Promise<void> {
  const response = await callServer(server, 'POST', '/world/api/user/update-user-name', {
    token,
    body: { userName },
  });
  expect(response.status).toBe(200);
}

// Needs a PostgreSQL server (CI sets TEST_DATABASE_URL); the embedded database belongs to one process.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'two server processes on one PostgreSQL database (RT-03)',
  () => {
    let database: DatabaseHandle & { url?: string };
    let venueId: number;
    let a: ServerProcess | undefined;
    let b: ServerProcess | undefined;
    let token: string;

    beforeAll(async () => {
      database = await createTestDatabase();
      const venue = await createVenue(database.db, { subdomain: SUBDOMAIN, businessName: 'Casa Dos' });
      venueId = venue.id;
      await createStaffAccount(database.db, { venueId, email: EMAIL, name: 'Sala', password: TEST_PASSWORD });
      [a, b] = await Promise.all([startServer(database.url!), startServer(database.url!)]);
      const login = await callServer(b, 'POST', '/world/api/user/login', {
        body: { userEmail: EMAIL, password: TEST_PASSWORD },
      });
      expect(login.status).toBe(200);
      token = (login.body as { user: { token: string } }).user.token;
    });

    afterAll(async () => {
      await Promise.all([stopServer(a), stopServer(b)]);
      await database?.close();
    });

    it('streams to a client on A, in order and without gaps, the events caused through B', async () => {
      const { socket, welcome } = await TestSocket.connect(a!.port, hostOf(SUBDOMAIN), { token });
      const from = welcome.seq;

      for (let index = 0; index < 10; index++) await renameOn(b!, token, `Seguido ${index}`);
      await Promise.all(Array.from({ length: 15 }, (_, index) => renameOn(b!, token, `A la vez ${index}`)));

      const events = await socket.events(25);
      expect(events.map((event) => event.seq)).toEqual(
        Array.from({ length: 25 }, (_, index) => from + index + 1),
      );
      const stored = await eventsAfter(database.db, venueId, from, 100);
      expect(events.map((event) => event.payload)).toEqual(stored.map((row) => row.payload));
      await socket.close();
      expect(socket.unread()).toEqual([]);
    });

    it('gives a client that reconnects with an old seq the events it missed, whichever process it reaches', async () => {
      const first = await TestSocket.connect(a!.port, hostOf(SUBDOMAIN), { token });
      await renameOn(b!, token, 'Antes del corte');
      const [seen] = await first.socket.events(1);
      await first.socket.close();

      for (const name of ['Perdido 1', 'Perdido 2', 'Perdido 3']) await renameOn(a!, token, name);

      const again = await TestSocket.connect(b!.port, hostOf(SUBDOMAIN), { token, lastSeq: seen!.seq });
      const missed = await again.socket.events(3);
      expect(missed.map((event) => [event.seq, (event.payload as { name: string }).name])).toEqual([
        [seen!.seq + 1, 'Perdido 1'],
        [seen!.seq + 2, 'Perdido 2'],
        [seen!.seq + 3, 'Perdido 3'],
      ]);
      await renameOn(a!, token, 'En vivo');
      expect((await again.socket.events(1)).map((event) => event.seq)).toEqual([seen!.seq + 4]);
      await again.socket.close();
    });

    it('closes the session sockets on every process at logout (SEC-05)', async () => {
      const login = await callServer(a!, 'POST', '/world/api/user/login', {
        body: { userEmail: EMAIL, password: TEST_PASSWORD },
      });
      const ownToken = (login.body as { user: { token: string } }).user.token;
      const onA = await TestSocket.connect(a!.port, hostOf(SUBDOMAIN), { token: ownToken });
      const onB = await TestSocket.connect(b!.port, hostOf(SUBDOMAIN), { token: ownToken });

      expect((await callServer(b!, 'POST', '/world/api/user/logout', { token: ownToken })).status).toBe(200);

      expect((await onA.socket.closedWithin()).code).toBe(CLOSE_CODES.tokenRevoked);
      expect((await onB.socket.closedWithin()).code).toBe(CLOSE_CODES.tokenRevoked);
    });
  },
);
