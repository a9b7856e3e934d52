import { createHash } from 'node:crypto';
import { hashInput, type HashFields } from '@sobremesa/domain';

/** SHA-256 of a UTF-8 string as uppercase hex (FIS-01). */
export function sha256Hex(input: string): string {
  return createHash('sha256').update(input, 'utf8').digest('hex').toUpperCase();
}

/** A record's Huella: the hash of its input string. The server and `npm run fiscal:huella` both use this. */
export function huellaOf(fields: HashFields): { input: string; huella: string } {
  const input = hashInput(fields);
  return { input, huella: sha256Hex(input) };
}
