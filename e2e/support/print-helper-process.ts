import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './server.ts';

/** A receipt printer on loopback: a raw TCP socket (port 9100 style) that keeps every ticket it receives. */
export interface LoopbackPrinter {
  readonly port: number;
  readonly tickets: Buffer[];
  close(): Promise<void>;
}

export function startLoopbackPrinter(): Promise<LoopbackPrinter> {
  const tickets: Buffer[] = [];
  const server = net.createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => tickets.push(Buffer.concat(chunks)));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as net.AddressInfo).port,
        tickets,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

/** The print helper as a venue runs it (its own process), on a free port, printing to `printers`. */
export interface RunningPrintHelper {
  readonly port: number;
  stop(): Promise<void>;
}

/**
 * The venue's public key as its print helper download pins it (`server-public-key.pem` in the archive),
 * downloaded as a signed-in staff member would.
 */
export async function pinnedServerKey(url: string, token: string): Promise<string> {
  const response = await fetch(`${url}/world/api/wewingman/download`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status !== 200) throw new Error(`helper download failed: ${response.status}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'print-helper-download-'));
  try {
    fs.writeFileSync(path.join(dir, 'helper.tar.gz'), Buffer.from(await response.arrayBuffer()));
    execFileSync('tar', ['-xzf', path.join(dir, 'helper.tar.gz'), '-C', dir]);
    return fs.readFileSync(path.join(dir, 'sobremesa-print-helper', 'server-public-key.pem'), 'utf8');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** `serverPublicKey`: the pinned key the drawer tickets are checked with; without it the drawer never opens. */
export function startPrintHelper(
  printers: string,
  options: { readonly serverPublicKey?: string } = {},
): Promise<RunningPrintHelper> {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'print-helper-pos-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith('PRINT_HELPER_')) delete env[name];
  Object.assign(env, {
    PRINT_HELPER_PORT: '0',
    PRINT_HELPER_PRINTERS: printers,
    PRINT_HELPER_STATE_FILE: path.join(stateDir, 'printed-jobs.json'),
  });
  if (options.serverPublicKey) env.PRINT_HELPER_SERVER_PUBLIC_KEY = options.serverPublicKey;
  const helper: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/print-helper/src/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = async () => {
    if (helper.exitCode === null) {
      await new Promise<void>((resolve) => {
        helper.once('exit', () => resolve());
        helper.kill('SIGTERM');
      });
    }
    fs.rmSync(stateDir, { recursive: true, force: true });
  };
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the print helper did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on ws:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ port: Number(match[1]), stop });
      }
    };
    helper.stdout?.on('data', onData);
    helper.stderr?.on('data', onData);
    helper.once('exit', (code) => reject(new Error(`the print helper exited (${code}):\n${output}`)));
  });
}
