import { isValidEmail } from '@sobremesa/domain';
import type { TakeawayMode } from './takeaway-api.ts';

/** What the guest types on the takeaway form. */
export interface TakeawayDetails {
  readonly name: string;
  readonly phone: string;
  readonly email: string;
  readonly address: string;
  readonly postalCode: string;
  readonly notes: string;
}

export const EMPTY_DETAILS: TakeawayDetails = {
  name: '',
  phone: '',
  email: '',
  address: '',
  postalCode: '',
  notes: '',
};

export type DetailsField = 'name' | 'phone' | 'email' | 'address' | 'cart';
export const DETAILS_FIELD_ORDER: readonly DetailsField[] = ['cart', 'name', 'phone', 'email', 'address'];

/** The same phone rule as the server's contract. */
const PHONE = /^\+?[0-9 ().-]{6,32}$/;

/** The form's problems, field by field (the server checks again). */
export function detailsProblems(
  details: TakeawayDetails,
  mode: TakeawayMode,
  cartSize: number,
): Partial<Record<DetailsField, true>> {
  const problems: Partial<Record<DetailsField, true>> = {};
  if (cartSize === 0) problems.cart = true;
  if (details.name.trim() === '') problems.name = true;
  if (!PHONE.test(details.phone.trim())) problems.phone = true;
  if (!isValidEmail(details.email.trim())) problems.email = true;
  if (mode === 'delivery' && (details.address.trim().length < 3 || details.postalCode.trim().length < 3))
    problems.address = true;
  return problems;
}
