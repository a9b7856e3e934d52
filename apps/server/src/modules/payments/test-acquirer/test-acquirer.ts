import crypto from 'node:crypto';
import http from 'node:http';
import { REDSYS_PAYMENT_PATH, REDSYS_REST_PATH } from '../redsys-provider.ts';
import {
  REDSYS_SIGNATURE_VERSION,
  decodeMerchantParameters,
  redsysSignatureMatches,
  signRedsysMessage,
} from '../redsys-signature.ts';
import { cardPage, resultPage } from './test-acquirer-pages.ts';

/**
 * A test acquirer that behaves like Redsys's endpoints (decision 039), for the demo and the tests: the
 * acquirer is outside the venue, so this stands in for it on loopback. It takes the signed form on
 * `realizarPago`, shows a card page, authorises the test card 4548812049400004 (any other is denied),
 * signs the outcome and posts it to the merchant's notification URL server to server, then sends the
 * browser to URLOK or URLKO. Refunds (type 3) come to its REST endpoint. Card numbers stay here: they
 * are read from the form, compared and forgotten, never stored, logged or sent anywhere.
 */

export const TEST_CARD_AUTHORISED = '4548812049400004';

/** The secret of a merchant terminal the acquirer knows, or undefined. */
export type MerchantLookup = (
  merchantCode: string,
  terminal: string,
) => Promise<{ secretKey: string } | undefined>;

interface Session {
  readonly merchantCode: string;
  readonly terminal: string;
  readonly secretKey: string;
  readonly order: string;
  readonly amountCents: number;
  readonly merchantUrl: string;
  readonly okUrl: string;
  readonly koUrl: string;
  readonly description: string;
}

interface Authorisation {
  readonly amountCents: number;
  /** The merchant's key as it was when the payment was made (a refund is checked with it). */
  readonly secretKey: string;
  refundedCents: number;
}

export interface TestAcquirer {
  readonly url: string;
  close(): Promise<void>;
}

/** Only loopback addresses: the acquirer never sends anything off this machine. */
function isLoopbackUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
    );
  } catch {
    return false;
  }
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const param = (parameters: Record<string, string>, name: string) =>
  Object.entries(parameters).find(([key]) => key.toUpperCase() === name)?.[1] ?? '';

function send(response: http.ServerResponse, status: number, type: string, body: string) {
  response.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
  });
  response.end(body);
}

export async function startTestAcquirer(options: {
  merchants: MerchantLookup;
  port?: number;
}): Promise<TestAcquirer> {
  const sessions = new Map<string, Session>();
  const authorised = new Map<string, Authorisation>();
  const key = (merchantCode: string, order: string) => `${merchantCode}:${order}`;

  /**
   * A signed message from a known merchant, with its parameters; null when anything is off. A refund
   * is checked with the key its payment was made under, so it needs no look-up: the demo's server may
   * be asking for it from inside a transaction of the embedded database the look-up would wait for.
   */
  async function verified(fields: Record<string, unknown>) {
    const encoded = fields.Ds_MerchantParameters;
    const signature = fields.Ds_Signature;
    if (fields.Ds_SignatureVersion !== REDSYS_SIGNATURE_VERSION) return null;
    if (typeof encoded !== 'string' || typeof signature !== 'string') return null;
    const parameters = decodeMerchantParameters(encoded);
    if (!parameters) return null;
    const merchantCode = param(parameters, 'DS_MERCHANT_MERCHANTCODE');
    const terminal = param(parameters, 'DS_MERCHANT_TERMINAL');
    const order = param(parameters, 'DS_MERCHANT_ORDER');
    const merchant =
      authorised.get(key(merchantCode, order)) ?? (await options.merchants(merchantCode, terminal));
    if (!merchant || !redsysSignatureMatches(merchant.secretKey, order, encoded, signature)) return null;
    return { parameters, merchantCode, terminal, order, secretKey: merchant.secretKey };
  }

  async function startPayment(body: string, response: http.ServerResponse) {
    const message = await verified(Object.fromEntries(new URLSearchParams(body)));
    const amount = message ? param(message.parameters, 'DS_MERCHANT_AMOUNT') : '';
    const urls = message
      ? ['DS_MERCHANT_MERCHANTURL', 'DS_MERCHANT_URLOK', 'DS_MERCHANT_URLKO'].map((name) =>
          param(message.parameters, name),
        )
      : [];
    if (!message || !/^\d{1,12}$/.test(amount) || !urls.every(isLoopbackUrl)) {
      send(response, 400, 'text/html; charset=utf-8', resultPage('SIS0042: datos de la petición no válidos'));
      return;
    }
    const id = crypto.randomBytes(16).toString('hex');
    sessions.set(id, {
      merchantCode: message.merchantCode,
      terminal: message.terminal,
      secretKey: message.secretKey,
      order: message.order,
      amountCents: Number(amount),
      merchantUrl: urls[0]!,
      okUrl: urls[1]!,
      koUrl: urls[2]!,
      description: param(message.parameters, 'DS_MERCHANT_PRODUCTDESCRIPTION'),
    });
    send(
      response,
      200,
      'text/html; charset=utf-8',
      cardPage(id, Number(amount), sessions.get(id)!.description),
    );
  }

  async function pay(body: string, response: http.ServerResponse) {
    const form = new URLSearchParams(body);
    const session = sessions.get(form.get('session') ?? '');
    if (!session) {
      send(response, 404, 'text/html; charset=utf-8', resultPage('Sesión de pago caducada'));
      return;
    }
    sessions.delete(form.get('session') ?? '');
    const ok = (form.get('card') ?? '').replace(/[\s-]/g, '') === TEST_CARD_AUTHORISED;
    const now = new Date();
    const parameters = {
      Ds_Date: encodeURIComponent(now.toLocaleDateString('es-ES', { timeZone: 'Europe/Madrid' })),
      Ds_Hour: encodeURIComponent(
        now.toLocaleTimeString('es-ES', { timeZone: 'Europe/Madrid', hour: '2-digit', minute: '2-digit' }),
      ),
      Ds_Amount: String(session.amountCents),
      Ds_Currency: '978',
      Ds_Order: session.order,
      Ds_MerchantCode: session.merchantCode,
      Ds_Terminal: session.terminal,
      Ds_Response: ok ? '0000' : '0190',
      Ds_TransactionType: '0',
      Ds_SecurePayment: '1',
      Ds_AuthorisationCode: ok ? String(crypto.randomInt(1_000_000)).padStart(6, '0') : '',
      Ds_Card_Brand: '1',
    };
    if (ok)
      authorised.set(key(session.merchantCode, session.order), {
        amountCents: session.amountCents,
        secretKey: session.secretKey,
        refundedCents: 0,
      });
    const notification = signRedsysMessage(session.secretKey, session.order, parameters);
    // Server to server first, as Redsys does: the merchant knows the outcome before the guest is back.
    await fetch(session.merchantUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...notification }).toString(),
      signal: AbortSignal.timeout(10_000),
    }).catch(() => undefined);
    response.writeHead(303, { location: ok ? session.okUrl : session.koUrl, 'cache-control': 'no-store' });
    response.end();
  }

  async function refund(body: string, response: http.ServerResponse) {
    let fields: Record<string, unknown> = {};
    try {
      fields = JSON.parse(body) as Record<string, unknown>;
    } catch {
      // Not JSON: refused below like any unsigned request.
    }
    const message = await verified(fields);
    if (!message || param(message.parameters, 'DS_MERCHANT_TRANSACTIONTYPE') !== '3') {
      send(response, 200, 'application/json', JSON.stringify({ errorCode: 'SIS0042' }));
      return;
    }
    const amount = Number(param(message.parameters, 'DS_MERCHANT_AMOUNT'));
    const paid = authorised.get(key(message.merchantCode, message.order));
    const accepted =
      paid !== undefined &&
      Number.isInteger(amount) &&
      amount > 0 &&
      paid.refundedCents + amount <= paid.amountCents;
    if (accepted) paid.refundedCents += amount;
    const reply = signRedsysMessage(message.secretKey, message.order, {
      Ds_Amount: String(amount),
      Ds_Currency: '978',
      Ds_Order: message.order,
      Ds_MerchantCode: message.merchantCode,
      Ds_Terminal: message.terminal,
      Ds_Response: accepted ? '0900' : '9999',
      Ds_TransactionType: '3',
      Ds_AuthorisationCode: accepted ? String(crypto.randomInt(1_000_000)).padStart(6, '0') : '',
    });
    send(response, 200, 'application/json', JSON.stringify(reply));
  }

  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'POST') {
      send(response, 405, 'text/plain', 'Method not allowed');
      return;
    }
    const handler =
      path === REDSYS_PAYMENT_PATH
        ? startPayment
        : path === '/sis/pagar'
          ? pay
          : path === REDSYS_REST_PATH
            ? refund
            : null;
    if (!handler) {
      send(response, 404, 'text/plain', 'Not found');
      return;
    }
    readBody(request)
      .then((body) => handler(body, response))
      .catch(() => {
        if (!response.headersSent) send(response, 400, 'text/plain', 'Bad request');
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('test acquirer has no address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
