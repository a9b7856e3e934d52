import { request } from 'node:https';
import { rootCertificates } from 'node:tls';

/**
 * One POST to the agency's SOAP endpoint over mutual TLS (decision 056): the venue's PKCS#12 certificate is
 * presented as the client certificate, the agency's server certificate is checked against the usual roots
 * (plus, when configured, the local simulator's CA). Resolves with the reply body whatever its status (a
 * SOAP Fault comes as 500); rejects on a network failure or timeout, when the outcome is unknown.
 */
export function postToAgency(options: {
  url: string;
  pfx: Buffer;
  passphrase: string;
  body: string;
  timeoutMs: number;
  extraCa?: string;
}): Promise<{ status: number; body: string }> {
  const url = new URL(options.url);
  if (url.protocol !== 'https:') return Promise.reject(new Error('the agency is only reached over HTTPS'));
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        pfx: options.pfx,
        passphrase: options.passphrase,
        ca: options.extraCa ? [...rootCertificates, options.extraCa] : undefined,
        headers: {
          'content-type': 'text/xml; charset=utf-8',
          soapaction: '""',
          'content-length': Buffer.byteLength(options.body),
        },
        timeout: options.timeoutMs,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no reply from the agency in ${options.timeoutMs} ms`)));
    req.on('error', reject);
    req.end(options.body);
  });
}
