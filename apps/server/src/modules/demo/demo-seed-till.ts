import type { Transaction } from '../../db/database.ts';
import {
  paymentSettings,
  cardReaders,
  cashDrawers,
  cashDrawerSlots,
  invoiceSeries,
  venueProviders,
  vouchers,
} from '../../db/schema/index.ts';
import {
  DEMO_CARD_READERS,
  DEMO_CASH_DRAWER,
  DEMO_INVOICE_SERIES,
  DEMO_VENUE_PROVIDERS,
} from './demo-venue.ts';
import { insertRows, listCashDenominations } from './demo.repository.ts';

/**
 * A 10,00 € gift card to try the TPV's voucher redemption with. Without a limit of uses, so every demo
 * account can take it (an account takes a voucher once).
 */
const DEMO_VOUCHER = { code: 'REGALO10', kind: 'amount', amountCents: 1000 } as const;

/** Cash drawer with its float, card readers, providers, the invoice series and the demo voucher. */
export async function seedTill(tx: Transaction, venueId: number): Promise<void> {
  const [drawer] = await insertRows(tx, cashDrawers, [{ venueId, name: DEMO_CASH_DRAWER.name }]);
  const denominations = await listCashDenominations(tx);
  await insertRows(
    tx,
    cashDrawerSlots,
    denominations.map((denomination) => ({
      venueId,
      cashDrawerId: drawer!.id,
      cashDenominationId: denomination.id,
      quantity: DEMO_CASH_DRAWER.float.get(denomination.valueCents) ?? 0,
    })),
  );
  await insertRows(
    tx,
    cardReaders,
    DEMO_CARD_READERS.map((reader, index) => ({ venueId, ...reader, sortOrder: index })),
  );
  await insertRows(
    tx,
    venueProviders,
    DEMO_VENUE_PROVIDERS.map((provider) => ({ venueId, ...provider })),
  );
  await insertRows(
    tx,
    invoiceSeries,
    DEMO_INVOICE_SERIES.map((series) => ({ venueId, ...series })),
  );
  await insertRows(tx, vouchers, [{ venueId, ...DEMO_VOUCHER }]);
}

/**
 * Card payment for takeaway on the test acquirer that ships with the server (decision 039), with
 * Redsys's published test merchant and key: the demo shows the whole flow and no money can move.
 */
export async function seedPayments(tx: Transaction, venueId: number): Promise<void> {
  await tx.insert(paymentSettings).values({
    venueId,
    provider: 'redsys',
    environment: 'test_acquirer',
    merchantCode: '999008881',
    terminal: '1',
    secretKey: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
  });
}
