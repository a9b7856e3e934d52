import type { BillView, FiscalCertificateStatus, FiscalRecordView } from '@sobremesa/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../context.ts';
import { auditLog, fiscalBatches, fiscalCertificates, fiscalRecords } from '../../../db/schema/index.ts';
import { buildTestApp, call, type TestApp } from '../../../test/test-app.ts';
import {
  givenOrderingVenues,
  givenSeatedTable,
  post,
  releaseDemoTables,
  type OrderingVenues,
} from '../../menus/ordering.fixtures.ts';
import { AgencySimulator } from '../agency-simulator/agency-simulator.ts';
import {
  makeSimulatorCertificates,
  type SimulatorCertificates,
} from '../agency-simulator/simulator-certificates.ts';
import { recordAt } from '../fiscal.repository.ts';
import { recordDocument } from '../fiscal-xml.ts';
import { xsdErrorsOf } from '../xsd-check.ts';
import { certificateStatus } from './fiscal-certificate.ts';
import { submitIssuer, type IssuerOutcome, type SubmitterOptions } from './fiscal-submitter.ts';

const NIF = 'B87654323';
/** A recipient the simulator's census does not know: its F1 is rejected (1104). */
const UNKNOWN_NIF = 'B15000009';
const CERTIFICATE = '/world/api/fiscal/certificate';
const RECORDS = '/world/api/fiscal/records';

let t: TestApp;
let v: OrderingVenues;
let certificates: SimulatorCertificates;
let simulator: AgencySimulator;
let submitter: SubmitterOptions;

beforeAll(async () => {
  certificates = makeSimulatorCertificates({ nif: NIF });
  simulator = await AgencySimulator.start({
    serverKeyPem: certificates.serverKeyPem,
    serverCertPem: certificates.serverCertPem,
    clientCaPem: certificates.caPem,
    // The agency's TiempoEsperaEnvio, shortened through the reply itself.
    waitSeconds: 1,
    unknownNifs: [UNKNOWN_NIF],
  });
  t = await buildTestApp({
    agencyUrls: { production: simulator.url, test: simulator.url },
    agencyCa: certificates.caPem,
  });
  v = await givenOrderingVenues(t);
  // The queue runs on the real clock: the records keep the test clock's times.
  submitter = { db: t.ctx.db, clock: systemClock, settings: t.ctx.settings.fiscal! };
}, 180_000);
afterAll(async () => {
  await t?.close();
  await simulator?.close();
});
afterEach(() => releaseDemoTables(t, v));

function upload(token: string, pkcs12: Buffer | string, passphrase: string, language?: string) {
  return call(t, 'demo', {
    method: 'PUT',
    url: CERTIFICATE,
    token,
    payload: { pkcs12: Buffer.isBuffer(pkcs12) ? pkcs12.toString('base64') : pkcs12, passphrase },
    headers: language ? { 'accept-language': language } : {},
  });
}

async function paidTicket(clientData?: Record<string, string>): Promise<BillView> {
  const table = await givenSeatedTable(t, v);
  const ordered = await post(
    t,
    'demo',
    '/world/api/cartsession/createcartsessionorder',
    {
      orderInfo: { reservationId: table.reservationId, source: 1 },
      products: [{ sku: 'ENT-02', options: [], orderQuantity: 2 }],
    },
    { token: v.tokens.sala },
  );
  expect(ordered.statusCode, ordered.body).toBe(201);
  const paid = await post(
    t,
    'demo',
    '/world/api/reservation/paid-reservation',
    { reservationId: table.reservationId, paymentMethod: 'card', ...(clientData ? { clientData } : {}) },
    { token: v.tokens.tpv },
  );
  expect(paid.statusCode, paid.body).toBe(200);
  return (paid.json() as { bill: BillView }).bill;
}

async function listed(): Promise<FiscalRecordView[]> {
  const response = await call(t, 'demo', {
    method: 'GET',
    url: `${RECORDS}?from=2026-11-01&to=2026-11-30`,
    token: v.tokens.tpv,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { records: FiscalRecordView[] }).records;
}

/** The queue with its clock stopped at the instant the agency's last reply was stored. */
async function atLastReply(): Promise<SubmitterOptions> {
  const answered = await t.ctx.db.select().from(fiscalBatches).where(eq(fiscalBatches.state, 'answered'));
  const at = Math.max(...answered.map((batch) => batch.answeredAt?.getTime() ?? 0));
  return { ...submitter, clock: { now: () => new Date(at) } };
}

/** Runs the demo issuer's turn until it is not waiting for the agency's TiempoEsperaEnvio. */
async function untilSent(options: SubmitterOptions = submitter): Promise<IssuerOutcome> {
  for (;;) {
    const outcome = await submitIssuer(options, v.demo.id, NIF);
    if (outcome.kind !== 'waiting') return outcome;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the venue certificate', () => {
  it('shows none before one is uploaded, and only the owner may read or upload it', async () => {
    const none = await call(t, 'demo', { method: 'GET', url: CERTIFICATE, token: v.tokens.admin });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toEqual({ result: 0, certificate: { present: false } });
    const read = await call(t, 'demo', { method: 'GET', url: CERTIFICATE, token: v.tokens.tpv });
    expect(read.statusCode).toBe(403);
    const uploaded = await upload(v.tokens.tpv, certificates.clientPkcs12, certificates.passphrase);
    expect(uploaded.statusCode).toBe(403);
    expect(await t.ctx.db.select().from(fiscalCertificates)).toEqual([]);
  });

  it('refuses a wrong passphrase with a 400 in Spanish (and in the user language), and a file that is not PKCS#12', async () => {
    const wrong = await upload(v.tokens.admin, certificates.clientPkcs12, 'no-es-esta');
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: 'La contraseña no abre el certificado. Comprueba la contraseña del archivo .p12 o .pfx.',
    });
    const english = await upload(v.tokens.admin, certificates.clientPkcs12, 'no-es-esta', 'en');
    expect(english.json()).toMatchObject({
      message: 'The passphrase does not open the certificate. Check the password of the .p12 or .pfx file.',
    });
    const garbage = await upload(v.tokens.admin, Buffer.from('no soy un certificado'), 'x');
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toMatchObject({
      message: 'El archivo no es un certificado PKCS#12 (.p12 o .pfx) que se pueda leer.',
    });
    const notBase64 = await upload(v.tokens.admin, '%%%', 'x');
    expect(notBase64.statusCode).toBe(400);
    expect(await t.ctx.db.select().from(fiscalCertificates)).toEqual([]);
  });

  it('stores the certificate sealed and shows its NIF and expiry, never the key or the passphrase', async () => {
    const uploaded = await upload(v.tokens.admin, certificates.clientPkcs12, certificates.passphrase);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const status = (uploaded.json() as { certificate: FiscalCertificateStatus }).certificate;
    expect(status).toMatchObject({ present: true, subjectNif: NIF, expired: false });
    if (!status.present) throw new Error('no certificate');
    const days = (Date.parse(status.notAfter) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(363);
    expect(days).toBeLessThan(366);
    expect(uploaded.body).not.toContain(certificates.passphrase);
    const read = await call(t, 'demo', { method: 'GET', url: CERTIFICATE, token: v.tokens.admin });
    expect((read.json() as { certificate: FiscalCertificateStatus }).certificate).toEqual(status);
    const [row] = await t.ctx.db.select().from(fiscalCertificates);
    expect(row!.sealedPassphrase).not.toContain(certificates.passphrase);
    expect(Buffer.from(row!.sealedPassphrase, 'base64').toString('latin1')).not.toContain(
      certificates.passphrase,
    );
    expect(row!.sealedPkcs12).not.toBe(certificates.clientPkcs12.toString('base64'));
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'fiscal.certificate.upload'));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits[0])).not.toContain(certificates.passphrase);
    expect(audits[0]!.after).toMatchObject({ subjectNif: NIF });
  });

  it('flags a certificate in its last 30 days, and one that has expired', async () => {
    const kept = t.clock.now();
    // The status as the screen reads it, on the hand-moved clock (a session would not live a year).
    const statusAt = async (at: Date) => {
      t.clock.set(at);
      const status = await certificateStatus(t.ctx, v.demo.id);
      if (!status.present) throw new Error('no certificate');
      return status;
    };
    try {
      const { notAfter } = await statusAt(new Date());
      const expiry = Date.parse(notAfter);
      const day = 86_400_000;
      expect(await statusAt(new Date(expiry - 31 * day))).toMatchObject({
        expiresSoon: false,
        expired: false,
      });
      expect(await statusAt(new Date(expiry - 29 * day))).toMatchObject({
        expiresSoon: true,
        expired: false,
      });
      expect(await statusAt(new Date(expiry + day))).toMatchObject({ expiresSoon: false, expired: true });
    } finally {
      t.clock.set(kept);
    }
  });
});

describe('sending the records to the agency', () => {
  it('sends in chain order, stores each verdict, corrects a rejected record with a new one and waits as told', async () => {
    const first = await paidTicket();
    const rejectedBill = await paidTicket({
      name: 'Eventos Norte S.L.',
      taxId: UNKNOWN_NIF,
      address: 'Rúa Nova 3',
      city: 'Vigo',
    });
    const third = await paidTicket();
    expect((await listed()).map((record) => record.submission)).toEqual(['pending', 'pending', 'pending']);

    const sent = await untilSent();
    expect(sent).toMatchObject({
      kind: 'answered',
      reply: { EstadoEnvio: 'ParcialmenteCorrecto', TiempoEsperaEnvio: 1 },
    });
    const after = await listed();
    expect(after.map((record) => [record.billId, record.submission, record.submissionCode])).toEqual([
      [first.id, 'accepted', null],
      [rejectedBill.id, 'rejected', '1104'],
      [third.id, 'accepted', null],
    ]);
    const rejected = after[1]!;
    expect(rejected.submissionDescription).toContain(UNKNOWN_NIF);

    // Only the owner corrects, only a rejected record, and with a valid NIF.
    const path = `${RECORDS}/${rejected.id}/correction`;
    const byTpv = await call(t, 'demo', { method: 'POST', url: path, token: v.tokens.tpv, payload: {} });
    expect(byTpv.statusCode).toBe(403);
    const accepted = await call(t, 'demo', {
      method: 'POST',
      url: `${RECORDS}/${after[0]!.id}/correction`,
      token: v.tokens.admin,
      payload: {},
    });
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json()).toMatchObject({
      message: 'Solo se puede subsanar un registro que la Agencia Tributaria ha rechazado.',
    });
    const badNif = await call(t, 'demo', {
      method: 'POST',
      url: path,
      token: v.tokens.admin,
      payload: { recipient: { name: 'Eventos Norte S.L.', nif: 'B1500000X' } },
    });
    expect(badNif.statusCode).toBe(400);

    const corrected = await call(t, 'demo', {
      method: 'POST',
      url: path,
      token: v.tokens.admin,
      payload: { recipient: { name: 'Eventos Norte S.L.', nif: '12345678Z' } },
    });
    expect(corrected.statusCode, corrected.body).toBe(201);
    const correction = (corrected.json() as { record: FiscalRecordView }).record;
    expect(correction).toMatchObject({
      type: 'alta',
      billId: rejectedBill.id,
      correctsRecordId: rejected.id,
      seq: after[2]!.seq + 1,
      HuellaAnterior: after[2]!.Huella,
      submission: 'pending',
    });
    expect(correction.Huella).not.toBe(rejected.Huella);
    const twice = await call(t, 'demo', { method: 'POST', url: path, token: v.tokens.admin, payload: {} });
    expect(twice.statusCode).toBe(409);

    // The rejected record is untouched; its correction says Subsanacion S and RechazoPrevio S, per the XSD.
    const [stored] = await t.ctx.db.select().from(fiscalRecords).where(eq(fiscalRecords.id, rejected.id));
    expect(stored!.recipient).toEqual({ name: 'Eventos Norte S.L.', nif: UNKNOWN_NIF });
    const row = (await recordAt(t.ctx.db, v.demo.id, NIF, '1', correction.seq))!;
    const previous = (await recordAt(t.ctx.db, v.demo.id, NIF, '1', correction.seq - 1))!;
    const document = recordDocument(row, previous, {
      producerName: row.issuerName,
      producerNif: NIF,
      installationNumber: '1',
    });
    expect(document).toContain('<sf:Subsanacion>S</sf:Subsanacion><sf:RechazoPrevio>S</sf:RechazoPrevio>');
    expect(await xsdErrorsOf(document, 'SuministroInformacion.xsd')).toBe('');

    // Flow control: the agency asked for 1 s between messages, so the correction waits for it. Asked at the
    // instant the reply was stored (however slow the machine, that is inside the wait), the queue waits.
    expect(await submitIssuer(await atLastReply(), v.demo.id, NIF)).toEqual({ kind: 'waiting' });
    const resent = await untilSent();
    expect(resent).toMatchObject({ kind: 'answered', reply: { EstadoEnvio: 'Correcto' } });
    const final = await listed();
    expect(final.map((record) => [record.id, record.submission])).toEqual([
      [after[0]!.id, 'accepted'],
      [rejected.id, 'rejected'],
      [after[2]!.id, 'accepted'],
      [correction.id, 'accepted'],
    ]);
    expect(simulator.earlySends).toBe(0);
    expect([...simulator.stored.values()].map((record) => record.acceptances)).toEqual([1, 1, 1]);
    expect(await submitIssuer(submitter, v.demo.id, NIF)).toEqual({ kind: 'idle' });
  });

  it('sends a batch again after a lost reply, and the agency duplicate counts as accepted once', async () => {
    const bill = await paidTicket();
    await untilSent({ ...submitter, retryDelay: () => 60_000 }).then(() => undefined);
    // The bill went out in that batch; now one whose reply never comes back.
    const lost = await paidTicket();
    const hold = simulator.holdNextReply();
    const impatient = {
      ...submitter,
      settings: { ...submitter.settings, sendTimeoutMs: 1_000 },
      retryDelay: () => 0,
    };
    const attempt = untilSent(impatient);
    await hold.arrived;
    const failed = await attempt;
    expect(failed).toMatchObject({ kind: 'failed' });
    hold.release();
    const [open] = await t.ctx.db.select().from(fiscalBatches).where(eq(fiscalBatches.state, 'in_flight'));
    expect(open).toMatchObject({ recordCount: 1, attempts: 1 });
    expect((await listed()).find((record) => record.billId === lost.id)?.submission).toBe('sent');

    const again = await untilSent(impatient);
    expect(again).toMatchObject({ kind: 'answered', batchId: open!.id });
    const record = (await listed()).find((entry) => entry.billId === lost.id)!;
    expect(record).toMatchObject({ submission: 'accepted', submissionCode: '3000' });
    expect((await listed()).find((entry) => entry.billId === bill.id)?.submission).toBe('accepted');
    const key = `${NIF}|${record.type === 'alta' ? record.NumSerieFactura : ''}|${record.type === 'alta' ? record.FechaExpedicionFactura : ''}|Alta`;
    expect(simulator.stored.get(key)?.acceptances).toBe(1);
  });

  it('sends to the agency service the owner chose in the settings (production or test)', async () => {
    const saveEnvironment = async (environment: 'production' | 'test') => {
      const saved = await call(t, 'demo', {
        method: 'POST',
        url: '/world/api/admin/fiscal/settings',
        token: v.tokens.admin,
        payload: { enabled: true, installationNumber: '1', environment },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    };
    // Production is out of reach: only a send to the test service can be answered.
    const testOnly = {
      ...submitter,
      settings: {
        ...submitter.settings,
        agencyUrls: { production: 'https://127.0.0.1:9/verifactu', test: simulator.url },
      },
    };
    await untilSent();
    await saveEnvironment('test');
    try {
      const bill = await paidTicket();
      const record = (await listed()).find((entry) => entry.billId === bill.id)!;
      expect(record.qrUrl).toMatch(/^https:\/\/prewww2\.aeat\.es\//);
      expect(await untilSent(testOnly)).toMatchObject({
        kind: 'answered',
        reply: { EstadoEnvio: 'Correcto' },
      });
      expect((await listed()).find((entry) => entry.billId === bill.id)?.submission).toBe('accepted');
    } finally {
      await saveEnvironment('production');
    }
  });
});
