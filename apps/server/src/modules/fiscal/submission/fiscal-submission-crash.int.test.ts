import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FiscalRecordView } from '@sobremesa/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fiscalBatches } from '../../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/test-app.ts';
import {
  givenOrderingVenues,
  givenSeatedTable,
  post,
  type OrderingVenues,
} from '../../menus/ordering.fixtures.ts';
import { AgencySimulator } from '../agency-simulator/agency-simulator.ts';
import {
  makeSimulatorCertificates,
  type SimulatorCertificates,
} from '../agency-simulator/simulator-certificates.ts';

/**
 * kill -9 of the queue in the middle of a send (decision 056): the agency has the records but the reply is
 * lost with the process. A new process sends the in-flight batch again, the agency answers each record as
 * a duplicate, and every record ends accepted, at the agency exactly once.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../..');
const NIF = 'B87654323';

let t: TestApp;
let v: OrderingVenues;
let certificates: SimulatorCertificates;
let simulator: AgencySimulator;
let folder: string;

function startSubmitter(): { child: ChildProcess; output: () => string } {
  const fiscal = t.ctx.settings.fiscal!;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/fiscal-submit.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: t.database.url,
      DATA_DIR: folder,
      FISCAL_SECRET_KEY: fiscal.secretKey.toString('base64'),
      AEAT_PRODUCTION_URL: simulator.url,
      AEAT_TEST_URL: simulator.url,
      AEAT_EXTRA_CA_FILE: path.join(folder, 'ca.pem'),
      AEAT_SEND_TIMEOUT_MS: '2000',
      FISCAL_SUBMIT_INTERVAL_MS: '200',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += String(chunk)));
  child.stderr!.on('data', (chunk: Buffer) => (output += String(chunk)));
  return { child, output: () => output };
}

function exited(child: ChildProcess): Promise<NodeJS.Signals | number | null> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve(child.signalCode ?? child.exitCode);
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
}

async function listed(): Promise<FiscalRecordView[]> {
  const response = await call(t, 'demo', {
    method: 'GET',
    url: '/world/api/fiscal/records?from=2026-11-01&to=2026-11-30',
    token: v.tokens.tpv,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { records: FiscalRecordView[] }).records;
}

// Needs a PostgreSQL server (CI sets TEST_DATABASE_URL): the embedded database belongs to one process.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a queue killed in the middle of a send', () => {
  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'fiscal-crash-'));
    certificates = makeSimulatorCertificates({ nif: NIF });
    writeFileSync(path.join(folder, 'ca.pem'), certificates.caPem);
    simulator = await AgencySimulator.start({
      serverKeyPem: certificates.serverKeyPem,
      serverCertPem: certificates.serverCertPem,
      clientCaPem: certificates.caPem,
      waitSeconds: 1,
    });
    t = await buildTestApp();
    v = await givenOrderingVenues(t);
    const uploaded = await call(t, 'demo', {
      method: 'PUT',
      url: '/world/api/fiscal/certificate',
      token: v.tokens.admin,
      payload: { pkcs12: certificates.clientPkcs12.toString('base64'), passphrase: certificates.passphrase },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await simulator?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('loses nothing and has every record accepted exactly once', async () => {
    for (let bill = 0; bill < 3; bill += 1) {
      const table = await givenSeatedTable(t, v);
      const ordered = await post(
        t,
        'demo',
        '/world/api/cartsession/createcartsessionorder',
        {
          orderInfo: { reservationId: table.reservationId, source: 1 },
          products: [{ sku: 'ENT-02', options: [], orderQuantity: 1 }],
        },
        { token: v.tokens.sala },
      );
      expect(ordered.statusCode, ordered.body).toBe(201);
      const paid = await post(
        t,
        'demo',
        '/world/api/reservation/paid-reservation',
        { reservationId: table.reservationId, paymentMethod: 'card' },
        { token: v.tokens.tpv },
      );
      expect(paid.statusCode, paid.body).toBe(200);
    }

    // The agency stores the message and holds its reply: the process dies in that window.
    const hold = simulator.holdNextReply();
    const first = startSubmitter();
    await hold.arrived;
    first.child.kill('SIGKILL');
    expect(await exited(first.child)).toBe('SIGKILL');
    hold.release();
    expect(simulator.stored.size).toBe(3);
    const [open] = await t.ctx.db.select().from(fiscalBatches).where(eq(fiscalBatches.state, 'in_flight'));
    expect(open).toMatchObject({ recordCount: 3, attempts: 1 });
    expect((await listed()).map((record) => record.submission)).toEqual(['sent', 'sent', 'sent']);

    const second = startSubmitter();
    try {
      for (;;) {
        const states = (await listed()).map((record) => record.submission);
        if (states.every((state) => state !== 'sent' && state !== 'pending')) break;
        if (second.child.exitCode !== null) throw new Error(`submitter exited:\n${second.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      second.child.kill('SIGTERM');
      await exited(second.child);
    }
    const records = await listed();
    expect(records.map((record) => [record.submission, record.submissionCode])).toEqual([
      ['accepted', '3000'],
      ['accepted', '3000'],
      ['accepted', '3000'],
    ]);
    const [batch] = await t.ctx.db.select().from(fiscalBatches).where(eq(fiscalBatches.id, open!.id));
    expect(batch).toMatchObject({ state: 'answered', attempts: 2 });
    expect(simulator.requests).toBe(2);
    expect([...simulator.stored.values()].map((record) => record.acceptances)).toEqual([1, 1, 1]);
  }, 120_000);
});
