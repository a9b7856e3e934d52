import type { ClientData, FieldError } from '@sobremesa/contracts';

/** The fields of a nominative invoice's client form, in the order the form shows them. */
export const CLIENT_FIELDS = ['name', 'taxId', 'address', 'postalCode', 'city', 'country', 'email'] as const;
export type ClientField = (typeof CLIENT_FIELDS)[number];

/** What the cashier typed: every field as text, so nothing typed is lost on a refusal. */
export type ClientForm = Readonly<Record<ClientField, string>>;

/** The form of a new client; Spain unless changed (the venues are in Spain). */
export const EMPTY_CLIENT_FORM: ClientForm = {
  name: '',
  taxId: '',
  address: '',
  postalCode: '',
  city: '',
  country: 'ES',
  email: '',
};

/** A known client (bill-client-fiscal-infos) as the form shows it. */
export function formOfClient(client: Omit<ClientData, 'email'> & { email?: string | null }): ClientForm {
  return {
    name: client.name,
    taxId: client.taxId,
    address: client.address,
    postalCode: client.postalCode,
    city: client.city,
    country: client.country,
    email: client.email ?? '',
  };
}

/**
 * The form as the server takes it: the country in capitals ("es" is Spain too), an empty email left out
 * (it is optional, and an empty one is not an address). The server trims and validates the rest.
 */
export function clientDataOf(form: ClientForm): ClientData {
  const email = form.email.trim();
  return {
    name: form.name,
    taxId: form.taxId,
    address: form.address,
    postalCode: form.postalCode,
    city: form.city,
    country: form.country.trim().toUpperCase(),
    ...(email ? { email } : {}),
  };
}

/**
 * The form's fields the server refused (a 400 names them as `clientData.<field>`), in the form's order;
 * anything else it names (not a field of the form) is left to the general message.
 */
export function refusedClientFields(fields: readonly FieldError[]): ClientField[] {
  const named = new Set(fields.map((field) => field.path.replace(/^clientData\./, '')));
  return CLIENT_FIELDS.filter((field) => named.has(field));
}
