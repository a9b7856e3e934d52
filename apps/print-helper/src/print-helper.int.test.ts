import { generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { resolveConfig, type ConfigFile } from './config.ts';
import { COMMANDS } from './escpos.ts';
import { startPrintHelper, VERSION, type PrintHelper } from './print-helper.ts';
import type { HelperReply } from './protocol.ts';

/**
 * The helper end to end on loopback: a real WebSocket client, the helper, and real TCP "printers" listening
 * on 127.0.0.1 like a network printer's port 9100, each keeping the tickets it received.
 */
interface LoopbackPrinter {
  readonly port: number;
  /** The bytes of each connection, in order: one entry per ticket sent. */
  readonly tickets: Buffer[];
  close(): Promise<void>;
}

function startPrinter(port = 0): Promise<LoopbackPrinter> {
  const tickets: Buffer[] = [];
  const server = net.createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => tickets.push(Buffer.concat(chunks)));
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () =>
      resolve({
        port: (server.address() as net.AddressInfo).port,
        tickets,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    );
  });
}

/** A port that refuses connections: one the system just handed out and nobody listens on. */
async function closedPort(): Promise<number> {
  const printer = await startPrinter();
  await printer.close();
  return printer.port;
}

interface Client {
  request(message: Record<string, unknown>): Promise<HelperReply>;
  close(): void;
}

let nextId = 0;

function connect(helper: PrintHelper, origin?: string): Promise<Client> {
  const socket = new WebSocket(`ws://127.0.0.1:${helper.port}`, origin ? { origin } : {});
  const waiting = new Map<string, (reply: HelperReply) => void>();
  socket.on('message', (data) => {
    const reply = JSON.parse(data.toString()) as HelperReply;
    waiting.get(reply.id ?? '')?.(reply);
  });
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`HTTP ${response.statusCode}`)),
    );
    socket.once('open', () =>
      resolve({
        request(message) {
          const id = typeof message.id === 'string' ? message.id : `request-${(nextId += 1)}`;
          return new Promise((done) => {
            waiting.set(id, done);
            socket.send(JSON.stringify({ id, ...message }));
          });
        },
        close: () => socket.close(),
      }),
    );
  });
}

const started: PrintHelper[] = [];
const printers: LoopbackPrinter[] = [];
const tempDirs: string[] = [];

/** The venue server's key pair, as the download pins its public half (decision 023 of the server). */
const serverKeys = generateKeyPairSync('ed25519');
const serverPublicKey = serverKeys.publicKey.export({ type: 'spki', format: 'pem' }).toString();

/** A drawer ticket as the server signs it: base64url(JSON).base64url(Ed25519 signature). */
function drawerTicket(changes: Record<string, unknown> = {}, key: KeyObject = serverKeys.privateKey): string {
  const payload = {
    p: 'OPEN_CASH_DRAWER',
    venue: 'demo',
    jti: randomUUID(),
    user: 1,
    role: 'TPV',
    iat: Date.now(),
    exp: Date.now() + 120_000,
    ...changes,
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(null, Buffer.from(body), key).toString('base64url')}`;
}

async function helperWith(file: ConfigFile): Promise<PrintHelper> {
  // Printed jobs are kept in memory unless the test names a record file.
  const config = { ...resolveConfig({ port: 0, serverPublicKey, ...file }), stateFile: file.stateFile };
  const helper = await startPrintHelper(config, { log: () => undefined });
  started.push(helper);
  return helper;
}

async function printer(): Promise<LoopbackPrinter> {
  const loopback = await startPrinter();
  printers.push(loopback);
  return loopback;
}

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'print-helper-'));
  tempDirs.push(dir);
  return dir;
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((helper) => helper.close()));
  await Promise.all(printers.splice(0).map((loopback) => loopback.close()));
});
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const ticket = (jobId: string) => ({
  jobId,
  billId: 42,
  lines: [
    { text: 'Casa Pepe', bold: true, size: 'large', align: 'center' },
    { text: 'Factura simplificada T-000042' },
    { text: '2 x Croquetas de jamón', right: '12,00 €' },
    { text: 'TOTAL', right: '13,20 €', bold: true },
  ],
});

const containing = (haystack: Buffer, text: string, codepageBytes: readonly number[] = []) =>
  haystack.includes(Buffer.concat([Buffer.from(text, 'latin1'), Buffer.from(codepageBytes)]));

describe('the print helper over a real WebSocket', () => {
  let caja: LoopbackPrinter;
  let helper: PrintHelper;
  let client: Client;

  async function setUp() {
    caja = await printer();
    helper = await helperWith({ printers: { caja: { transport: `tcp://127.0.0.1:${caja.port}` } } });
    client = await connect(helper, 'http://localhost:3000');
  }

  it('answers GET_VERSION with its version and printers, echoing the request id', async () => {
    await setUp();
    const reply = await client.request({ id: 'v-1', action: 'GET_VERSION' });
    expect(reply).toEqual({
      id: 'v-1',
      action: 'GET_VERSION',
      status: 'success',
      version: VERSION,
      printers: ['caja'],
    });
    client.close();
  });

  it('prints a ticket on a TCP printer: the lines in PC858 and a cut at the end', async () => {
    await setUp();
    const reply = await client.request({ action: 'PRINT', job: ticket('bill-42-a') });
    expect(reply).toMatchObject({ action: 'PRINT', status: 'success', jobId: 'bill-42-a', duplicate: false });
    expect(caja.tickets).toHaveLength(1);
    const bytes = caja.tickets[0] ?? Buffer.alloc(0);
    expect(containing(bytes, 'Casa Pepe')).toBe(true);
    expect(containing(bytes, 'Factura simplificada T-000042')).toBe(true);
    // "jamón" with ó at 0xA2, and the euro at 0xD5.
    expect(containing(bytes, '2 x Croquetas de jam', [0xa2, 0x6e])).toBe(true);
    expect(containing(bytes, '12,00 ', [0xd5])).toBe(true);
    expect(bytes.subarray(-COMMANDS.cut.length).equals(COMMANDS.cut)).toBe(true);
    client.close();
  });

  it('prints a retried job id once, also when the retry arrives while the first is printing', async () => {
    await setUp();
    const first = await client.request({ action: 'PRINT', job: ticket('bill-42-b') });
    const retry = await client.request({ action: 'PRINT', job: ticket('bill-42-b') });
    expect(first).toMatchObject({ status: 'success', duplicate: false });
    expect(retry).toMatchObject({ status: 'success', jobId: 'bill-42-b', duplicate: true });
    expect(caja.tickets).toHaveLength(1);

    // Two sockets (a tablet that reconnected) sending the same new job at once.
    const other = await connect(helper, 'http://localhost:3000');
    const both = await Promise.all([
      client.request({ action: 'PRINT', job: ticket('bill-42-c') }),
      other.request({ action: 'PRINT', job: ticket('bill-42-c') }),
    ]);
    expect(both.map((reply) => reply.status)).toEqual(['success', 'success']);
    expect(both.filter((reply) => reply.duplicate)).toHaveLength(1);
    expect(caja.tickets).toHaveLength(2);
    other.close();
    client.close();
  });

  it('gives a job without an id an id of its own', async () => {
    await setUp();
    const { jobId: _omitted, ...withoutId } = ticket('unused');
    const reply = await client.request({ action: 'PRINT', job: withoutId });
    expect(reply.status).toBe('success');
    expect(reply.jobId).toMatch(/^[0-9a-f-]{36}$/);
    client.close();
  });

  it('opens the cash drawer with an ESC p pulse through the printer', async () => {
    await setUp();
    const reply = await client.request({
      action: 'OPEN_CASH_DRAWER',
      printer: 'caja',
      ticket: drawerTicket(),
    });
    expect(reply).toMatchObject({ action: 'OPEN_CASH_DRAWER', status: 'success' });
    expect(caja.tickets[0]?.includes(COMMANDS.drawerPulse)).toBe(true);
    expect(caja.tickets[0]?.includes(COMMANDS.cut)).toBe(false);
    client.close();
  });

  it('opens the drawer only on a ticket the pinned server key signed, unexpired and unused (SEC-11)', async () => {
    await setUp();
    const refusals = [
      ['no ticket', { action: 'OPEN_CASH_DRAWER' }, 'INVALID_REQUEST'],
      [
        'another key',
        { action: 'OPEN_CASH_DRAWER', ticket: drawerTicket({}, generateKeyPairSync('ed25519').privateKey) },
        'DRAWER_NOT_ALLOWED',
      ],
      [
        'expired',
        { action: 'OPEN_CASH_DRAWER', ticket: drawerTicket({ exp: Date.now() - 1 }) },
        'DRAWER_NOT_ALLOWED',
      ],
      [
        'another purpose',
        { action: 'OPEN_CASH_DRAWER', ticket: drawerTicket({ p: 'PRINT' }) },
        'DRAWER_NOT_ALLOWED',
      ],
      ['garbage', { action: 'OPEN_CASH_DRAWER', ticket: 'not.a-ticket' }, 'DRAWER_NOT_ALLOWED'],
    ] as const;
    for (const [, request, code] of refusals)
      expect(await client.request({ ...request })).toMatchObject({ status: 'error', code });
    // A ticket whose payload was changed after signing (a longer expiry) fails its signature.
    const [body, signature] = drawerTicket().split('.');
    const payload = JSON.parse(Buffer.from(body!, 'base64url').toString()) as { exp: number };
    const forged = `${Buffer.from(JSON.stringify({ ...payload, exp: payload.exp + 3_600_000 })).toString('base64url')}.${signature}`;
    expect(await client.request({ action: 'OPEN_CASH_DRAWER', ticket: forged })).toMatchObject({
      code: 'DRAWER_NOT_ALLOWED',
    });
    const good = drawerTicket();
    expect(await client.request({ action: 'OPEN_CASH_DRAWER', ticket: good })).toMatchObject({
      status: 'success',
    });
    // Once: the same ticket replayed does not open the drawer again.
    expect(await client.request({ action: 'OPEN_CASH_DRAWER', ticket: good })).toMatchObject({
      status: 'error',
      code: 'DRAWER_NOT_ALLOWED',
    });
    // A cash bill's job opens the drawer with its ticket, and is refused whole without one.
    expect(
      await client.request({ action: 'PRINT', job: { ...ticket('cash-1'), openCashDrawer: true } }),
    ).toMatchObject({ status: 'error', code: 'INVALID_REQUEST' });
    const cash = await client.request({
      action: 'PRINT',
      job: { ...ticket('cash-2'), openCashDrawer: true, drawerTicket: drawerTicket() },
    });
    expect(cash).toMatchObject({ status: 'success' });
    await expect.poll(() => caja.tickets.length).toBe(2);
    expect(caja.tickets.filter((bytes) => bytes.includes(COMMANDS.drawerPulse))).toHaveLength(2);
    client.close();
  });

  it('never opens the drawer when no server key is pinned', async () => {
    caja = await printer();
    helper = await helperWith({
      serverPublicKey: undefined,
      printers: { caja: { transport: `tcp://127.0.0.1:${caja.port}` } },
    });
    client = await connect(helper);
    expect(await client.request({ action: 'OPEN_CASH_DRAWER', ticket: drawerTicket() })).toMatchObject({
      status: 'error',
      code: 'DRAWER_NOT_ALLOWED',
    });
    expect(caja.tickets).toHaveLength(0);
    client.close();
  });

  it('prints a batch in order, and reports which job failed', async () => {
    await setUp();
    const reply = await client.request({
      action: 'PRINT_BATCH',
      jobs: [ticket('batch-1'), { ...ticket('batch-2'), printer: 'cocina' }, ticket('batch-3')],
    });
    expect(reply.status).toBe('error');
    expect(reply.code).toBe('UNKNOWN_PRINTER');
    expect(reply.results?.map((result) => [result.jobId, result.status])).toEqual([
      ['batch-1', 'success'],
      ['batch-2', 'error'],
      ['batch-3', 'success'],
    ]);
    expect(caja.tickets).toHaveLength(2);
    client.close();
  });

  it('refuses malformed requests with status error and the request id', async () => {
    await setUp();
    const unknown = await client.request({ id: 'x-1', action: 'FORMAT_DISK' });
    expect(unknown).toMatchObject({ id: 'x-1', status: 'error', code: 'INVALID_REQUEST' });
    const empty = await client.request({ id: 'x-2', action: 'PRINT', job: { jobId: 'j' } });
    expect(empty).toMatchObject({ id: 'x-2', status: 'error', code: 'INVALID_REQUEST' });
    expect(caja.tickets).toHaveLength(0);
    client.close();
  });
});

describe('printer failures', () => {
  it('reports a printer that refuses the connection as status error, and prints the same job once it is back', async () => {
    const port = await closedPort();
    const helper = await helperWith({ printers: { caja: { transport: `tcp://127.0.0.1:${port}` } } });
    const client = await connect(helper);
    const refused = await client.request({ action: 'PRINT', job: ticket('bill-7-a') });
    expect(refused).toMatchObject({ status: 'error', code: 'PRINTER_UNREACHABLE', jobId: 'bill-7-a' });
    expect(refused.message).toContain(`127.0.0.1:${port}`);

    const drawer = await client.request({ action: 'OPEN_CASH_DRAWER', ticket: drawerTicket() });
    expect(drawer).toMatchObject({ status: 'error', code: 'PRINTER_UNREACHABLE' });

    // A failed job was not printed, so its retry prints.
    const back = await startPrinter(port);
    printers.push(back);
    const retried = await client.request({ action: 'PRINT', job: ticket('bill-7-a') });
    expect(retried).toMatchObject({ status: 'success', duplicate: false });
    expect(back.tickets).toHaveLength(1);
    client.close();
  });

  it('reports a device file that does not exist', async () => {
    const helper = await helperWith({
      printers: { usb: { transport: `device:${path.join(tempDir(), 'lp0', 'missing')}` } },
    });
    const client = await connect(helper);
    const reply = await client.request({ action: 'PRINT', job: ticket('bill-8') });
    expect(reply).toMatchObject({ status: 'error', code: 'PRINTER_UNREACHABLE' });
    client.close();
  });
});

describe('the job record and the file sink', () => {
  it('remembers printed jobs across a restart and appends tickets to a file sink', async () => {
    const dir = tempDir();
    const sink = path.join(dir, 'tickets.bin');
    const file: ConfigFile = {
      stateFile: path.join(dir, 'printed.json'),
      printers: { sink: { transport: `file:${sink}` } },
    };
    const first = await startPrintHelper(resolveConfig({ port: 0, ...file }), { log: () => undefined });
    const client = await connect(first);
    expect(await client.request({ action: 'PRINT', job: ticket('bill-9') })).toMatchObject({
      status: 'success',
    });
    expect(await client.request({ action: 'PRINT', job: ticket('bill-10') })).toMatchObject({
      status: 'success',
    });
    client.close();
    await first.close();

    const second = await helperWith(file);
    const again = await connect(second);
    expect(await again.request({ action: 'PRINT', job: ticket('bill-9') })).toMatchObject({
      duplicate: true,
    });
    again.close();
    const bytes = fs.readFileSync(sink);
    expect(bytes.toString('latin1').match(/Factura simplificada/g)).toHaveLength(2);
  });
});

describe('who may connect', () => {
  it('accepts the venue pages and refuses other sites', async () => {
    const helper = await helperWith({
      baseDomain: 'sobremesa.app',
      allowedOrigins: ['https://pos.casapepe.es'],
      printers: {},
    });
    for (const origin of [
      'https://casa.sobremesa.app',
      'https://pos.casapepe.es',
      'http://casa.localhost:5173',
    ]) {
      const client = await connect(helper, origin);
      expect((await client.request({ action: 'GET_VERSION' })).status).toBe('success');
      client.close();
    }
    for (const origin of [
      'https://evil.example',
      'http://casa.sobremesa.app',
      'https://sobremesa.app.evil.example',
    ]) {
      await expect(connect(helper, origin)).rejects.toThrow('HTTP 403');
    }
  });

  it('listens on loopback only', async () => {
    const helper = await helperWith({ printers: {} });
    const opened = (host: string) =>
      new Promise((resolve, reject) => {
        const socket = new WebSocket(`ws://${host}:${helper.port}`);
        socket.once('open', () => resolve(socket.close()));
        socket.once('error', reject);
      });
    await expect(opened('127.0.0.1')).resolves.toBeUndefined();
    // Bound to 127.0.0.1 itself, not to every address: another address of this machine (here another loopback
    // one, so no traffic leaves it) is refused, as the venue's network address would be.
    await expect(opened('127.0.0.2')).rejects.toThrow();
  });
});
