import { useSyncExternalStore } from 'react';
import {
  PRINT_HELPER_PORT,
  createPrintHelperClient,
  type PrintHelperClient,
  type PrintJob,
  type PrintOutcome,
  type DocumentJob,
  type StationTicketJob,
} from './print-helper-client.ts';

/**
 * The print service of this page: one connection to the local helper shared by every screen, and its state
 * for the copilot's heading (spec §8: not reacting within 1 s means not installed).
 */
export type PrintServiceState =
  | { readonly status: 'idle' | 'checking' | 'not-installed' }
  | { readonly status: 'connected'; readonly version: string; readonly printers: readonly string[] }
  /** The browser refuses this page the local network (Chromium's Local Network Access, answered "Block"). */
  | { readonly status: 'blocked' };

/** Query parameter that points the page at a helper on another port; honoured on loopback pages only. */
export const PORT_PARAMETER = 'printHelperPort';

/**
 * The helper's port: 7007 (spec §9). Browser tests run helpers on free ports and open
 * `/copilot?printHelperPort=<port>`; the parameter only counts on a page served from this machine, so a link
 * cannot point a venue's copilot at another local program.
 */
export function printHelperPort(location: { readonly hostname: string; readonly search: string }): number {
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(location.hostname);
  const requested = Number(new URLSearchParams(location.search).get(PORT_PARAMETER));
  return loopback && Number.isInteger(requested) && requested > 0 && requested < 65_536
    ? requested
    : PRINT_HELPER_PORT;
}

type LocalNetworkPermission = PermissionState | 'unsupported';

/**
 * Chromium 142+ asks before a public page reaches localhost ("Local network access"). While the question is
 * open the connection waits, so detection times out; once answered, the permission changes and we look again.
 */
async function watchLocalNetworkPermission(onChange: () => void): Promise<LocalNetworkPermission> {
  try {
    const status = await navigator.permissions.query({ name: 'local-network-access' as PermissionName });
    status.addEventListener('change', onChange);
    return status.state;
  } catch {
    // Browsers without that permission (Firefox, Safari, older Chromium) reach localhost freely.
    return 'unsupported';
  }
}

let state: PrintServiceState = { status: 'idle' };
const listeners = new Set<() => void>();
let client: PrintHelperClient | null = null;
let permissionWatched: Promise<LocalNetworkPermission> | null = null;
let checking: Promise<void> | null = null;

function setState(next: PrintServiceState): void {
  state = next;
  for (const listener of listeners) listener();
}

function helper(): PrintHelperClient {
  // The port is read once, when the page first needs the helper: the query parameter may be gone later.
  client ??= createPrintHelperClient({
    url: `ws://localhost:${printHelperPort(window.location)}`,
    // The helper was stopped or the PC restarted it: look again, which says "not installed" within 1 s.
    onClose: () => void checkPrintService(),
  });
  return client;
}

/** Looks for the helper (at most 1 s) and publishes what it found. */
export function checkPrintService(): Promise<void> {
  checking ??= (async () => {
    setState({ status: 'checking' });
    permissionWatched ??= watchLocalNetworkPermission(() => void checkPrintService());
    const [detection, permission] = await Promise.all([helper().detect(), permissionWatched]);
    if (detection.found) {
      setState({ status: 'connected', version: detection.version, printers: detection.printers });
    } else {
      const current = permission === 'unsupported' ? permission : await currentPermission();
      setState({ status: current === 'denied' ? 'blocked' : 'not-installed' });
    }
  })().finally(() => {
    checking = null;
  });
  return checking;
}

async function currentPermission(): Promise<LocalNetworkPermission> {
  try {
    return (await navigator.permissions.query({ name: 'local-network-access' as PermissionName })).state;
  } catch {
    return 'unsupported';
  }
}

export function usePrintService(): PrintServiceState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}

/**
 * Prints a bill's ticket through the helper. Refused without a bill id (spec §5), and reported, never
 * thrown: the screen shows {@link printFailureKey} of the failure. Retrying with the same `jobId` never prints
 * a second ticket.
 */
export function print(job: PrintJob): Promise<PrintOutcome> {
  return helper().print(job);
}

/** Prints a station's ticket (kitchen, bar) as the server announced it; never opens the drawer. */
export function printStationTicket(job: StationTicketJob): Promise<PrintOutcome> {
  return helper().printStationTicket(job);
}

/** Prints a report (the Z) as plain lines on the default printer; never opens the drawer. */
export function printDocument(job: DocumentJob): Promise<PrintOutcome> {
  return helper().printDocument(job);
}

/** Opens the cash drawer wired to a printer (the default one when not named), with the server's ticket. */
export function openCashDrawer(ticket: string, printer?: string): Promise<PrintOutcome> {
  return helper().openCashDrawer(ticket, printer);
}

/** The `pos` message of a failed print, for a toast. */
export function printFailureKey(outcome: Extract<PrintOutcome, { ok: false }>) {
  switch (outcome.failure) {
    case 'NO_BILL_ID':
      return 'print.errors.billWithoutId' as const;
    case 'NOT_CONNECTED':
      return 'print.errors.notConnected' as const;
    case 'PRINTER_UNREACHABLE':
      return 'print.errors.printerUnreachable' as const;
    case 'PRINTER_TIMEOUT':
      return 'print.errors.printerTimeout' as const;
    case 'UNKNOWN_PRINTER':
      return 'print.errors.unknownPrinter' as const;
    case 'INVALID_REQUEST':
    case 'PRINTER_ERROR':
      return 'print.errors.failed' as const;
  }
}
