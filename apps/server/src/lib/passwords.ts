import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { checkPassword, type PasswordProblem } from '@sobremesa/domain';
import { COMMON_PASSWORDS, DEMO_PASSWORD } from './common-passwords.ts';

/** argon2id at OWASP's first recommended setting (SEC-03): 19 MiB, 2 passes, 1 lane. */
// The library's Algorithm is an ambient const enum; 2 is its Argon2id member.
const ARGON2_OPTIONS = {
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Hashes a password into a PHC string that carries its own parameters and salt. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// Verified against when the account does not exist, so a missing account costs the same time as a
// wrong password and response timing does not reveal which emails are staff.
const dummyHash = hashPassword('sobremesa-timing-equaliser');

/** Checks a password against a stored hash; with no hash it still spends the same time and fails. */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  try {
    return await verify(storedHash ?? (await dummyHash), password);
  } catch {
    return false;
  }
}

/**
 * SEC-03 acceptance for a new password, kept exactly as typed. The published demo password is common
 * everywhere except for the demo seed's own accounts (`demoSeed`), so no real venue can end up with it.
 */
export function passwordProblem(
  password: string,
  options: { demoSeed?: boolean } = {},
): PasswordProblem | null {
  if (options.demoSeed && password === DEMO_PASSWORD) return null;
  return checkPassword(password, COMMON_PASSWORDS);
}
