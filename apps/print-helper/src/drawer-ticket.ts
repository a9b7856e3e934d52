import { createPublicKey, verify, type KeyObject } from 'node:crypto';

/**
 * Cash drawer tickets (SEC-11, decision 023 of the server). The drawer opens only on a ticket the venue's
 * server issued to a role that may open it: `base64url(JSON).base64url(Ed25519 signature)`, checked with
 * the server's public key pinned when the helper was downloaded, within its expiry, and once.
 */
export type TicketRefusal =
  'NO_PINNED_KEY' | 'MALFORMED' | 'BAD_SIGNATURE' | 'WRONG_PURPOSE' | 'EXPIRED' | 'REUSED';

export class DrawerTickets {
  readonly #key: KeyObject | undefined;
  /** Ticket ids already used, with their expiry: a ticket opens the drawer once. */
  readonly #used = new Map<string, number>();

  constructor(
    publicKeyPem: string | undefined,
    private readonly now: () => number = Date.now,
  ) {
    this.#key = publicKeyPem === undefined ? undefined : createPublicKey(publicKeyPem);
  }

  /** Whether a public key is pinned: without one no ticket is ever accepted (fail closed). */
  get pinned(): boolean {
    return this.#key !== undefined;
  }

  /** Checks a ticket and, when good, marks it used; answers why it was refused otherwise. */
  accept(ticket: string): { ok: true } | { ok: false; reason: TicketRefusal } {
    if (!this.#key) return { ok: false, reason: 'NO_PINNED_KEY' };
    const [body, signature, extra] = ticket.split('.');
    if (!body || !signature || extra !== undefined) return { ok: false, reason: 'MALFORMED' };
    let valid = false;
    try {
      valid = verify(null, Buffer.from(body), this.#key, Buffer.from(signature, 'base64url'));
    } catch {
      valid = false;
    }
    if (!valid) return { ok: false, reason: 'BAD_SIGNATURE' };
    let payload: { p?: unknown; jti?: unknown; exp?: unknown };
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as typeof payload;
    } catch {
      return { ok: false, reason: 'MALFORMED' };
    }
    if (payload.p !== 'OPEN_CASH_DRAWER') return { ok: false, reason: 'WRONG_PURPOSE' };
    if (typeof payload.jti !== 'string' || typeof payload.exp !== 'number')
      return { ok: false, reason: 'MALFORMED' };
    const now = this.now();
    if (payload.exp <= now) return { ok: false, reason: 'EXPIRED' };
    for (const [id, expiry] of this.#used) if (expiry <= now) this.#used.delete(id);
    if (this.#used.has(payload.jti)) return { ok: false, reason: 'REUSED' };
    this.#used.set(payload.jti, payload.exp);
    return { ok: true };
  }
}
