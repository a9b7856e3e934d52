import { createHash, randomBytes } from 'node:crypto';

/** A new opaque bearer token: 256 random bits, URL-safe (SEC-05). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its SHA-256, so a leaked table yields no usable credential. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Public identifiers (welKey, hostCode): random, not secrets, but unguessable so they enumerate nothing. */
export function newPublicId(bytes = 12): string {
  return randomBytes(bytes).toString('base64url');
}
