import { describe, expect, it } from 'vitest';
import { isLocalOrPrivateHost, lookupForHost } from './host.ts';

/**
 * Decision 003: this machine and every address a venue's own network may use are served as the default
 * venue (a tablet on the venue's Wi-Fi opening http://192.168.1.20:3000, or on its VPN); public addresses
 * are not.
 */
const PRIVATE = [
  'localhost',
  '127.0.0.1',
  '127.255.255.254',
  '10.0.0.1',
  '10.255.255.255',
  '172.16.0.1',
  '172.20.10.2',
  '172.31.255.255',
  '192.168.0.1',
  '192.168.1.20',
  '192.168.255.255',
  '169.254.10.20',
  '[::1]',
  '::1',
  '[fc00::1]',
  '[fd12:3456:789a::20]',
  '[fe80::1]',
  '[febf::1]',
  '[::ffff:192.168.1.20]',
  '[::ffff:c0a8:114]',
  '[::ffff:10.1.2.3]',
  '0.0.0.0',
  '100.64.0.1',
  '100.101.102.103',
  '100.127.255.255',
  '192.0.2.2',
  '198.18.0.1',
  '198.19.255.255',
  '198.51.100.7',
  '203.0.113.9',
  '[2001:db8::1]',
];
const PUBLIC = [
  '8.8.8.8',
  '11.0.0.1',
  '172.15.255.255',
  '172.32.0.1',
  '192.167.1.1',
  '192.169.0.1',
  '169.253.0.1',
  '100.63.255.255',
  '100.128.0.1',
  '192.0.3.1',
  '198.20.0.1',
  '203.0.114.1',
  '[2a00:1450:4003::1]',
  '[2001:db9::1]',
  '[fec0::1]',
  '[::ffff:8.8.8.8]',
  '[::ffff:808:808]',
  '192.168.1',
  '192.168.1.256',
  'casa.example.com',
];

describe('hosts served as the default venue (decision 003)', () => {
  it.each(PRIVATE)('%s is this machine or a private network', (host) => {
    expect(isLocalOrPrivateHost(host)).toBe(true);
    expect(lookupForHost(host, 'sobremesa.es')).toEqual({ kind: 'default' });
  });
  it.each(PUBLIC)('%s is not', (host) => {
    expect(isLocalOrPrivateHost(host)).toBe(false);
    expect(lookupForHost(host, 'sobremesa.es')).not.toEqual({ kind: 'default' });
  });
});
