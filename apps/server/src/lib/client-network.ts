import { createHash } from 'node:crypto';
import net from 'node:net';

/** The first four groups of an IPv6 address, written out (`2001:db8::1` → `2001:db8:0:0`). */
function ipv6Prefix64(address: string): string {
  const [head = '', tail] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups]
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':');
}

/**
 * The network one client stands for: an IPv4 address as it is, an IPv6 address by its /64, which an
 * internet provider hands to one household or phone whole, so a client cannot multiply itself by
 * taking more addresses of its own prefix.
 */
export function clientNetwork(ip: string): string {
  const address = ip.split('%')[0]!.toLowerCase();
  const mapped = address.startsWith('::ffff:') ? address.slice(7) : undefined;
  if (mapped && net.isIPv4(mapped)) return mapped;
  if (!net.isIPv6(address)) return address;
  return `${ipv6Prefix64(address)}::/64`;
}

/** A one-way key of the client's network, for rows that must not keep the address itself. */
export function clientNetworkKey(ip: string): string {
  return createHash('sha256')
    .update(`sobremesa/network\0${clientNetwork(ip)}`)
    .digest('hex');
}
