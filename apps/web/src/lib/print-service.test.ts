import { describe, expect, it } from 'vitest';
import { createPrintHelperClient, PRINT_HELPER_PORT } from './print-helper-client.ts';
import { printFailureKey, printHelperPort } from './print-service.ts';

describe('the print helper port', () => {
  it('is 7007 (spec §9) unless a page served from this machine asks for another', () => {
    expect(printHelperPort({ hostname: 'casa.sobremesa.app', search: '' })).toBe(7007);
    expect(PRINT_HELPER_PORT).toBe(7007);
    expect(printHelperPort({ hostname: 'localhost', search: '?printHelperPort=40123' })).toBe(40123);
    expect(printHelperPort({ hostname: '127.0.0.1', search: '?a=1&printHelperPort=40124' })).toBe(40124);
  });

  it('ignores the parameter on a venue page, and nonsense ports anywhere', () => {
    expect(printHelperPort({ hostname: 'casa.sobremesa.app', search: '?printHelperPort=22' })).toBe(7007);
    for (const value of ['0', '70000', 'abc', '80.5', ''])
      expect(printHelperPort({ hostname: 'localhost', search: `?printHelperPort=${value}` })).toBe(7007);
  });
});

describe('printing a bill', () => {
  it('refuses a ticket without a bill id before reaching the helper (spec §5)', async () => {
    // Nothing listens on this URL: a refusal that tried to connect would say NOT_CONNECTED instead.
    const client = createPrintHelperClient({ url: 'ws://localhost:1' });
    for (const billId of [undefined, null, 0, -3, 1.5]) {
      const outcome = await client.print({ billId, lines: [{ text: 'Ticket' }] });
      expect(outcome).toEqual({ ok: false, failure: 'NO_BILL_ID' });
      if (!outcome.ok) expect(printFailureKey(outcome)).toBe('print.errors.billWithoutId');
    }
  });

  it('words each failure for the staff', () => {
    expect(printFailureKey({ ok: false, failure: 'PRINTER_UNREACHABLE' })).toBe(
      'print.errors.printerUnreachable',
    );
    expect(printFailureKey({ ok: false, failure: 'PRINTER_TIMEOUT' })).toBe('print.errors.printerTimeout');
    expect(printFailureKey({ ok: false, failure: 'NOT_CONNECTED' })).toBe('print.errors.notConnected');
    expect(printFailureKey({ ok: false, failure: 'UNKNOWN_PRINTER' })).toBe('print.errors.unknownPrinter');
    expect(printFailureKey({ ok: false, failure: 'PRINTER_ERROR' })).toBe('print.errors.failed');
  });
});
