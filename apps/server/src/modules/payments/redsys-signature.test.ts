import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createRedsysProvider } from './redsys-provider.ts';
import {
  decodeMerchantParameters,
  redsysSignature,
  redsysSignatureMatches,
  signRedsysMessage,
} from './redsys-signature.ts';

/** Redsys's public test key (its integration guide and sample code use it with merchant 999008881). */
const TEST_KEY = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7';

/**
 * The notification of Redsys's own PHP sample (`ejemploRecepcionaPet.php` of its API kit): order
 * MN000049, 159.00 EUR, authorised, signed with the test key.
 */
const PUBLISHED = {
  Ds_MerchantParameters:
    'eyJEc19EYXRlIjoiMzAlMkYwOCUyRjIwMjIiLCJEc19Ib3VyIjoiMTIlM0ExOCIsIkRzX1NlY3VyZVBheW1lbnQiOiIxIiwiRHNfQ2FyZF9Db3VudHJ5IjoiNzI0IiwiRHNfQW1vdW50IjoiMTU5MDAiLCJEc19DdXJyZW5jeSI6Ijk3OCIsIkRzX09yZGVyIjoiTU4wMDAwNDkiLCJEc19NZXJjaGFudENvZGUiOiIzNTU4NjgxMDAiLCJEc19UZXJtaW5hbCI6IjAwMSIsIkRzX1Jlc3BvbnNlIjoiMDAwMCIsIkRzX01lcmNoYW50RGF0YSI6IiIsIkRzX1RyYW5zYWN0aW9uVHlwZSI6IjAiLCJEc19Db25zdW1lckxhbmd1YWdlIjoiMSIsIkRzX0F1dGhvcmlzYXRpb25Db2RlIjoiMDAyNDEzIiwiRHNfQ2FyZF9CcmFuZCI6IjEiLCJEc19Qcm9jZXNzZWRQYXlNZXRob2QiOiI1IiwiRHNfQ29udHJvbF8xNjYxODU0NjgzOTg4IjoiMTY2MTg1NDY4Mzk4OCJ9',
  Ds_Signature: 'O9aFvML5qK8VBQhV4GK8kFHvmAQaSnX1hfckr7abzIs=',
};

describe('Redsys HMAC_SHA256_V1', () => {
  it('reproduces the signature of Redsys’s published sample notification', () => {
    expect(redsysSignature(TEST_KEY, 'MN000049', PUBLISHED.Ds_MerchantParameters)).toBe(
      PUBLISHED.Ds_Signature,
    );
  });

  it('agrees with the algorithm written out with node crypto step by step', () => {
    const order = '1234AbCd';
    const parameters = signRedsysMessage(TEST_KEY, order, { DS_MERCHANT_ORDER: order }).Ds_MerchantParameters;
    // 3DES-CBC, zero IV, the order zero-padded to 8 bytes, under the decoded key; then HMAC-SHA256.
    const cipher = crypto.createCipheriv('des-ede3-cbc', Buffer.from(TEST_KEY, 'base64'), Buffer.alloc(8));
    cipher.setAutoPadding(false);
    const key = Buffer.concat([cipher.update(Buffer.from(order.padEnd(8, '\0'))), cipher.final()]);
    const expected = crypto.createHmac('sha256', key).update(parameters).digest('base64');
    expect(redsysSignature(TEST_KEY, order, parameters)).toBe(expected);
  });

  it('accepts the base64url form Redsys notifies with and refuses a changed parameter', () => {
    const message = signRedsysMessage(TEST_KEY, '0001abc', { Ds_Order: '0001abc', Ds_Amount: '1250' });
    const url = message.Ds_Signature.replace(/\+/g, '-').replace(/\//g, '_');
    expect(redsysSignatureMatches(TEST_KEY, '0001abc', message.Ds_MerchantParameters, url)).toBe(true);
    const forged = signRedsysMessage(TEST_KEY, '0001abc', { Ds_Order: '0001abc', Ds_Amount: '1' });
    expect(
      redsysSignatureMatches(TEST_KEY, '0001abc', forged.Ds_MerchantParameters, message.Ds_Signature),
    ).toBe(false);
    expect(decodeMerchantParameters(message.Ds_MerchantParameters)).toEqual({
      Ds_Order: '0001abc',
      Ds_Amount: '1250',
    });
  });
});

describe('the Redsys adapter', () => {
  const provider = createRedsysProvider(
    { merchantCode: '999008881', terminal: '1', secretKey: TEST_KEY },
    {
      paymentUrl: 'http://127.0.0.1:1/sis/realizarPago',
      restUrl: 'http://127.0.0.1:1/sis/rest/trataPeticionREST',
    },
  );

  it('builds the hosted page form with Redsys’s parameters, amount in cents', () => {
    const form = provider.startPayment({
      orderRef: '0042Xy7',
      amountCents: 1250,
      notificationUrl: 'http://localhost/n',
      okUrl: 'http://localhost/ok',
      koUrl: 'http://localhost/ko',
      description: 'Pedido 3',
    });
    expect(form.url).toBe('http://127.0.0.1:1/sis/realizarPago');
    expect(form.fields.Ds_SignatureVersion).toBe('HMAC_SHA256_V1');
    expect(decodeMerchantParameters(form.fields.Ds_MerchantParameters!)).toMatchObject({
      DS_MERCHANT_AMOUNT: '1250',
      DS_MERCHANT_ORDER: '0042Xy7',
      DS_MERCHANT_MERCHANTCODE: '999008881',
      DS_MERCHANT_TERMINAL: '1',
      DS_MERCHANT_CURRENCY: '978',
      DS_MERCHANT_TRANSACTIONTYPE: '0',
      DS_MERCHANT_MERCHANTURL: 'http://localhost/n',
      DS_MERCHANT_URLOK: 'http://localhost/ok',
      DS_MERCHANT_URLKO: 'http://localhost/ko',
    });
    expect(
      redsysSignatureMatches(
        TEST_KEY,
        '0042Xy7',
        form.fields.Ds_MerchantParameters!,
        form.fields.Ds_Signature!,
      ),
    ).toBe(true);
  });

  it('reads a signed notification of its merchant and refuses another merchant’s', () => {
    const notice = (merchantCode: string, response: string) =>
      signRedsysMessage(TEST_KEY, '0042Xy7', {
        Ds_Order: '0042Xy7',
        Ds_Amount: '1250',
        Ds_MerchantCode: merchantCode,
        Ds_Response: response,
        Ds_AuthorisationCode: '123456',
      });
    expect(provider.verifyNotification(notice('999008881', '0000'))).toEqual({
      orderRef: '0042Xy7',
      authorised: true,
      amountCents: 1250,
      authCode: '123456',
      responseCode: '0000',
    });
    expect(provider.verifyNotification(notice('999008881', '0190'))).toMatchObject({
      authorised: false,
      authCode: null,
    });
    expect(() => provider.verifyNotification(notice('111111111', '0000'))).toThrow('another merchant');
    expect(() =>
      provider.verifyNotification({ ...notice('999008881', '0000'), Ds_Signature: 'AAAA' }),
    ).toThrow('bad signature');
  });
});
