import { describe, expect, it } from 'vitest';
import { hashPin } from './kiosk-device.ts';

/** What Web Crypto made of a PIN, as the kiosk stored it before (Node has Web Crypto; a plain-HTTP tablet not). */
async function webCryptoHash(pin: string): Promise<string> {
  const bytes = new TextEncoder().encode(`sobremesa/kiosk-pin\u0000${pin}`);
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

describe('hashPin', () => {
  it('keeps the SHA-256 Web Crypto gave, so a kiosk set up before still opens with its PIN', async () => {
    for (const pin of ['2468', '0000', '987654']) expect(hashPin(pin)).toBe(await webCryptoHash(pin));
    expect(hashPin('2468')).not.toBe(hashPin('2469'));
  });
});
