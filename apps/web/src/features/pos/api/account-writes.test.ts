import { MutationObserver, QueryClient } from '@tanstack/query-core';
import { describe, expect, it } from 'vitest';
import { billQuery, POS_QUERY_KEY } from './pos-api.ts';
import { issueBillMutation } from './issue-bill.ts';
import { promotionMutation } from './promotions.ts';
import { redeemVoucherMutation } from './redeem-voucher.ts';
import { takePaymentMutation, type PaymentAttempt } from './take-payment.ts';

type Bill = { readonly bill: unknown; readonly paymentInfo: unknown };

const owing = (pending: number) => ({ total: 5000, paid: 5000 - pending, pending });

/** A client holding account 9's bill (as role 3 sees it) and the day's list, neither read again yet. */
function clientWithBill() {
  const client = new QueryClient();
  client.setQueryData(billQuery(9, 3).queryKey, {
    result: 0,
    bill: { lines: [] },
    paymentInfo: owing(5000),
    split: null,
  } as never);
  client.setQueryData([...POS_QUERY_KEY, 'day', 3, '2026-11-26'], { reservations: [] });
  return client;
}

const attempt: PaymentAttempt = {
  payment: { reservationId: 9, method: 'cash', amountCents: 2000, tenderedCents: 2000 },
  idempotencyKey: 'k1',
};

describe('the point of sale writes', () => {
  it('keeps what the payment reply says is owed with the bill, without asking for the bill again', async () => {
    const client = clientWithBill();
    const sut = new MutationObserver(
      client,
      takePaymentMutation(client, 3, () =>
        Promise.resolve({ paymentInfo: owing(3000), payment: { id: 1 }, changeCents: 0 } as never),
      ),
    );
    await sut.mutate(attempt);
    const bill = client.getQueryData(billQuery(9, 3).queryKey) as Bill;
    expect(bill.paymentInfo).toEqual(owing(3000));
    expect(bill.bill).toEqual({ lines: [] });
    expect(client.getQueryState(billQuery(9, 3).queryKey)?.isInvalidated).toBe(false);
    expect(client.getQueryState([...POS_QUERY_KEY, 'day', 3, '2026-11-26'])?.isInvalidated).toBe(true);
  });

  it('leaves the bill as it was when the payment is refused', async () => {
    const client = clientWithBill();
    const sut = new MutationObserver(
      client,
      takePaymentMutation(client, 3, () => Promise.reject(new Error('refused'))),
    );
    await expect(sut.mutate(attempt)).rejects.toThrow('refused');
    expect((client.getQueryData(billQuery(9, 3).queryKey) as Bill).paymentInfo).toEqual(owing(5000));
  });

  it('reads every point-of-sale query again once the bill is issued', async () => {
    const client = clientWithBill();
    const sut = new MutationObserver(
      client,
      issueBillMutation(client, () => Promise.resolve({ bill: {}, changeCents: 0 } as never)),
    );
    await sut.mutate({ reservationId: 9, idempotencyKey: 'k2' });
    expect(client.getQueryState(billQuery(9, 3).queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState([...POS_QUERY_KEY, 'day', 3, '2026-11-26'])?.isInvalidated).toBe(true);
  });
});

const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

describe('the writes on an account', () => {
  it("keeps a voucher's figures with the bill and has the guest's bill made again without it", async () => {
    const client = clientWithBill();
    const sut = new MutationObserver(
      client,
      redeemVoucherMutation(client, 3, () =>
        Promise.resolve({ paymentInfo: owing(2000), voucherSet: { code: 'A', amountCents: 3000 } } as never),
      ),
    );
    await sut.mutate({ reservationId: 9, code: 'A' });
    expect((client.getQueryData(billQuery(9, 3).queryKey) as { paymentInfo: unknown }).paymentInfo).toEqual(
      owing(2000),
    );
    expect(stale(client, billQuery(9, 3).queryKey)).toBe(true);
    expect(stale(client, [...POS_QUERY_KEY, 'day', 3, '2026-11-26'])).toBe(true);
  });

  it('leaves the bill as it was when the voucher is refused', async () => {
    const client = clientWithBill();
    const sut = new MutationObserver(
      client,
      redeemVoucherMutation(client, 3, () => Promise.reject(new Error('unknown code'))),
    );
    await expect(sut.mutate({ reservationId: 9, code: 'X' })).rejects.toThrow('unknown code');
    expect(stale(client, billQuery(9, 3).queryKey)).toBe(false);
  });

  it('reads every point-of-sale query again once a promotion is applied or removed', async () => {
    const client = clientWithBill();
    const sut = new MutationObserver(
      client,
      promotionMutation(client, () => Promise.resolve({})),
    );
    await sut.mutate(undefined);
    expect(stale(client, billQuery(9, 3).queryKey)).toBe(true);
    expect(stale(client, [...POS_QUERY_KEY, 'day', 3, '2026-11-26'])).toBe(true);
  });
});
