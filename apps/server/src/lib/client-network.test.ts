import { describe, expect, it } from 'vitest';
import { clientNetwork, clientNetworkKey } from './client-network.ts';

describe('clientNetwork', () => {
  it('keeps IPv4 addresses, also when mapped into IPv6', () => {
    expect(clientNetwork('203.0.113.9')).toBe('203.0.113.9');
    expect(clientNetwork('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('takes IPv6 addresses by their /64, however they are written', () => {
    expect(clientNetwork('2001:db8:aa:1::1')).toBe('2001:db8:aa:1::/64');
    expect(clientNetwork('2001:0DB8:00aa:0001:ffff:1:2:3')).toBe('2001:db8:aa:1::/64');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
  });

  it('keys one network alike and never shows the address', () => {
    expect(clientNetworkKey('2001:db8:aa:1::1')).toBe(clientNetworkKey('2001:db8:aa:1::2'));
    expect(clientNetworkKey('2001:db8:aa:1::1')).not.toBe(clientNetworkKey('2001:db8:aa:2::1'));
    expect(clientNetworkKey('203.0.113.9')).toMatch(/^[0-9a-f]{64}$/);
  });
});
