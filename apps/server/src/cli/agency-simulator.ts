import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AgencySimulator } from '../modules/fiscal/agency-simulator/agency-simulator.ts';
import { makeSimulatorCertificates } from '../modules/fiscal/agency-simulator/simulator-certificates.ts';

/**
 * The local agency simulator for the demo (decision 056): `npm run fiscal:simulator -- [folder]`. Makes
 * throwaway certificates in the folder (default `./data/agency-simulator`): the CA to give the server as
 * AEAT_EXTRA_CA_FILE and a venue certificate `venue.p12` to upload, and serves on 127.0.0.1 (port
 * AGENCY_SIMULATOR_PORT, default 8443) until stopped. Point AEAT_TEST_URL at the URL it prints.
 */
const folder = path.resolve(process.argv[2] ?? './data/agency-simulator');
mkdirSync(folder, { recursive: true });
const nif = process.env.AGENCY_SIMULATOR_NIF ?? 'B87654323';
const certificates = makeSimulatorCertificates({ nif });
writeFileSync(path.join(folder, 'ca.pem'), certificates.caPem);
writeFileSync(path.join(folder, 'venue.p12'), certificates.clientPkcs12, { mode: 0o600 });
const simulator = await AgencySimulator.start({
  serverKeyPem: certificates.serverKeyPem,
  serverCertPem: certificates.serverCertPem,
  clientCaPem: certificates.caPem,
  port: Number(process.env.AGENCY_SIMULATOR_PORT ?? 8443),
  waitSeconds: Number(process.env.AGENCY_SIMULATOR_WAIT ?? 60),
});
console.log(`Agency simulator on ${simulator.url}`);
console.log(`  CA for the server:  AEAT_EXTRA_CA_FILE=${path.join(folder, 'ca.pem')}`);
console.log(
  `  venue certificate:  ${path.join(folder, 'venue.p12')} (NIF ${nif}, passphrase ${certificates.passphrase})`,
);
const stop = () => void simulator.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
