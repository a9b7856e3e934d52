import { isValidEmail } from '@sobremesa/domain';

/** Step 2's values and their checks, kept out of the step's own chunk (the form loads it when needed). */
export interface GuestForm {
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly comments: string;
  readonly consent: boolean;
}

export const EMPTY_GUEST_FORM: GuestForm = { name: '', email: '', phone: '', comments: '', consent: false };

export type GuestField = 'name' | 'email' | 'phone' | 'consent';
export type GuestErrors = Partial<Record<GuestField, string>>;

/** The server's phone rule (register's contract), so the guest hears about it before submitting. */
const PHONE = /^\+?[0-9 ().-]{6,32}$/;

/** Spec §5: the name is required ("Por favor, introduce tu nombre") and the email follows the spec's format. */
export function validateGuest(form: GuestForm, t: (key: `errors.${GuestField}`) => string): GuestErrors {
  const errors: GuestErrors = {};
  if (!form.name.trim()) errors.name = t('errors.name');
  if (!isValidEmail(form.email)) errors.email = t('errors.email');
  if (form.phone.trim() && !PHONE.test(form.phone.trim())) errors.phone = t('errors.phone');
  if (!form.consent) errors.consent = t('errors.consent');
  return errors;
}

/** The fields in the order the form shows them: the first wrong one takes the focus. */
export const GUEST_FIELD_ORDER: readonly GuestField[] = ['name', 'email', 'phone', 'consent'];
