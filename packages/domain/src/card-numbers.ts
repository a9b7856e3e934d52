/**
 * Card numbers in free text (PCI-01, decision 021). A primary account number is 13 to 19 digits with a
 * valid Luhn check digit; people write it grouped by spaces, dots or dashes. Any such sequence, once those
 * separators are removed, is refused wherever text reaches the server, and masked in logs. The database
 * repeats the same rule in SQL (`sobremesa_has_card_number`, migration 0007).
 */

/** Characters people group card digits with, removed before looking for digit sequences. */
const SEPARATORS = /[\s.-]/g;
const MIN_DIGITS = 13;
const MAX_DIGITS = 19;

/** True when `digits` (ASCII digits only) passes the Luhn check. */
export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48;
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/**
 * True when `text` holds a Luhn-valid sequence of 13 to 19 consecutive digits after removing spaces, dots
 * and dashes: any such window of a longer run counts, so a card number followed by its CVV is caught too.
 */
export function containsCardNumber(text: string): boolean {
  for (const [run] of text.replace(SEPARATORS, '').matchAll(/\d{13,}/g)) {
    for (let length = MIN_DIGITS; length <= Math.min(MAX_DIGITS, run.length); length += 1) {
      for (let start = 0; start + length <= run.length; start += 1) {
        if (isLuhnValid(run.slice(start, start + length))) return true;
      }
    }
  }
  return false;
}

/** Digits grouped as people write them: 13 or more digits with spaces, dots or dashes between. */
const GROUPED_DIGITS = /\d(?:[\s.-]*\d){12,}/g;

/** `text` with every grouped digit sequence that holds a card number replaced by `[card]` (for logs). */
export function maskCardNumbers(text: string): string {
  return text.replace(GROUPED_DIGITS, (sequence) => (containsCardNumber(sequence) ? '[card]' : sequence));
}
