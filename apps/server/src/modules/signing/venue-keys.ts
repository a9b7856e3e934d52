import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  sign,
  type KeyObject,
} from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { venueSigningKeys } from '../../db/schema/index.ts';

/**
 * A venue's key pair (decision 023). Ed25519 signs what a device outside the server checks (the print
 * helper's drawer tickets, with the public key pinned in its download); a key derived from the private
 * key seals the read-only asset tokens only this server opens.
 */
export interface VenueKeys {
  /** SPKI PEM: what the print helper pins. */
  readonly publicKeyPem: string;
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
}

/** The venue's key pair, made on first use; of two instances making it at once the first one stays. */
export async function venueKeys(db: Executor, venueId: number): Promise<VenueKeys> {
  let [row] = await db.select().from(venueSigningKeys).where(eq(venueSigningKeys.venueId, venueId));
  if (!row) {
    const pair = generateKeyPairSync('ed25519');
    await db
      .insert(venueSigningKeys)
      .values({
        venueId,
        publicKey: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
        privateKey: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      })
      .onConflictDoNothing();
    [row] = await db.select().from(venueSigningKeys).where(eq(venueSigningKeys.venueId, venueId));
    if (!row) throw new Error('signing key not stored');
  }
  return {
    publicKeyPem: row.publicKey,
    privateKey: createPrivateKey(row.privateKey),
    publicKey: createPublicKey(row.publicKey),
  };
}

/**
 * A signed ticket: `base64url(JSON payload).base64url(Ed25519 signature of the first part)`. The print
 * helper checks it with `crypto.verify(null, …)` and the pinned public key.
 */
export function signTicket(keys: VenueKeys, payload: Record<string, unknown>): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(null, Buffer.from(body), keys.privateKey).toString('base64url')}`;
}

function sealingKey(keys: VenueKeys, purpose: string): Buffer {
  const secret = keys.privateKey.export({ type: 'pkcs8', format: 'der' });
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `sobremesa/${purpose}`, 32));
}

/**
 * Seals a payload (AES-256-GCM under a key derived for `purpose`): opaque to whoever holds the token,
 * tamper-evident, and readable only by this venue's server.
 */
export function seal(keys: VenueKeys, purpose: string, payload: Record<string, unknown>): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(keys, purpose), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(payload)), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The payload of a token sealed for `purpose` by {@link seal}, or undefined when it is not one. */
export function unseal(keys: VenueKeys, purpose: string, token: string): Record<string, unknown> | undefined {
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length < 29) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(keys, purpose), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const json = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString();
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
