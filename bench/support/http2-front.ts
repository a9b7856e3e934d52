import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';

/**
 * A TLS-terminating HTTP/2 front for the server, as a deployment puts one before it (README: `TRUST_PROXY`):
 * browsers speak HTTP/2 only over TLS, and a phone's many small first-visit requests then share one connection
 * instead of queueing for HTTP/1.1's six. It forwards each request to the server over HTTP/1.1 with the
 * `X-Forwarded-*` headers a proxy sets, and streams the reply back (server-sent events included). Bench use
 * only: a throwaway self-signed certificate made with `openssl`.
 */
export interface Http2Front {
  readonly url: string;
  close(): Promise<void>;
}

function throwawayCertificate(): { key: Buffer; cert: Buffer } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sobremesa-front-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
      ].concat(['-subj', '/CN=localhost', '-keyout', keyFile, '-out', certFile]),
      { stdio: 'ignore' },
    );
    return { key: fs.readFileSync(keyFile), cert: fs.readFileSync(certFile) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Connection-level headers HTTP/2 forbids, and the ones a proxy replaces. */
const NOT_FORWARDED = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'host',
]);

export async function startHttp2Front(target: string): Promise<Http2Front> {
  const backend = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http2.createSecureServer(throwawayCertificate());
  server.on('stream', (stream, headers) => {
    const forwarded: http.OutgoingHttpHeaders = {
      host: backend.host,
      'x-forwarded-proto': 'https',
      'x-forwarded-host': String(headers[':authority']),
      'x-forwarded-for': stream.session?.socket.remoteAddress ?? '127.0.0.1',
    };
    for (const [name, value] of Object.entries(headers))
      if (!name.startsWith(':') && !NOT_FORWARDED.has(name)) forwarded[name] = value;
    const upstream = http.request(
      {
        host: backend.hostname,
        port: backend.port,
        method: String(headers[':method']),
        path: String(headers[':path']),
        headers: forwarded,
        agent,
      },
      (reply) => {
        const answer: http2.OutgoingHttpHeaders = { ':status': reply.statusCode ?? 502 };
        for (const [name, value] of Object.entries(reply.headers))
          if (!NOT_FORWARDED.has(name) && value !== undefined) answer[name] = value;
        if (stream.destroyed) return reply.destroy();
        stream.respond(answer);
        reply.pipe(stream);
      },
    );
    upstream.on('error', () => {
      if (!stream.destroyed && !stream.headersSent) stream.respond({ ':status': 502 });
      stream.end();
    });
    stream.on('close', () => upstream.destroy());
    stream.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `https://localhost:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
