import { hashInput, type HashFields } from './records.ts';

/**
 * Checks a chain of records end to end (FIS-02): each record's stored input string is the one its fields
 * give, its Huella is the hash of that string, and it names the previous record's Huella (the first one
 * none). The hash function is given (SHA-256, uppercase hex on the server) so this stays pure.
 */

export interface ChainLink {
  readonly fields: HashFields;
  readonly storedInput: string;
  readonly huella: string;
}

export type ChainBreak = 'input_mismatch' | 'hash_mismatch' | 'previous_mismatch';

export type ChainCheck =
  | { readonly ok: true; readonly count: number; readonly lastHuella: string }
  | { readonly ok: false; readonly index: number; readonly reason: ChainBreak };

export function verifyChain(
  links: readonly ChainLink[],
  sha256Hex: (input: string) => string,
  previousHuella = '',
): ChainCheck {
  let previous = previousHuella;
  for (const [index, link] of links.entries()) {
    if (link.fields.Huella !== previous) return { ok: false, index, reason: 'previous_mismatch' };
    const input = hashInput(link.fields);
    if (input !== link.storedInput) return { ok: false, index, reason: 'input_mismatch' };
    if (sha256Hex(input) !== link.huella) return { ok: false, index, reason: 'hash_mismatch' };
    previous = link.huella;
  }
  return { ok: true, count: links.length, lastHuella: previous };
}
