import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PORT, loadConfig, parseTransport, PINNED_KEY_FILE, resolveConfig } from './config.ts';
import { isAllowedOrigin } from './origin.ts';

describe('printer transports', () => {
  it('reads network printers, device files and file sinks', () => {
    expect(parseTransport('tcp://192.168.1.50')).toEqual({ type: 'tcp', host: '192.168.1.50', port: 9100 });
    expect(parseTransport('tcp://caja.local:9101')).toEqual({ type: 'tcp', host: 'caja.local', port: 9101 });
    expect(parseTransport('device:/dev/usb/lp0')).toEqual({ type: 'device', path: '/dev/usb/lp0' });
    expect(parseTransport('file:///tmp/tickets.bin')).toEqual({ type: 'file', path: '/tmp/tickets.bin' });
    expect(() => parseTransport('http://192.168.1.50')).toThrow('unknown printer transport');
    expect(() => parseTransport('tcp://192.168.1.50:70000')).toThrow('invalid printer port');
  });
});

describe('configuration', () => {
  it('defaults to port 7007, PC858, 48 columns and the first printer', () => {
    const config = resolveConfig({
      printers: { caja: { transport: 'tcp://10.0.0.5' }, barra: { transport: 'device:/dev/usb/lp0' } },
    });
    expect(config.port).toBe(DEFAULT_PORT);
    expect(DEFAULT_PORT).toBe(7007);
    expect(config.defaultPrinter).toBe('caja');
    expect(config.printers.caja).toEqual({
      transport: { type: 'tcp', host: '10.0.0.5', port: 9100 },
      codepage: 'cp858',
      columns: 48,
      timeoutMs: 5000,
    });
  });

  it('lets the environment override the file', () => {
    const config = resolveConfig(
      { port: 7100, printers: { caja: { transport: 'tcp://10.0.0.5' } } },
      {
        PRINT_HELPER_PORT: '7200',
        PRINT_HELPER_PRINTERS: 'cocina=tcp://10.0.0.9:9100; barra=device:/dev/usb/lp1',
        PRINT_HELPER_DEFAULT_PRINTER: 'barra',
        PRINT_HELPER_ALLOWED_ORIGINS: 'https://pos.casapepe.es, https://otra.es',
        PRINT_HELPER_STATE_FILE: '/var/lib/print/printed.json',
      },
    );
    expect(config.port).toBe(7200);
    expect(Object.keys(config.printers)).toEqual(['cocina', 'barra']);
    expect(config.defaultPrinter).toBe('barra');
    expect(config.allowedOrigins).toEqual(['https://pos.casapepe.es', 'https://otra.es']);
    expect(config.stateFile).toBe('/var/lib/print/printed.json');
  });

  it('refuses a default printer that is not configured, and unknown settings', () => {
    expect(() => resolveConfig({ defaultPrinter: 'caja', printers: {} })).toThrow('"caja" is not configured');
    expect(() =>
      resolveConfig({ printers: { caja: { transport: 'tcp://a', colums: 32 } } } as never),
    ).toThrow();
  });
});

describe('allowed origins', () => {
  const policy = { allowedOrigins: ['https://pos.casapepe.es'], baseDomain: 'sobremesa.app' };
  it('accepts the venue pages, loopback pages and non-browser clients', () => {
    for (const origin of [
      'https://casa.sobremesa.app',
      'https://pos.casapepe.es',
      'http://localhost:5173',
      'http://127.0.0.1:3999',
      'http://casa.localhost:3000',
      undefined,
    ])
      expect(isAllowedOrigin(origin, policy), String(origin)).toBe(true);
  });
  it('refuses other sites, plain http on the platform and look-alike domains', () => {
    for (const origin of [
      'https://evil.example',
      'http://casa.sobremesa.app',
      'https://sobremesa.app.evil.example',
      'https://evilsobremesa.app',
      'null',
      'file://',
    ])
      expect(isAllowedOrigin(origin, policy), origin).toBe(false);
  });
});

describe('the pinned server key (SEC-11)', () => {
  it('is read from the file the download puts next to the helper; absent, no key is pinned', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helper-key-'));
    try {
      expect(loadConfig({}, dir).serverPublicKey).toBeUndefined();
      const pem = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();
      fs.writeFileSync(path.join(dir, PINNED_KEY_FILE), pem);
      expect(loadConfig({}, dir).serverPublicKey).toBe(pem);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
