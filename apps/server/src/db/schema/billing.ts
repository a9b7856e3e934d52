import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { cardReaders, tillShifts } from './accounting.ts';
import { PAYMENT_METHODS_SQL } from './codes.ts';
import { createdAt, instant, moneyCents, venueId } from './columns.ts';
import { productOrders } from './orders.ts';
import { reservations } from './reservations.ts';
import { users } from './staff.ts';
import { venues } from './venues.ts';

/**
 * An invoice series of a venue and the last number it issued (REL-07). Issuing increments the row in the
 * issuing transaction: the row lock serialises issuers and a rolled-back issue gives its number back, so
 * numbers have no gaps and no duplicates. Nominative and corrective invoices use their own series (FIS-04).
 */
export const invoiceSeries = pgTable(
  'invoice_series',
  {
    venueId: venueId().references(() => venues.id, { onDelete: 'cascade' }),
    series: text('series').notNull(),
    /** simplified (tickets, F2), complete (nominative, F1/F3), corrective (R*). */
    kind: text('kind').notNull().default('simplified'),
    lastNumber: bigint('last_number', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.venueId, t.series] }),
    check('invoice_series_kind_check', sql`${t.kind} in ('simplified', 'complete', 'corrective')`),
    check('invoice_series_name_check', sql`${t.series} ~ '^[A-Za-z0-9/_-]{1,20}$'`),
    check('invoice_series_number_check', sql`${t.lastNumber} >= 0`),
  ],
);

/** Clients a venue issues nominative invoices to, searchable by name or tax id (spec bill-client-fiscal-infos). */
export const billClientFiscalInfos = pgTable(
  'bill_client_fiscal_infos',
  {
    id: serial('id').primaryKey(),
    venueId: venueId().references(() => venues.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    taxId: text('tax_id').notNull(),
    address: text('address').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    city: text('city').notNull().default(''),
    country: text('country').notNull().default('ES'),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('bill_client_fiscal_infos_venue_id_id_key').on(t.venueId, t.id),
    index('bill_client_fiscal_infos_tax_id_idx').on(t.venueId, t.taxId),
  ],
);

/**
 * A bill of an account. Type 0 is the bill the guest checks (not a fiscal document, may be redone);
 * type 1 the simplified invoice issued at payment (spec §3); type 2 a complete, nominative invoice
 * (replacing a ticket: `replacesBillId`); type 3 a corrective invoice (`rectifiesBillId`, FIS-05).
 * Once issued (types 1-3) a trigger of the `constraints` migration forbids changing its fiscal columns
 * and deleting it. Amounts: `base + vat = total`, VAT per rate in `bill_tax_lines`; tips stay outside.
 */
export const bills = pgTable(
  'bills',
  {
    id: serial('id').primaryKey(),
    // No cascade: invoices outlive the venue's other data (kept for the tax authority).
    venueId: venueId().references(() => venues.id),
    reservationId: integer('reservation_id').notNull(),
    type: smallint('type').notNull(),
    series: text('series'),
    number: bigint('number', { mode: 'number' }),
    issuedAt: instant('issued_at'),
    baseCents: moneyCents('base_cents').notNull(),
    vatCents: moneyCents('vat_cents').notNull(),
    totalCents: moneyCents('total_cents').notNull(),
    /** Promotions and vouchers applied, already deducted from base and VAT. */
    discountCents: moneyCents('discount_cents').notNull().default(0),
    /** The client's fiscal data as printed on a nominative invoice (name, taxId, address...). */
    clientFiscalInfo: jsonb('client_fiscal_info'),
    clientFiscalInfoId: integer('client_fiscal_info_id'),
    replacesBillId: integer('replaces_bill_id'),
    rectifiesBillId: integer('rectifies_bill_id'),
    /**
     * Why a corrective invoice was issued, as the cashier wrote it: printed on it (RD 1619/2012 art. 15),
     * fixed once issued. Null on every other bill, and on correctives issued before it was kept.
     */
    correctionReason: text('correction_reason'),
    createdByUserId: integer('created_by_user_id'),
    paidAt: instant('paid_at'),
    /** A superseded type-0 bill; invoices are never voided, only corrected. */
    voidedAt: instant('voided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('bills_venue_id_id_key').on(t.venueId, t.id),
    unique('bills_venue_series_number_key').on(t.venueId, t.series, t.number),
    index('bills_reservation_idx').on(t.venueId, t.reservationId),
    // The Z report and the owner's reports read invoices by when they were issued (decision 033).
    index('bills_issued_idx').on(t.venueId, t.issuedAt),
    // Which invoice replaced or corrects a bill: every day's sale asks it of each of its bills (decision 079),
    // and without these the planner's guess for those anti-joins sent the Z report to seconds of JIT.
    index('bills_replaces_idx')
      .on(t.venueId, t.replacesBillId)
      .where(sql`${t.replacesBillId} is not null`),
    index('bills_rectifies_idx')
      .on(t.venueId, t.rectifiesBillId)
      .where(sql`${t.rectifiesBillId} is not null`),
    foreignKey({
      name: 'bills_reservation_fk',
      columns: [t.venueId, t.reservationId],
      foreignColumns: [reservations.venueId, reservations.id],
    }),
    foreignKey({
      name: 'bills_series_fk',
      columns: [t.venueId, t.series],
      foreignColumns: [invoiceSeries.venueId, invoiceSeries.series],
    }),
    foreignKey({
      name: 'bills_client_fiscal_info_fk',
      columns: [t.venueId, t.clientFiscalInfoId],
      foreignColumns: [billClientFiscalInfos.venueId, billClientFiscalInfos.id],
    }),
    foreignKey({
      name: 'bills_replaces_fk',
      columns: [t.venueId, t.replacesBillId],
      foreignColumns: [t.venueId, t.id],
    }),
    foreignKey({
      name: 'bills_rectifies_fk',
      columns: [t.venueId, t.rectifiesBillId],
      foreignColumns: [t.venueId, t.id],
    }),
    foreignKey({
      name: 'bills_created_by_fk',
      columns: [t.venueId, t.createdByUserId],
      foreignColumns: [users.venueId, users.id],
    }),
    check('bills_type_check', sql`${t.type} in (0, 1, 2, 3)`),
    check(
      'bills_numbering_check',
      sql`(${t.type} = 0 and ${t.series} is null and ${t.number} is null)
        or (${t.type} <> 0 and ${t.series} is not null and ${t.number} >= 1 and ${t.issuedAt} is not null)`,
    ),
    check('bills_amounts_check', sql`${t.baseCents} + ${t.vatCents} = ${t.totalCents}`),
    check(
      'bills_sign_check',
      sql`${t.type} = 3 or (${t.baseCents} >= 0 and ${t.vatCents} >= 0 and ${t.discountCents} >= 0)`,
    ),
    check('bills_nominative_check', sql`${t.type} <> 2 or ${t.clientFiscalInfo} is not null`),
    check('bills_voided_check', sql`${t.voidedAt} is null or ${t.type} = 0`),
    check('bills_correction_reason_check', sql`${t.correctionReason} is null or ${t.type} = 3`),
  ],
);

/** The lines printed on a bill, copied from the account's order lines when the bill is made. */
export const billLines = pgTable(
  'bill_lines',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    billId: integer('bill_id').notNull(),
    productOrderId: integer('product_order_id'),
    description: text('description').notNull(),
    units: integer('units').notNull(),
    unitPriceCents: moneyCents('unit_price_cents').notNull(),
    vatRateBp: integer('vat_rate_bp').notNull(),
    totalCents: moneyCents('total_cents').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    index('bill_lines_bill_idx').on(t.venueId, t.billId),
    foreignKey({
      name: 'bill_lines_bill_fk',
      columns: [t.venueId, t.billId],
      foreignColumns: [bills.venueId, bills.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'bill_lines_product_order_fk',
      columns: [t.venueId, t.productOrderId],
      foreignColumns: [productOrders.venueId, productOrders.id],
    }),
    check('bill_lines_vat_rate_check', sql`${t.vatRateBp} between 0 and 10000`),
  ],
);

/** Base and VAT of one rate on a bill (REL-04: base + VAT = total per rate). */
export const billTaxLines = pgTable(
  'bill_tax_lines',
  {
    venueId: venueId(),
    billId: integer('bill_id').notNull(),
    vatRateBp: integer('vat_rate_bp').notNull(),
    baseCents: moneyCents('base_cents').notNull(),
    vatCents: moneyCents('vat_cents').notNull(),
    totalCents: moneyCents('total_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.billId, t.vatRateBp] }),
    foreignKey({
      name: 'bill_tax_lines_bill_fk',
      columns: [t.venueId, t.billId],
      foreignColumns: [bills.venueId, bills.id],
    }).onDelete('cascade'),
    check('bill_tax_lines_amounts_check', sql`${t.baseCents} + ${t.vatCents} = ${t.totalCents}`),
    check('bill_tax_lines_vat_rate_check', sql`${t.vatRateBp} between 0 and 10000`),
  ],
);

/**
 * A payment towards an account. Card data is limited to what PCI-01 allows (brand, last 4, auth code,
 * terminal reference): the checks refuse anything longer that could be a card number.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    reservationId: integer('reservation_id').notNull(),
    billId: integer('bill_id'),
    amountCents: moneyCents('amount_cents').notNull(),
    method: text('method').notNull(),
    /** Cash handed over and change given back. */
    tenderedCents: moneyCents('tendered_cents'),
    changeCents: moneyCents('change_cents'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardAuthCode: text('card_auth_code'),
    terminalReference: text('terminal_reference'),
    cardReaderId: integer('card_reader_id'),
    createdByUserId: integer('created_by_user_id'),
    /** The till shift it landed in (null before the venue ever opened its till; decision 033). */
    shiftId: integer('shift_id'),
    voidedAt: instant('voided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('payments_venue_id_id_key').on(t.venueId, t.id),
    index('payments_reservation_idx').on(t.venueId, t.reservationId),
    foreignKey({
      name: 'payments_reservation_fk',
      columns: [t.venueId, t.reservationId],
      foreignColumns: [reservations.venueId, reservations.id],
    }),
    foreignKey({
      name: 'payments_bill_fk',
      columns: [t.venueId, t.billId],
      foreignColumns: [bills.venueId, bills.id],
    }),
    foreignKey({
      name: 'payments_card_reader_fk',
      columns: [t.venueId, t.cardReaderId],
      foreignColumns: [cardReaders.venueId, cardReaders.id],
    }),
    index('payments_shift_idx').on(t.venueId, t.shiftId),
    index('payments_created_idx').on(t.venueId, t.createdAt),
    foreignKey({
      name: 'payments_shift_fk',
      columns: [t.venueId, t.shiftId],
      foreignColumns: [tillShifts.venueId, tillShifts.id],
    }),
    foreignKey({
      name: 'payments_created_by_fk',
      columns: [t.venueId, t.createdByUserId],
      foreignColumns: [users.venueId, users.id],
    }),
    check('payments_amount_check', sql`${t.amountCents} > 0`),
    check('payments_method_check', sql`${t.method} in ${PAYMENT_METHODS_SQL}`),
    check(
      'payments_cash_check',
      sql`case when ${t.method} = 'cash'
        then ${t.tenderedCents} >= ${t.amountCents} and ${t.changeCents} = ${t.tenderedCents} - ${t.amountCents}
        else ${t.tenderedCents} is null and ${t.changeCents} is null end`,
    ),
    check(
      'payments_card_check',
      sql`${t.method} = 'card' or (${t.cardBrand} is null and ${t.cardLast4} is null and ${t.cardAuthCode} is null)`,
    ),
    check('payments_last4_check', sql`${t.cardLast4} is null or ${t.cardLast4} ~ '^[0-9]{4}$'`),
    check(
      'payments_no_pan_check',
      sql`coalesce(${t.cardAuthCode}, '') !~ '[0-9]{7,}' and coalesce(${t.terminalReference}, '') !~ '[0-9]{13,}'
        and coalesce(${t.cardBrand}, '') !~ '[0-9]{4,}'`,
    ),
  ],
);

/** A tip: outside the VAT base and the invoice total (FIS-06). */
export const tips = pgTable(
  'tips',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    reservationId: integer('reservation_id').notNull(),
    billId: integer('bill_id'),
    paymentId: integer('payment_id'),
    amountCents: moneyCents('amount_cents').notNull(),
    method: text('method').notNull(),
    createdByUserId: integer('created_by_user_id'),
    /** The till shift it landed in (decision 033). */
    shiftId: integer('shift_id'),
    /** Voided with the payment it came with: kept, never deleted, and left out of every sum. */
    voidedAt: instant('voided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('tips_reservation_idx').on(t.venueId, t.reservationId),
    foreignKey({
      name: 'tips_reservation_fk',
      columns: [t.venueId, t.reservationId],
      foreignColumns: [reservations.venueId, reservations.id],
    }),
    foreignKey({
      name: 'tips_bill_fk',
      columns: [t.venueId, t.billId],
      foreignColumns: [bills.venueId, bills.id],
    }),
    foreignKey({
      name: 'tips_payment_fk',
      columns: [t.venueId, t.paymentId],
      foreignColumns: [payments.venueId, payments.id],
    }),
    index('tips_shift_idx').on(t.venueId, t.shiftId),
    index('tips_created_idx').on(t.venueId, t.createdAt),
    foreignKey({
      name: 'tips_shift_fk',
      columns: [t.venueId, t.shiftId],
      foreignColumns: [tillShifts.venueId, tillShifts.id],
    }),
    foreignKey({
      name: 'tips_created_by_fk',
      columns: [t.venueId, t.createdByUserId],
      foreignColumns: [users.venueId, users.id],
    }),
    check('tips_amount_check', sql`${t.amountCents} > 0`),
    check('tips_method_check', sql`${t.method} in ${PAYMENT_METHODS_SQL}`),
  ],
);

/** A voucher (gift card, prepaid menu, discount code) the venue accepts on an account. */
export const vouchers = pgTable(
  'vouchers',
  {
    id: serial('id').primaryKey(),
    venueId: venueId().references(() => venues.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** amount: `amountCents` off; percent: `percentBp` off (basis points). */
    kind: text('kind').notNull(),
    amountCents: moneyCents('amount_cents'),
    percentBp: integer('percent_bp'),
    validFrom: instant('valid_from'),
    validUntil: instant('valid_until'),
    maxRedemptions: integer('max_redemptions'),
    disabledAt: instant('disabled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('vouchers_venue_id_id_key').on(t.venueId, t.id),
    uniqueIndex('vouchers_venue_code_key').on(t.venueId, sql`upper(${t.code})`),
    check(
      'vouchers_kind_check',
      sql`(${t.kind} = 'amount' and ${t.amountCents} > 0 and ${t.percentBp} is null)
        or (${t.kind} = 'percent' and ${t.percentBp} between 1 and 10000 and ${t.amountCents} is null)`,
    ),
    check('vouchers_redemptions_check', sql`${t.maxRedemptions} is null or ${t.maxRedemptions} >= 1`),
  ],
);

/** A voucher used on an account, with the amount it took off. */
export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    voucherId: integer('voucher_id').notNull(),
    reservationId: integer('reservation_id').notNull(),
    amountCents: moneyCents('amount_cents').notNull(),
    createdByUserId: integer('created_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('voucher_redemptions_voucher_idx').on(t.venueId, t.voucherId),
    foreignKey({
      name: 'voucher_redemptions_voucher_fk',
      columns: [t.venueId, t.voucherId],
      foreignColumns: [vouchers.venueId, vouchers.id],
    }),
    foreignKey({
      name: 'voucher_redemptions_reservation_fk',
      columns: [t.venueId, t.reservationId],
      foreignColumns: [reservations.venueId, reservations.id],
    }),
    foreignKey({
      name: 'voucher_redemptions_created_by_fk',
      columns: [t.venueId, t.createdByUserId],
      foreignColumns: [users.venueId, users.id],
    }),
    check('voucher_redemptions_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/** A promotion staff applied to an account (spec reservation-promotions): a percentage or an amount off. */
export const reservationPromotions = pgTable(
  'reservation_promotions',
  {
    id: serial('id').primaryKey(),
    venueId: venueId(),
    reservationId: integer('reservation_id').notNull(),
    kind: text('kind').notNull(),
    amountCents: moneyCents('amount_cents'),
    percentBp: integer('percent_bp'),
    description: text('description').notNull().default(''),
    createdByUserId: integer('created_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('reservation_promotions_venue_id_id_key').on(t.venueId, t.id),
    index('reservation_promotions_reservation_idx').on(t.venueId, t.reservationId),
    foreignKey({
      name: 'reservation_promotions_reservation_fk',
      columns: [t.venueId, t.reservationId],
      foreignColumns: [reservations.venueId, reservations.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'reservation_promotions_created_by_fk',
      columns: [t.venueId, t.createdByUserId],
      foreignColumns: [users.venueId, users.id],
    }),
    check(
      'reservation_promotions_kind_check',
      sql`(${t.kind} = 'amount' and ${t.amountCents} > 0 and ${t.percentBp} is null)
        or (${t.kind} = 'percent' and ${t.percentBp} between 1 and 10000 and ${t.amountCents} is null)`,
    ),
  ],
);
