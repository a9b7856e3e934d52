/**
 * IPv4 blocks no host on the Internet has (IANA's special-purpose address registry, "globally reachable:
 * false"): private networks, carrier-grade NAT and VPN overlays (100.64/10: Tailscale), link-local, and the
 * documentation and benchmarking blocks that labs and test networks use (this project's CI machine sits on
 * 192.0.2.0/24).
 */
const NOT_GLOBAL_IPV4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['240.0.0.0', 4],
];

function ipv4Number(host: string): number | null {
  const octets = host.split('.').map(Number);
  if (octets.length !== 4 || octets.some((octet) => !Number.isInteger(octet) || octet < 0 || octet > 255))
    return null;
  return octets.reduce((value, octet) => value * 256 + octet, 0);
}

const NOT_GLOBAL_RANGES = NOT_GLOBAL_IPV4.map(([base, bits]) => {
  const size = 2 ** (32 - bits);
  return { from: ipv4Number(base)!, size };
});

/**
 * Hosts that are this machine or a network no Internet host is on: a venue PC, a tablet on the venue's
 * Wi-Fi or VPN reaching the server by IP, or a developer's localhost. They are served by the default venue
 * (spec §7: "on localhost or a 192.168 address the base is empty"); a public address is not (decision 003).
 */
export function isLocalOrPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host === '::1') return true;
  // fc00::/7 (unique local), fe80::/10 (link-local: fe80 to febf), 2001:db8::/32 (documentation).
  if (/^(fc|fd)[0-9a-f]{2}:/.test(host) || /^fe[89ab][0-9a-f]:/.test(host) || /^2001:db8:/.test(host))
    return true;
  // An IPv4 address written as IPv6 (::ffff:192.168.1.20, or its hex form ::ffff:c0a8:114).
  const mapped = /^::ffff:(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/.exec(host);
  if (mapped) {
    if (mapped[1]) return isLocalOrPrivateHost(mapped[1]);
    const high = parseInt(mapped[2]!, 16);
    const low = parseInt(mapped[3]!, 16);
    return isLocalOrPrivateHost(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
  }
  const address = ipv4Number(host);
  return (
    address !== null &&
    NOT_GLOBAL_RANGES.some((range) => address >= range.from && address < range.from + range.size)
  );
}

/** How a request's host names its venue. */
export type VenueLookup =
  { kind: 'default' } | { kind: 'subdomain'; subdomain: string } | { kind: 'customHost'; host: string };

/** Reads the venue a hostname (without port) asks for, given the platform's base domain. */
export function lookupForHost(hostname: string, baseDomain: string): VenueLookup {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const base = baseDomain.toLowerCase();
  if (host === base || isLocalOrPrivateHost(host)) return { kind: 'default' };
  if (host.endsWith(`.${base}`)) {
    const label = host.slice(0, -(base.length + 1));
    // Only one level: a.b.base is not a venue (it would be a custom host).
    if (label && !label.includes('.')) return { kind: 'subdomain', subdomain: label };
  }
  return { kind: 'customHost', host };
}
