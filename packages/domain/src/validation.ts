/**
 * Email format of spec §5: a local part, `@`, and a host ending in 2-5 letters or 1-3 digits.
 * Kept close to the original front end's rule so guests see the same acceptance everywhere.
 */
export const EMAIL_PATTERN = /^[^\s@]+@(?:[^\s@]+\.)+(?:[A-Za-z]{2,5}|\d{1,3})$/;

/** Whether `value` is an email address by spec §5. */
export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** Password length bounds of SEC-03: at least 8, and long passphrases (64+) allowed. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Why a proposed password is refused, or null when it is acceptable (SEC-03: no composition rules). */
export type PasswordProblem = 'too_short' | 'too_long' | 'common';

/**
 * Checks a new password against SEC-03. `commonPasswords` is passed in (lower-cased) so the domain stays
 * free of I/O; the server ships the list. The password itself is kept exactly as typed; only this lookup
 * ignores case and surrounding spaces, so ` Password1 ` is as common as `password1`.
 */
export function checkPassword(
  password: string,
  commonPasswords: ReadonlySet<string>,
): PasswordProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'too_short';
  if (length > PASSWORD_MAX_LENGTH) return 'too_long';
  if (commonPasswords.has(password.trim().toLowerCase())) return 'common';
  return null;
}

/**
 * A Spanish postal code: five digits whose first two name one of the 52 provinces (01 Álava to 52
 * Melilla), so 01000 to 52999. Correos has no code outside that range, and a fiscal address with one is
 * a typo.
 */
export function isSpanishPostalCode(value: string): boolean {
  return /^(?:0[1-9]|[1-4]\d|5[0-2])\d{3}$/.test(value);
}
