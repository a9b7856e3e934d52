import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { CodepageName } from './codepages.ts';
import type { TransportConfig } from './transports.ts';

/** Spec §9: the copilot looks for the helper on this port. */
export const DEFAULT_PORT = 7007;
const DEFAULT_TCP_PORT = 9100;
const DEFAULT_TIMEOUT_MS = 5_000;

export interface PrinterConfig {
  readonly transport: TransportConfig;
  readonly codepage: CodepageName;
  readonly columns: number;
  /** How long a printer may take to accept a job before the page hears it failed. */
  readonly timeoutMs: number;
}

export interface HelperConfig {
  readonly port: number;
  /** Pages allowed to connect (exact origins), besides the base domain's venues and loopback pages. */
  readonly allowedOrigins: readonly string[];
  /** The platform's domain: pages on any venue subdomain of it may connect (https only). */
  readonly baseDomain: string | undefined;
  readonly printers: Readonly<Record<string, PrinterConfig>>;
  /** The printer of jobs that name none: the configured default, else the first one. */
  readonly defaultPrinter: string | undefined;
  /** Where printed job ids are kept; memory only when undefined. */
  readonly stateFile: string | undefined;
  /**
   * The venue server's Ed25519 public key (PEM), pinned when the helper was downloaded: the cash drawer
   * opens only on tickets it signed (SEC-11). Undefined: the drawer never opens.
   */
  readonly serverPublicKey: string | undefined;
}

/** The file the server's download puts next to the helper with its public key. */
export const PINNED_KEY_FILE = 'server-public-key.pem';

/** `tcp://host[:port]`, `device:/dev/usb/lp0` or `file:/path/to/sink.bin`. */
export function parseTransport(uri: string): TransportConfig {
  const tcp = /^tcp:\/\/([^:/]+)(?::(\d+))?\/?$/.exec(uri);
  if (tcp?.[1]) {
    const port = tcp[2] === undefined ? DEFAULT_TCP_PORT : Number(tcp[2]);
    if (port < 1 || port > 65_535) throw new Error(`invalid printer port in "${uri}"`);
    return { type: 'tcp', host: tcp[1], port };
  }
  const file = /^(device|file):(.+)$/.exec(uri);
  if (file?.[1] && file[2]) {
    return { type: file[1] as 'device' | 'file', path: file[2].replace(/^\/\/(?=\/)/, '') };
  }
  throw new Error(
    `unknown printer transport "${uri}" (use tcp://host:9100, device:/dev/usb/lp0 or file:/path)`,
  );
}

const printerSchema = z.strictObject({
  transport: z.string().min(1),
  codepage: z.enum(['cp858', 'pc850']).default('cp858'),
  columns: z.number().int().min(16).max(96).default(48),
  timeoutMs: z.number().int().min(100).max(60_000).default(DEFAULT_TIMEOUT_MS),
});

const fileSchema = z.strictObject({
  // 0 lets the system choose a free port (tests); the copilot looks on 7007.
  port: z.number().int().min(0).max(65_535).optional(),
  allowedOrigins: z.array(z.url()).optional(),
  baseDomain: z.string().min(1).optional(),
  defaultPrinter: z.string().min(1).optional(),
  stateFile: z.string().min(1).optional(),
  serverPublicKey: z.string().min(1).optional(),
  printers: z.record(z.string().min(1), printerSchema).optional(),
});
export type ConfigFile = z.input<typeof fileSchema>;

/** `name=uri;name=uri` from PRINT_HELPER_PRINTERS, with the defaults of a printer entry. */
function printersFromEnv(value: string): Record<string, z.input<typeof printerSchema>> {
  const printers: Record<string, z.input<typeof printerSchema>> = {};
  for (const entry of value
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const separator = entry.indexOf('=');
    if (separator < 1) throw new Error(`PRINT_HELPER_PRINTERS: expected name=transport, got "${entry}"`);
    printers[entry.slice(0, separator).trim()] = { transport: entry.slice(separator + 1).trim() };
  }
  return printers;
}

/** Builds the configuration from a parsed config file and the environment (the environment wins). */
export function resolveConfig(file: ConfigFile, env: NodeJS.ProcessEnv = {}): HelperConfig {
  const parsed = fileSchema.parse(file);
  const rawPrinters = env.PRINT_HELPER_PRINTERS
    ? printersFromEnv(env.PRINT_HELPER_PRINTERS)
    : (parsed.printers ?? {});
  const printers: Record<string, PrinterConfig> = {};
  for (const [name, raw] of Object.entries(rawPrinters)) {
    const printer = printerSchema.parse(raw);
    printers[name] = { ...printer, transport: parseTransport(printer.transport) };
  }
  const defaultPrinter =
    env.PRINT_HELPER_DEFAULT_PRINTER ?? parsed.defaultPrinter ?? Object.keys(printers)[0];
  if (defaultPrinter !== undefined && !printers[defaultPrinter])
    throw new Error(`the default printer "${defaultPrinter}" is not configured`);
  const port = env.PRINT_HELPER_PORT ? Number(env.PRINT_HELPER_PORT) : (parsed.port ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`invalid port ${port}`);
  const allowedOrigins = env.PRINT_HELPER_ALLOWED_ORIGINS
    ? env.PRINT_HELPER_ALLOWED_ORIGINS.split(',')
        .map((origin) => origin.trim())
        .filter(Boolean)
    : (parsed.allowedOrigins ?? []);
  return {
    port,
    allowedOrigins,
    baseDomain: env.PRINT_HELPER_BASE_DOMAIN ?? parsed.baseDomain,
    printers,
    defaultPrinter,
    stateFile:
      env.PRINT_HELPER_STATE_FILE ??
      parsed.stateFile ??
      path.join(os.homedir(), '.sobremesa-print-helper', 'printed-jobs.json'),
    serverPublicKey: env.PRINT_HELPER_SERVER_PUBLIC_KEY ?? parsed.serverPublicKey,
  };
}

/**
 * Reads PRINT_HELPER_CONFIG (or `config.json` next to the helper, if present), the pinned server key
 * (`server-public-key.pem` next to the helper, from its download) and the environment.
 */
export function loadConfig(env: NodeJS.ProcessEnv, helperDir: string): HelperConfig {
  const configPath = env.PRINT_HELPER_CONFIG ?? path.join(helperDir, 'config.json');
  let file: ConfigFile = {};
  if (fs.existsSync(configPath)) {
    file = JSON.parse(fs.readFileSync(configPath, 'utf8')) as ConfigFile;
  } else if (env.PRINT_HELPER_CONFIG) {
    throw new Error(`PRINT_HELPER_CONFIG: ${configPath} does not exist`);
  }
  const pinned = path.join(helperDir, PINNED_KEY_FILE);
  if (file.serverPublicKey === undefined && fs.existsSync(pinned))
    file = { ...file, serverPublicKey: fs.readFileSync(pinned, 'utf8') };
  return resolveConfig(file, env);
}
