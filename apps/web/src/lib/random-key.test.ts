import { afterEach, describe, expect, it, vi } from 'vitest';
import { newId, newIdempotencyKey } from './random-key.ts';

describe('random keys', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('work where crypto.randomUUID is missing, as on a plain-http LAN page', () => {
    const { getRandomValues } = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(globalThis.crypto) });
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{32}$/);
    expect(newId('request')).toMatch(/^request-[0-9a-f]{16}$/);
  });

  it('are fresh on every call', () => {
    const keys = new Set(Array.from({ length: 1000 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(1000);
  });
});
