import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Throwaway certificates for the agency simulator, its tests and the demo (decision 056), made with the
 * openssl command line on the spot: a CA, the simulator's server certificate for 127.0.0.1 and localhost,
 * and a venue's client certificate as a PKCS#12 file with the subject a Spanish qualified certificate has
 * (organizationIdentifier VATES-<NIF>). No private key is ever committed.
 */
export interface SimulatorCertificates {
  readonly caPem: string;
  readonly serverKeyPem: string;
  readonly serverCertPem: string;
  /** The venue's certificate and key, PKCS#12, sealed with `passphrase`. */
  readonly clientPkcs12: Buffer;
  readonly passphrase: string;
  readonly clientNif: string;
}

function openssl(folder: string, args: string[]): void {
  execFileSync('openssl', args, { cwd: folder, stdio: 'pipe' });
}

export function makeSimulatorCertificates(
  options: { nif?: string; passphrase?: string; clientDays?: number; name?: string } = {},
): SimulatorCertificates {
  const nif = options.nif ?? 'B87654323';
  const passphrase = options.passphrase ?? 'prueba-verifactu';
  const folder = mkdtempSync(path.join(tmpdir(), 'agency-certs-'));
  try {
    const curve = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
    openssl(folder, [
      'req',
      '-x509',
      ...curve,
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '30',
      '-subj',
      '/C=ES/O=Simulador AEAT/CN=Simulador AEAT CA',
    ]);
    writeFileSync(
      path.join(folder, 'server.ext'),
      'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n',
    );
    openssl(folder, [
      'req',
      ...curve,
      '-keyout',
      'server.key',
      '-out',
      'server.csr',
      '-subj',
      '/CN=localhost',
    ]);
    openssl(folder, [
      'x509',
      '-req',
      '-in',
      'server.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'server.pem',
      '-days',
      '30',
      '-extfile',
      'server.ext',
    ]);
    writeFileSync(path.join(folder, 'client.ext'), 'extendedKeyUsage=clientAuth\n');
    const name = options.name ?? 'CASA PRUEBA SL';
    openssl(folder, [
      'req',
      ...curve,
      '-keyout',
      'client.key',
      '-out',
      'client.csr',
      '-subj',
      `/C=ES/O=${name}/2.5.4.97=VATES-${nif}/CN=${name} - SELLO`,
    ]);
    openssl(folder, [
      'x509',
      '-req',
      '-in',
      'client.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'client.pem',
      '-days',
      String(options.clientDays ?? 365),
      '-extfile',
      'client.ext',
    ]);
    openssl(folder, [
      'pkcs12',
      '-export',
      '-inkey',
      'client.key',
      '-in',
      'client.pem',
      '-certfile',
      'ca.pem',
      '-out',
      'client.p12',
      '-passout',
      `pass:${passphrase}`,
    ]);
    return {
      caPem: readFileSync(path.join(folder, 'ca.pem'), 'utf8'),
      serverKeyPem: readFileSync(path.join(folder, 'server.key'), 'utf8'),
      serverCertPem: readFileSync(path.join(folder, 'server.pem'), 'utf8'),
      clientPkcs12: readFileSync(path.join(folder, 'client.p12')),
      passphrase,
      clientNif: nif,
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
