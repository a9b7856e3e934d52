import type { RateLimitRule } from '../rate-limit/rate-limit.service.ts';

// What a guest's own calls may do per address, e-mail or reservation: the guest self-service routes take them,
// and so does the menu's sign-up of a companion, which creates a guest as an invitation does.

/** remindnumber per address, and per address asked about (no mail bombing of a guest). */
export const REMIND_PER_ADDRESS: RateLimitRule = { name: 'guest-remind-ip', max: 10, windowSeconds: 3600 };
export const REMIND_PER_EMAIL: RateLimitRule = { name: 'guest-remind-email', max: 5, windowSeconds: 3600 };
/** sendpass per reservation. */
export const SENDPASS_PER_RESERVATION: RateLimitRule = {
  name: 'guest-sendpass',
  max: 5,
  windowSeconds: 3600,
};
/** Invitation sign-ups per address (each creates a guest). */
export const REGISTER_USER_PER_ADDRESS: RateLimitRule = {
  name: 'guest-register',
  max: 30,
  windowSeconds: 600,
};
