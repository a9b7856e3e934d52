/**
 * Random keys for the web app: Idempotency-Keys (REL-03) and message ids. Built on
 * `crypto.getRandomValues` because `crypto.randomUUID` only exists in secure contexts, and a venue's
 * tablet opening the app over plain http on its own network (`http://192.168.1.20:3000`, decision 003)
 * is not one. ESLint refuses `randomUUID` in apps/web so no copy of the old helper comes back.
 */
function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/** A fresh Idempotency-Key: 128 random bits as 32 hex characters. */
export function newIdempotencyKey(): string {
  return randomHex(16);
}

/**
 * The header of one tap on a write the server refuses without a key (decision 022: what a table pays,
 * the order call). The client's retries of that request carry it, so the server replays them; a second
 * tap is a new request, which the server's own rules refuse (the same promotion twice, a void twice).
 */
export function idempotencyHeader(): { 'Idempotency-Key': string } {
  return { 'Idempotency-Key': newIdempotencyKey() };
}

/** A short unique id with a prefix (64 random bits), for messages that are not writes. */
export function newId(prefix: string): string {
  return `${prefix}-${randomHex(8)}`;
}
