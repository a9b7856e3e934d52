/**
 * Which pages may drive the printers. Any web page a browser on the venue PC opens could try
 * ws://localhost:7007; browsers send the page's Origin with the WebSocket handshake, and only the venue's
 * own pages get through: the configured origins, the platform's venue subdomains over https, and pages
 * served from this same machine (the platform run locally, `*.localhost` venues in development).
 * Programs that are not browsers send no Origin; they run on the machine already and are let in.
 */
export interface OriginPolicy {
  readonly allowedOrigins: readonly string[];
  readonly baseDomain: string | undefined;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function isAllowedOrigin(origin: string | undefined, policy: OriginPolicy): boolean {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const normalised = url.origin;
  if (policy.allowedOrigins.some((allowed) => new URL(allowed).origin === normalised)) return true;
  const host = url.hostname.toLowerCase();
  if (LOOPBACK_HOSTS.has(host) || host.endsWith('.localhost')) return true;
  const base = policy.baseDomain?.toLowerCase().replace(/^\./, '');
  return url.protocol === 'https:' && base !== undefined && (host === base || host.endsWith(`.${base}`));
}
