/**
 * What Sobremesa asks of a venue's payment provider (issue 27 item 2, decision 039). Card data never
 * reaches our server (PCI-01): the guest's browser is sent to the provider's own page with a signed
 * form, the provider tells the server the outcome server to server, and refunds go by the provider's
 * API. A venue plugs in another acquirer by writing one more implementation of this interface.
 */

/** A form the guest's browser posts to the provider's hosted payment page. */
export interface RedirectForm {
  readonly url: string;
  readonly fields: Readonly<Record<string, string>>;
}

export interface StartPayment {
  /** The acquirer's order reference (unique per merchant). */
  readonly orderRef: string;
  readonly amountCents: number;
  /** Where the provider posts the outcome, server to server. */
  readonly notificationUrl: string;
  /** Where the guest's browser goes back after paying, or after failing to. */
  readonly okUrl: string;
  readonly koUrl: string;
  readonly description: string;
}

/** An outcome the provider signed. */
export interface VerifiedNotification {
  readonly orderRef: string;
  readonly authorised: boolean;
  readonly amountCents: number;
  /** The acquirer's authorisation code when authorised. */
  readonly authCode: string | null;
  /** The provider's own result code, for the log. */
  readonly responseCode: string;
}

/** A notification whose signature, merchant or form is wrong: refused, nothing changes. */
export class ForgedNotificationError extends Error {}

/** The provider refused or could not take a refund. */
export class RefundFailedError extends Error {}

export interface PaymentProvider {
  /** The origin of the hosted page, which the guest's page may post its form to (CSP form-action). */
  readonly formOrigin: string;
  startPayment(input: StartPayment): RedirectForm;
  /** Checks the notification's signature and reads it; throws {@link ForgedNotificationError}. */
  verifyNotification(body: unknown): VerifiedNotification;
  /** Gives `amountCents` of an authorised payment back; throws {@link RefundFailedError}. */
  refund(orderRef: string, amountCents: number): Promise<void>;
}
