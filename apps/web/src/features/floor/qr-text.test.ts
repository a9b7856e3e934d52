import { describe, expect, it } from 'vitest';
import { accountQrText, scannedAccountQuery } from './qr-text.ts';

describe('account QR text', () => {
  it('adds the wid to the invitation url and reads it back', () => {
    const text = accountQrText('https://demo.example/menu?uid=abc', 'w-1 2');
    expect(text).toBe('https://demo.example/menu?uid=abc&wid=w-1%202');
    expect(scannedAccountQuery(text)).toBe('w-1 2');
  });
  it('takes a bare text as it is', () => {
    expect(scannedAccountQuery(' 6efd97a9 ')).toBe('6efd97a9');
  });
});
