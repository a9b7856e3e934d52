import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AgencySimulator } from '../modules/fiscal/agency-simulator/agency-simulator.ts';
import { makeSimulatorCertificates } from '../modules/fiscal/agency-simulator/simulator-certificates.ts';

/**
 * The local agency simulator for the demo (decision 056):
 * `npm run fiscal:simulator -- [--folder ./data/agency-simulator] [--port 8443] [--wait 60] [--nif B87654323]`.
 * Makes throwaway certificates in the folder: the CA to give the server as AEAT_EXTRA_CA_FILE and a venue
 * certificate `venue.p12` to upload, and serves on 127.0.0.1 until stopped. Point AEAT_PRODUCTION_URL (or
 * AEAT_TEST_URL) at the URL it prints. `--wait` is the TiempoEsperaEnvio of its replies, in seconds.
 */
const { values } = parseArgs({
  options: {
    folder: { type: 'string', default: './data/agency-simulator' },
    port: { type: 'string', default: '8443' },
    wait: { type: 'string', default: '60' },
    nif: { type: 'string', default: 'B87654323' },
  },
});
const folder = path.resolve(values.folder);
mkdirSync(folder, { recursive: true });
const nif = values.nif;
const certificates = makeSimulatorCertificates({ nif });
writeFileSync(path.join(folder, 'ca.pem'), certificates.caPem);
writeFileSync(path.join(folder, 'venue.p12'), certificates.clientPkcs12, { mode: 0o600 });
const simulator = await AgencySimulator.start({
  serverKeyPem: certificates.serverKeyPem,
  serverCertPem: certificates.serverCertPem,
  clientCaPem: certificates.caPem,
  port: Number(values.port),
  waitSeconds: Number(values.wait),
});
console.log(`Agency simulator on ${simulator.url}`);
console.log(`  CA for the server:  AEAT_EXTRA_CA_FILE=${path.join(folder, 'ca.pem')}`);
console.log(
  `  venue certificate:  ${path.join(folder, 'venue.p12')} (NIF ${nif}, passphrase ${certificates.passphrase})`,
);
const stop = () => void simulator.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
