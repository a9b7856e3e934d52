import fs from 'node:fs/promises';
import net from 'node:net';
import type { ErrorCode } from './protocol.ts';

/** How bytes reach a printer. */
export type TransportConfig =
  /** A network printer's raw port (JetDirect, 9100 by default). */
  | { readonly type: 'tcp'; readonly host: string; readonly port: number }
  /** A USB or parallel printer the operating system exposes as a file (/dev/usb/lp0). */
  | { readonly type: 'device'; readonly path: string }
  /** Appends every job to a file: tests, and trying the helper without a printer. */
  | { readonly type: 'file'; readonly path: string };

/** A printer that did not take the bytes; `code` tells the page what kind of trouble it is. */
export class PrinterError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PrinterError';
  }
}

function describe(transport: TransportConfig): string {
  return transport.type === 'tcp' ? `${transport.host}:${transport.port}` : transport.path;
}

/** How long a printer that keeps its side of the connection open is given after the bytes have left. */
const HALF_OPEN_GRACE_MS = 1_500;

function sendTcp(host: string, port: number, bytes: Buffer, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    let settled = false;
    const settle = (error?: PrinterError) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      if (error) reject(error);
      else resolve();
    };
    // One timer over connect and write: a printer that accepts the connection and then stalls (paper out
    // on some models) must not hold the page's request forever.
    socket.setTimeout(timeoutMs, () =>
      settle(new PrinterError('PRINTER_TIMEOUT', `no answer from ${host}:${port} within ${timeoutMs} ms`)),
    );
    socket.once('error', (error: NodeJS.ErrnoException) => {
      const refused = error.code === 'ECONNREFUSED' || error.code === 'EHOSTUNREACH';
      settle(
        new PrinterError(
          refused ? 'PRINTER_UNREACHABLE' : 'PRINTER_ERROR',
          `${host}:${port}: ${error.code ?? error.message}`,
        ),
      );
    });
    socket.once('connect', () => {
      // `end` flushes the bytes and sends FIN; the printer closing its side means it has them all. Some
      // printers keep their side open: once our bytes have left, a short grace ends the wait.
      socket.end(bytes, () => setTimeout(() => settle(), HALF_OPEN_GRACE_MS));
    });
    socket.once('close', () => settle());
  });
}

async function writeFile(path: string, bytes: Buffer, flag: 'a' | 'w', timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new PrinterError('PRINTER_TIMEOUT', `${path}: not written within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  try {
    // A device file blocks while the printer is offline; the page hears about it after the timeout.
    await Promise.race([fs.writeFile(path, bytes, { flag }), timeout]);
  } catch (error) {
    if (error instanceof PrinterError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new PrinterError(
      code === 'ENOENT' || code === 'ENXIO' || code === 'ENODEV' ? 'PRINTER_UNREACHABLE' : 'PRINTER_ERROR',
      `${path}: ${code ?? String(error)}`,
    );
  } finally {
    clearTimeout(timer);
  }
}

/** Sends the bytes; resolves once the printer (or file) has them, rejects with a {@link PrinterError}. */
export async function send(transport: TransportConfig, bytes: Buffer, timeoutMs: number): Promise<void> {
  try {
    switch (transport.type) {
      case 'tcp':
        return await sendTcp(transport.host, transport.port, bytes, timeoutMs);
      case 'device':
        return await writeFile(transport.path, bytes, 'w', timeoutMs);
      case 'file':
        return await writeFile(transport.path, bytes, 'a', timeoutMs);
    }
  } catch (error) {
    if (error instanceof PrinterError) throw error;
    throw new PrinterError('PRINTER_ERROR', `${describe(transport)}: ${String(error)}`);
  }
}
