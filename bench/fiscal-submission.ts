/**
 * VERI*FACTU submission figures (decision 056): one full message of 1,000 chained records (the agency's limit)
 * built, wrapped in SOAP, sent over mutual TLS to the local agency simulator (which validates it against
 * SuministroLR.xsd with xmllint, recomputes every Huella and checks every link) and its reply parsed. The
 * records are made in memory (no database), so the figures are the message's own cost and the simulator's.
 * Prints the message size and the median and worst of 5 rounds.
 *
 *   npm run bench:fiscal
 */
import { performance } from 'node:perf_hooks';
import type { FiscalRecordRow } from '../apps/server/src/modules/fiscal/fiscal.repository.ts';
import { submissionMessage } from '../apps/server/src/modules/fiscal/fiscal-xml.ts';
import { huellaOf } from '../apps/server/src/modules/fiscal/huella.ts';
import { AgencySimulator } from '../apps/server/src/modules/fiscal/agency-simulator/agency-simulator.ts';
import { makeSimulatorCertificates } from '../apps/server/src/modules/fiscal/agency-simulator/simulator-certificates.ts';
import { postToAgency } from '../apps/server/src/modules/fiscal/submission/agency-client.ts';
import { parseAgencyReply, soapEnvelope } from '../apps/server/src/modules/fiscal/submission/agency-soap.ts';

const NIF = 'B87654323';
const RECORDS = 1000;
const ROUNDS = 5;

/** A chain of `count` F2 records of one round, each hashed like the recorder does. */
function chain(round: number, count: number): FiscalRecordRow[] {
  const rows: FiscalRecordRow[] = [];
  for (let seq = 1; seq <= count; seq += 1) {
    const previous = rows.at(-1);
    const second = seq % 60;
    const time = `2026-11-20T${String(10 + Math.floor(seq / 3600)).padStart(2, '0')}:${String(Math.floor(seq / 60) % 60).padStart(2, '0')}:${String(second).padStart(2, '0')}+01:00`;
    const numSerie = `R${round}-${String(seq).padStart(6, '0')}`;
    const { input, huella } = huellaOf({
      type: 'alta',
      IDEmisorFactura: NIF,
      NumSerieFactura: numSerie,
      FechaExpedicionFactura: '20-11-2026',
      TipoFactura: 'F2',
      CuotaTotal: '2.14',
      ImporteTotal: '23.50',
      Huella: previous?.huella ?? '',
      FechaHoraHusoGenRegistro: time,
    });
    rows.push({
      id: seq,
      venueId: 1,
      issuerNif: NIF,
      installationNumber: String(round),
      seq,
      kind: 'alta',
      billId: seq,
      invoiceType: 'F2',
      numSerie,
      fechaExpedicion: '20-11-2026',
      cuotaTotal: '2.14',
      importeTotal: '23.50',
      relatedNumSerie: null,
      relatedFechaExpedicion: null,
      huellaAnterior: previous?.huella ?? '',
      fechaHoraHuso: time,
      generatedAt: new Date(time),
      hashInput: input,
      huella,
      qrUrl: null,
      issuerName: 'Casa Pepe S.L.',
      breakdown: [
        { TipoImpositivo: '10.00', BaseImponibleOimporteNoSujeto: '21.36', CuotaRepercutida: '2.14' },
      ],
      recipient: null,
      correctsRecordId: null,
      subsanacion: null,
      rechazoPrevio: null,
      cancellationReason: null,
      createdAt: new Date(time),
    });
  }
  return rows;
}

const certificates = makeSimulatorCertificates({ nif: NIF });
const simulator = await AgencySimulator.start({
  serverKeyPem: certificates.serverKeyPem,
  serverCertPem: certificates.serverCertPem,
  clientCaPem: certificates.caPem,
  waitSeconds: 0,
});
const build: number[] = [];
const roundTrip: number[] = [];
let bytes = 0;
try {
  for (let round = 1; round <= ROUNDS; round += 1) {
    const rows = chain(round, RECORDS);
    const started = performance.now();
    const body = soapEnvelope(
      submissionMessage(
        { name: 'Casa Pepe S.L.', nif: NIF },
        rows.map((record, index) => ({ record, previous: rows[index - 1] ?? null })),
        { producerName: 'Casa Pepe S.L.', producerNif: NIF, installationNumber: String(round) },
      ),
    );
    const built = performance.now();
    const response = await postToAgency({
      url: simulator.url,
      pfx: certificates.clientPkcs12,
      passphrase: certificates.passphrase,
      body,
      timeoutMs: 120_000,
      extraCa: certificates.caPem,
    });
    const reply = parseAgencyReply(response.body);
    const done = performance.now();
    const accepted = reply.lines.filter((line) => line.EstadoRegistro === 'Correcto').length;
    if (accepted !== RECORDS) throw new Error(`round ${round}: ${accepted} of ${RECORDS} accepted`);
    bytes = Buffer.byteLength(body);
    build.push(built - started);
    roundTrip.push(done - started);
  }
} finally {
  await simulator.close();
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(`message of ${RECORDS} records: ${(bytes / 1024).toFixed(0)} KiB`);
console.log(
  `build (XML + SOAP): median ${median(build).toFixed(1)} ms, worst ${Math.max(...build).toFixed(1)} ms`,
);
console.log(
  `build + mTLS send + simulator (XSD, Huellas, links) + reply parsed: median ${median(roundTrip).toFixed(0)} ms, worst ${Math.max(...roundTrip).toFixed(0)} ms`,
);
