/**
 * Hosts that are this machine or a private network: a venue PC, a tablet on the venue's Wi-Fi reaching
 * the server by IP, or a developer's localhost. They are served by the default venue (spec §7: "on
 * localhost or a 192.168 address the base is empty").
 */
export function isLocalOrPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host === '::1' || host === '0.0.0.0') return true;
  // fc00::/7 (unique local) and fe80::/10 (link-local: fe80 to febf).
  if (/^(fc|fd)[0-9a-f]{2}:/.test(host) || /^fe[89ab][0-9a-f]:/.test(host)) return true;
  // An IPv4 address written as IPv6 (::ffff:192.168.1.20, or its hex form ::ffff:c0a8:114).
  const mapped = /^::ffff:(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/.exec(host);
  if (mapped) {
    if (mapped[1]) return isLocalOrPrivateHost(mapped[1]);
    const high = parseInt(mapped[2]!, 16);
    const low = parseInt(mapped[3]!, 16);
    return isLocalOrPrivateHost(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
  }
  const octets = host.split('.').map(Number);
  if (octets.length !== 4 || octets.some((octet) => !Number.isInteger(octet) || octet < 0 || octet > 255))
    return false;
  const [a = 0, b = 0] = octets;
  return (
    a === 127 ||
    a === 10 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254)
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
