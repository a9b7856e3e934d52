import { z } from 'zod';
import {
  ForgedNotificationError,
  RefundFailedError,
  type PaymentProvider,
  type RedirectForm,
  type StartPayment,
  type VerifiedNotification,
} from './payment-provider.ts';
import {
  REDSYS_SIGNATURE_VERSION,
  decodeMerchantParameters,
  redsysSignatureMatches,
  signRedsysMessage,
} from './redsys-signature.ts';

/**
 * The Redsys adapter (decision 039): the hosted payment page (`realizarPago`) by a signed form, the
 * notification to DS_MERCHANT_MERCHANTURL, and refunds (transaction type 3) by its REST endpoint
 * (`trataPeticionREST`). Amounts are cents in euros (currency 978).
 */

export interface RedsysMerchant {
  readonly merchantCode: string;
  readonly terminal: string;
  /** The merchant's base64 secret key. */
  readonly secretKey: string;
}

export interface RedsysEndpoints {
  /** The hosted payment page the browser form posts to. */
  readonly paymentUrl: string;
  /** The REST endpoint refunds go to. */
  readonly restUrl: string;
}

export const REDSYS_ENDPOINTS = {
  redsys_test: {
    paymentUrl: 'https://sis-t.redsys.es:25443/sis/realizarPago',
    restUrl: 'https://sis-t.redsys.es:25443/sis/rest/trataPeticionREST',
  },
  redsys_live: {
    paymentUrl: 'https://sis.redsys.es/sis/realizarPago',
    restUrl: 'https://sis.redsys.es/sis/rest/trataPeticionREST',
  },
} as const satisfies Record<string, RedsysEndpoints>;

/** The paths of Redsys's endpoints, which the test acquirer serves too. */
export const REDSYS_PAYMENT_PATH = '/sis/realizarPago';
export const REDSYS_REST_PATH = '/sis/rest/trataPeticionREST';

const EURO = '978';
const AUTHORISATION = '0';
const REFUND = '3';

/** Redsys's order number: four digits, then up to eight letters or digits. */
export const REDSYS_ORDER = /^[0-9]{4}[0-9A-Za-z]{0,8}$/;

/** Ds_Response: 0000 to 0099 is an authorised payment; 0900 an accepted refund. */
const isAuthorised = (code: string) => /^\d{1,4}$/.test(code) && Number(code) <= 99;
const REFUND_ACCEPTED = '0900';

const signedMessageSchema = z.object({
  Ds_SignatureVersion: z.literal(REDSYS_SIGNATURE_VERSION),
  Ds_MerchantParameters: z.string().min(1).max(8000),
  Ds_Signature: z.string().min(1).max(200),
});

/** The parameter of a notification, whatever case Redsys wrote its name in (Ds_Order, DS_ORDER). */
function parameter(parameters: Record<string, string>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  return Object.entries(parameters).find(([key]) => key.toLowerCase() === wanted)?.[1];
}

export function createRedsysProvider(
  merchant: RedsysMerchant,
  endpoints: RedsysEndpoints,
  post: typeof fetch = fetch,
): PaymentProvider {
  const merchantParameters = (order: string, amountCents: number, type: string) => ({
    DS_MERCHANT_AMOUNT: String(amountCents),
    DS_MERCHANT_ORDER: order,
    DS_MERCHANT_MERCHANTCODE: merchant.merchantCode,
    DS_MERCHANT_TERMINAL: merchant.terminal,
    DS_MERCHANT_CURRENCY: EURO,
    DS_MERCHANT_TRANSACTIONTYPE: type,
  });

  return {
    formOrigin: new URL(endpoints.paymentUrl).origin,

    startPayment(input: StartPayment): RedirectForm {
      if (!REDSYS_ORDER.test(input.orderRef)) throw new RangeError('not a Redsys order number');
      const message = signRedsysMessage(merchant.secretKey, input.orderRef, {
        ...merchantParameters(input.orderRef, input.amountCents, AUTHORISATION),
        DS_MERCHANT_MERCHANTURL: input.notificationUrl,
        DS_MERCHANT_URLOK: input.okUrl,
        DS_MERCHANT_URLKO: input.koUrl,
        DS_MERCHANT_PRODUCTDESCRIPTION: input.description,
      });
      return { url: endpoints.paymentUrl, fields: { ...message } };
    },

    verifyNotification(body: unknown): VerifiedNotification {
      const message = signedMessageSchema.safeParse(body);
      if (!message.success) throw new ForgedNotificationError('not a Redsys notification');
      const parameters = decodeMerchantParameters(message.data.Ds_MerchantParameters);
      const order = parameters && parameter(parameters, 'Ds_Order');
      if (!parameters || !order || !REDSYS_ORDER.test(order))
        throw new ForgedNotificationError('unreadable parameters');
      const signed = redsysSignatureMatches(
        merchant.secretKey,
        order,
        message.data.Ds_MerchantParameters,
        message.data.Ds_Signature,
      );
      if (!signed) throw new ForgedNotificationError('bad signature');
      if (parameter(parameters, 'Ds_MerchantCode') !== merchant.merchantCode)
        throw new ForgedNotificationError('another merchant');
      const amount = parameter(parameters, 'Ds_Amount') ?? '';
      const responseCode = parameter(parameters, 'Ds_Response') ?? '';
      if (!/^\d{1,12}$/.test(amount)) throw new ForgedNotificationError('unreadable amount');
      const authorised = isAuthorised(responseCode);
      return {
        orderRef: order,
        authorised,
        amountCents: Number(amount),
        authCode: authorised ? (parameter(parameters, 'Ds_AuthorisationCode')?.trim() ?? null) : null,
        responseCode,
      };
    },

    async refund(orderRef: string, amountCents: number): Promise<void> {
      const message = signRedsysMessage(
        merchant.secretKey,
        orderRef,
        merchantParameters(orderRef, amountCents, REFUND),
      );
      let reply: unknown;
      try {
        const response = await post(endpoints.restUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(message),
          signal: AbortSignal.timeout(15_000),
        });
        reply = await response.json();
      } catch (error) {
        throw new RefundFailedError('the acquirer did not answer', { cause: error });
      }
      const signed = signedMessageSchema.safeParse(reply);
      if (!signed.success) throw new RefundFailedError('the acquirer refused the refund');
      const parameters = decodeMerchantParameters(signed.data.Ds_MerchantParameters);
      const order = parameters && parameter(parameters, 'Ds_Order');
      if (
        !parameters ||
        order !== orderRef ||
        !redsysSignatureMatches(
          merchant.secretKey,
          order,
          signed.data.Ds_MerchantParameters,
          signed.data.Ds_Signature,
        )
      )
        throw new RefundFailedError('unsigned refund reply');
      if (parameter(parameters, 'Ds_Response') !== REFUND_ACCEPTED)
        throw new RefundFailedError('the acquirer refused the refund');
    },
  };
}
