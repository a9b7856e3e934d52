import { z } from 'zod';
import { containsCardNumber } from '@sobremesa/domain';

/**
 * What any input from outside must be before a route's own schema reads it (issue 17, decision 021).
 * Every route parses its body, query and path through the server's one `parseInput`, which applies
 * {@link wireInputIssues} to the whole input first, so a whole class of inputs that used to reach the
 * database and fail there as 500s is a 400 on every route, present and future:
 * - text with NUL characters or unpaired surrogates (PostgreSQL stores neither);
 * - numbers beyond PostgreSQL's `integer` (every id and count; money in cents fits too), or not finite
 *   (epoch-millisecond versions excepted: they stay within exact integers);
 * - card numbers in any text (PCI-01): a Luhn-valid 13-19 digit sequence once spaces, dots and dashes are
 *   removed, except in fields whose format is not free text and is checked by their own schema.
 */

/** PostgreSQL `integer`: ids, counts, minutes, cents of any real bill. */
export const MAX_WIRE_INTEGER = 2_147_483_647;
export const MIN_WIRE_INTEGER = -2_147_483_648;

/**
 * Fields that hold digits by format, not free text: phone numbers (a `00` prefix makes a Spanish number
 * 13 digits long, which a Luhn check would refuse one time in ten) and product SKUs (EAN-13 barcodes).
 * Their own schemas bound what they may hold.
 */
const FORMATTED_DIGIT_FIELDS: ReadonlySet<string> = new Set(['phone', 'sku']);

/**
 * Fields that carry a capability or token the server issued (a guest link's `uid`, a reservation's `wid`,
 * an asset token `t`, a hold token...) or a reference that may be one (`reservationId` and a path's `id` take
 * an id or a wid): random UUIDs and base64url, never typed by a person. Their digits, once dashes are taken
 * out, form a Luhn-valid run often enough (about one UUID in a hundred) that the card check refused real guest
 * links and orders; their own schemas bound their shape, and the server finds them by equality, never stores
 * them as text.
 */
const ISSUED_TOKEN_FIELD = /^(uid|wid|t|token|id|\w*(Wid|Uid|Token|Key|Id))s?$/;

/** The field a value sits in: the last named part of its path (array indexes skipped). */
function fieldOf(path: readonly string[]): string {
  return path.findLast((part) => !/^\d+$/.test(part)) ?? '';
}

function mayHoldCardDigits(field: string): boolean {
  return FORMATTED_DIGIT_FIELDS.has(field) || ISSUED_TOKEN_FIELD.test(field);
}

/**
 * Fields whose numbers are epoch milliseconds, past `integer` by nature: a reservation's `version` and the
 * `expectedVersion`s that send it back (floor contract's `versionSchema`). They stay within exact integers.
 */
const EPOCH_MILLISECOND_FIELD = /^(version|\w*Version)$/;

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const CARD_NUMBER_MESSAGE = 'Card numbers may not be sent';

/** One refused part of an input: its dotted path and why. */
export interface WireIssue {
  readonly path: string;
  readonly message: string;
  /** The part looked like a card number (PCI-01): the reply says so in the caller's language. */
  readonly cardNumber?: boolean;
}

/** Why `text` cannot be taken from outside, or undefined when it can. */
export function textProblem(
  text: string,
  options: { allowCardDigits?: boolean } = {},
): Omit<WireIssue, 'path'> | undefined {
  if (text.includes('\u0000')) return { message: 'NUL characters are not allowed' };
  if (UNPAIRED_SURROGATE.test(text)) return { message: 'Unpaired surrogates are not allowed' };
  if (!options.allowCardDigits && containsCardNumber(text)) {
    return { message: CARD_NUMBER_MESSAGE, cardNumber: true };
  }
  return undefined;
}

function numberProblem(value: number, field: string): string | undefined {
  const max = EPOCH_MILLISECOND_FIELD.test(field) ? Number.MAX_SAFE_INTEGER : MAX_WIRE_INTEGER;
  const min = EPOCH_MILLISECOND_FIELD.test(field) ? Number.MIN_SAFE_INTEGER : MIN_WIRE_INTEGER;
  return Number.isFinite(value) && value <= max && value >= min ? undefined : 'Number out of range';
}

/** Every part of a JSON input (a body, a query, path parameters) that no route may take. */
export function wireInputIssues(value: unknown, path: readonly string[] = []): WireIssue[] {
  const issues: WireIssue[] = [];
  // One path stack and one list for the whole walk: every request's input goes through here.
  collectWireIssues(value, [...path], issues);
  return issues;
}

function collectWireIssues(value: unknown, path: string[], issues: WireIssue[]): void {
  const add = (problem: Omit<WireIssue, 'path'>) =>
    issues.push({ path: path.length > 0 ? path.join('.') : '(body)', ...problem });
  if (typeof value === 'string') {
    const problem = textProblem(value, { allowCardDigits: mayHoldCardDigits(fieldOf(path)) });
    if (problem) add(problem);
  } else if (typeof value === 'number') {
    const message = numberProblem(value, path.at(-1) ?? '');
    if (message) add({ message });
  } else if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      path.push(String(index));
      collectWireIssues(value[index], path, issues);
      path.pop();
    }
  } else if (value !== null && typeof value === 'object') {
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      path.push(key);
      const keyProblem = textProblem(key, { allowCardDigits: true });
      if (keyProblem) issues.push({ path: path.join('.'), ...keyProblem });
      collectWireIssues((value as Record<string, unknown>)[key], path, issues);
      path.pop();
    }
  }
}

/** A row id in a body (PostgreSQL `integer`, positive). */
export const idSchema = z.number().int().min(1).max(MAX_WIRE_INTEGER);

/** A row id in a path or query string, where it travels as text. */
export const idParamSchema = z.coerce.number().int().min(1).max(MAX_WIRE_INTEGER);

/** Free text a person types (comments, names, notes, references): no card numbers, nothing unstorable. */
export const freeTextSchema = z.string().superRefine((text, context) => {
  const problem = textProblem(text);
  if (problem) context.addIssue({ code: 'custom', message: problem.message });
});

/** A phone number as people write it; its digits are a format, not free text (no card check). */
export const phoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ().-]{6,32}$/, { message: 'Expected a phone number' });
