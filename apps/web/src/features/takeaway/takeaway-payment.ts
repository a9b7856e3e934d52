import type { PaymentForm } from './takeaway-api.ts';

/**
 * The trip to the payment page and back (decision 039). The status link must not travel to the
 * provider (it is the guest's capability, SEC-09), so this tab keeps it while the guest pays and the
 * provider sends them back to `/takeaway-delivery?payment=ok|ko`, where the page picks it up again.
 */

const PAYING_KEY = 'sobremesa.takeaway.paying';

/** Keeps the order's link in this tab and posts the signed form to the provider's page. */
export function goToPayment(form: PaymentForm, statusToken: string): void {
  sessionStorage.setItem(PAYING_KEY, statusToken);
  const element = document.createElement('form');
  element.method = 'post';
  element.action = form.url;
  for (const [name, value] of Object.entries(form.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    element.append(input);
  }
  document.body.append(element);
  element.submit();
}

/** Back from the provider: the link of the order this tab was paying for, once. */
export function returnedFromPayment(search: string): string | null {
  if (!new URLSearchParams(search).has('payment')) return null;
  const token = sessionStorage.getItem(PAYING_KEY);
  sessionStorage.removeItem(PAYING_KEY);
  return token;
}
