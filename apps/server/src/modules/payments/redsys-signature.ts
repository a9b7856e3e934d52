import crypto from 'node:crypto';

/**
 * Redsys's HMAC_SHA256_V1 signature (decision 039). The merchant's secret is a base64 3DES key; each
 * order gets its own key, the order number encrypted under the secret with 3DES-CBC, a zero IV and zero
 * padding; the signature is the HMAC-SHA256 of the base64 merchant parameters under that key, base64.
 * Redsys sends notifications signed in base64url, so signatures are compared with that alphabet folded.
 */

export const REDSYS_SIGNATURE_VERSION = 'HMAC_SHA256_V1';

function orderKey(secretKey: string, order: string): Buffer {
  const key = Buffer.from(secretKey, 'base64');
  const data = Buffer.from(order, 'utf8');
  const padded = Buffer.concat([data, Buffer.alloc((8 - (data.length % 8)) % 8)]);
  const cipher = crypto.createCipheriv('des-ede3-cbc', key, Buffer.alloc(8));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(padded), cipher.final()]);
}

/** The signature of `merchantParameters` (the base64 string itself) for `order`, in standard base64. */
export function redsysSignature(secretKey: string, order: string, merchantParameters: string): string {
  return crypto.createHmac('sha256', orderKey(secretKey, order)).update(merchantParameters).digest('base64');
}

const standardBase64 = (text: string) => text.replace(/-/g, '+').replace(/_/g, '/');

/** Whether `signature` (base64 or base64url) is the one of these parameters; constant time. */
export function redsysSignatureMatches(
  secretKey: string,
  order: string,
  merchantParameters: string,
  signature: string,
): boolean {
  const expected = Buffer.from(redsysSignature(secretKey, order, merchantParameters), 'base64');
  const given = Buffer.from(standardBase64(signature), 'base64');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** Ds_MerchantParameters: the JSON of the parameters in base64. */
export function encodeMerchantParameters(parameters: Readonly<Record<string, string>>): string {
  return Buffer.from(JSON.stringify(parameters), 'utf8').toString('base64');
}

/** The parameters of a Ds_MerchantParameters (base64 or base64url); null when it is not a JSON object of strings. */
export function decodeMerchantParameters(encoded: string): Record<string, string> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(standardBase64(encoded), 'base64').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const entries = Object.entries(parsed as Record<string, unknown>);
  if (entries.some(([, value]) => typeof value !== 'string' && typeof value !== 'number')) return null;
  // Redsys URL-encodes some values (Ds_Date "25%2F11%2F2026"); a bare number is read as its text.
  return Object.fromEntries(entries.map(([name, value]) => [name, String(value)]));
}

/** A signed Redsys message: what the browser form, the REST call and the notification all carry. */
export interface RedsysSignedMessage {
  readonly Ds_SignatureVersion: string;
  readonly Ds_MerchantParameters: string;
  readonly Ds_Signature: string;
}

/** Signs parameters for `order` (the order number the key is derived from). */
export function signRedsysMessage(
  secretKey: string,
  order: string,
  parameters: Readonly<Record<string, string>>,
): RedsysSignedMessage {
  const encoded = encodeMerchantParameters(parameters);
  return {
    Ds_SignatureVersion: REDSYS_SIGNATURE_VERSION,
    Ds_MerchantParameters: encoded,
    Ds_Signature: redsysSignature(secretKey, order, encoded),
  };
}
