import { OWNER_REPORTS } from '@sobremesa/domain';
import { z } from 'zod';
import { okSchema } from './envelope.ts';
import { amountCentsSchema, NEGATIVE_NUMBER_MESSAGE } from './billing.contract.ts';
import { isoDateSchema } from './reservations.contract.ts';

/**
 * Wire contracts of the till cycle (spec §7 "Accounting"; issue 24, decision 033). Amounts are integer
 * cents, as everywhere on this API (REL-04): `totalCardAmount`, a slot's `value` and a movement's `amount`
 * are cents. Every call accepts `roleId`, the caller's selected copilot role (SEC-02), and every write an
 * `Idempotency-Key` header (REL-03).
 */

const roleId = z.number().int().positive().optional();
const id = z.number().int().positive();

/** One counted slot: a denomination of the drawer and how many pieces are in it. */
export const cashDrawerSlotInputSchema = z.strictObject({
  value: z.number().int().positive().max(100_000),
  cashDenominationId: id,
  quantity: z.number().int().min(0, NEGATIVE_NUMBER_MESSAGE).max(100_000),
});
export type CashDrawerSlotInput = z.infer<typeof cashDrawerSlotInputSchema>;

/**
 * POST /world/api/accounting/create-accounting-snapshot: a count of the drawer (`snapshotType` 1 opens
 * the day with its float, 2 closes a shift and opens the next with what was counted, 3 closes the day),
 * with the card reader's own total beside it. The slots must be the drawer's denominations, each once.
 */
export const createAccountingSnapshotRequestSchema = z
  .strictObject({
    cardReaderId: id.optional(),
    totalCardAmount: z.number().int().min(0, NEGATIVE_NUMBER_MESSAGE).max(100_000_000).optional(),
    cashDrawerId: id,
    cashDrawerSlots: z.array(cashDrawerSlotInputSchema).max(40),
    cardReaderSnapshotMode: z
      .string()
      .trim()
      .regex(/^[a-z_]{1,32}$/, 'Expected a mode name')
      .optional(),
    snapshotType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    roleId,
  })
  .refine(
    (value) =>
      new Set(value.cashDrawerSlots.map((slot) => slot.cashDenominationId)).size ===
      value.cashDrawerSlots.length,
    { message: 'Each denomination once', path: ['cashDrawerSlots'] },
  )
  .refine((value) => value.totalCardAmount === undefined || value.cardReaderId !== undefined, {
    message: 'A card total needs its cardReaderId',
    path: ['cardReaderId'],
  });
export type CreateAccountingSnapshotRequest = z.infer<typeof createAccountingSnapshotRequestSchema>;

/**
 * A shift's balance as its counter may see it: on a blind count (`blind: true`) the expected cash and the
 * differences are left out until the Z report.
 */
export const tillBalanceSchema = z.object({
  blind: z.boolean(),
  countedCashCents: z.number().int().optional(),
  expectedCashCents: z.number().int().optional(),
  cashDifferenceCents: z.number().int().optional(),
  cardRecordedCents: z.number().int().optional(),
  cardReaderCents: z.number().int().nullable().optional(),
  cardDifferenceCents: z.number().int().nullable().optional(),
});
export type TillBalanceView = z.infer<typeof tillBalanceSchema>;

export const tillShiftSchema = z.object({
  id: z.number().int(),
  cashDrawerId: z.number().int(),
  /** Service day it opened on. */
  logicalDate: z.string(),
  status: z.enum(['open', 'closed']),
  floatCents: z.number().int(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  endsDay: z.boolean(),
  reopenCount: z.number().int(),
});
export type TillShiftView = z.infer<typeof tillShiftSchema>;

export const accountingSnapshotSchema = z.object({
  id: z.number().int(),
  snapshotType: z.number().int(),
  cashDrawerId: z.number().int(),
  logicalDate: z.string(),
  createdAt: z.string(),
});

export const createAccountingSnapshotResponseSchema = okSchema({
  snapshot: accountingSnapshotSchema,
  /** The shift the count closed (types 2 and 3) with its balance. */
  closed: z.object({ shift: tillShiftSchema, balance: tillBalanceSchema }).nullable(),
  /** The shift the count opened (types 1 and 2). */
  opened: tillShiftSchema.nullable(),
});

/**
 * POST /world/api/accounting/cash-drawer-transaction: cash put in (`type` 1, change brought in) or taken
 * out (`type` 0, a supplier paid) outside sales, with its reason. The client drops empty fields (spec).
 */
export const cashDrawerTransactionRequestSchema = z.strictObject({
  cashDrawerId: id,
  type: z.union([z.literal(0), z.literal(1)]),
  amount: amountCentsSchema,
  reason: z.string().trim().min(1).max(200),
  roleId,
});
export type CashDrawerTransactionRequest = z.infer<typeof cashDrawerTransactionRequestSchema>;

export const cashDrawerTransactionSchema = z.object({
  id: z.number().int(),
  cashDrawerId: z.number().int(),
  type: z.number().int(),
  amount: z.number().int(),
  reason: z.string(),
  createdAt: z.string(),
});
export const cashDrawerTransactionResponseSchema = okSchema({
  message: z.string(),
  transaction: cashDrawerTransactionSchema,
});

/**
 * POST /world/api/accounting/till: the open shift (or the last), its movements and running balance, and
 * its last reopening (when, who by name, why; from the audit log), null when it was never reopened.
 */
export const tillStatusRequestSchema = z.strictObject({ roleId });
export const tillStatusResponseSchema = okSchema({
  shift: tillShiftSchema.nullable(),
  balance: tillBalanceSchema.nullable(),
  movements: z.array(cashDrawerTransactionSchema),
  reopened: z.object({ at: z.string(), by: z.string(), reason: z.string() }).nullable(),
});
export type TillStatusResponse = z.infer<typeof tillStatusResponseSchema>;

/** POST /world/api/accounting/reopen-shift: reopens the last closed shift, with a reason (audited). */
export const reopenShiftRequestSchema = z.strictObject({
  shiftId: id,
  reason: z.string().trim().min(1).max(200),
  roleId,
});
export const reopenShiftResponseSchema = okSchema({ shift: tillShiftSchema });

/**
 * POST /world/api/accounting/z-report {shiftId? | date?}: the Z report of a shift, of a service day, or
 * (neither) of the open shift, else the last one. `/z-report/print-info` answers the receipt printer's
 * text (`escPosText` in 42 or 48 columns, as bill/print-info), `/z-report/pdf` the same lines as a PDF.
 */
export const zReportRequestSchema = z
  .strictObject({
    shiftId: id.optional(),
    date: isoDateSchema.optional(),
    width: z.union([z.literal(42), z.literal(48)]).default(48),
    roleId,
  })
  .refine((value) => value.shiftId === undefined || value.date === undefined, {
    message: 'Give shiftId or date, not both',
    path: ['date'],
  });
export type ZReportRequest = z.infer<typeof zReportRequestSchema>;

const byMethodSchema = z.object({ cash: z.number().int(), card: z.number().int(), other: z.number().int() });
const nullableCents = z.number().int().nullable();
/** A VAT rate's base, tax and total, as the Z report and the owner's reports add them up. */
const vatRowSchema = z.object({
  vatRateBp: z.number().int(),
  baseCents: z.number().int(),
  vatCents: z.number().int(),
  totalCents: z.number().int(),
});
export const zReportSchema = z.object({
  kind: z.enum(['shift', 'day']),
  venueName: z.string(),
  logicalDate: z.string(),
  from: z.string(),
  to: z.string(),
  paymentsByMethod: byMethodSchema,
  tipsByMethod: byMethodSchema,
  voidedPayments: z.object({ count: z.number().int(), cents: z.number().int() }),
  writtenOff: z.object({ count: z.number().int(), cents: z.number().int() }),
  vat: z.array(vatRowSchema),
  discountCents: z.number().int(),
  vouchersCents: z.number().int(),
  series: z.array(
    z.object({
      series: z.string(),
      first: z.number().int(),
      last: z.number().int(),
      count: z.number().int(),
    }),
  ),
  corrections: z.object({ count: z.number().int(), cents: z.number().int() }),
  cancelled: z.object({ count: z.number().int(), cents: z.number().int() }),
  tickets: z.number().int(),
  covers: z.number().int(),
  salesCents: z.number().int(),
  collectedCents: z.number().int(),
  averageTicketCents: z.number().int(),
  balance: z.object({
    floatCents: z.number().int(),
    inCents: z.number().int(),
    outCents: z.number().int(),
    expectedCashCents: nullableCents,
    countedCashCents: nullableCents,
    cardRecordedCents: nullableCents,
    cardReaderCents: nullableCents,
  }),
});
export type ZReportView = z.infer<typeof zReportSchema>;
export const zReportResponseSchema = okSchema({ zReport: zReportSchema });
export const zReportPrintResponseSchema = okSchema({ width: z.number().int(), escPosText: z.string() });

/**
 * POST /world/api/reports/sales {from, to, format?}: sales by service day with totals and the previous
 * period of the same length (`format: 'csv'` answers text/csv). The admin reads any range up to 366 days;
 * TPV and 1 en Sala only the current service day.
 */
export const salesReportRequestSchema = z.strictObject({
  from: isoDateSchema,
  to: isoDateSchema,
  format: z.enum(['json', 'csv']).default('json'),
  roleId,
});

/**
 * POST /world/api/reports/owner {from, to}: every owner report of the range (sales by day and hour,
 * payment methods, products, categories, VAT, staff, bookings and turn time, kitchen times per station)
 * beside the previous period of the same length (decision 045). Same roles and ranges as the sales report.
 */
export const ownerReportRequestSchema = z.strictObject({
  from: isoDateSchema,
  to: isoDateSchema,
  roleId,
});

/** POST /world/api/reports/owner/csv {from, to, report}: one owner report as CSV. */
export const ownerReportCsvRequestSchema = z.strictObject({
  from: isoDateSchema,
  to: isoDateSchema,
  report: z.enum(OWNER_REPORTS),
  roleId,
});

const amountRowSchema = z.object({ key: z.string(), cents: z.number().int(), count: z.number().int() });
const salesDaySchema = z.object({
  date: isoDateSchema,
  salesCents: z.number().int(),
  baseCents: z.number().int(),
  vatCents: z.number().int(),
  discountCents: z.number().int(),
  tickets: z.number().int(),
  covers: z.number().int(),
  collectedCents: z.number().int(),
  cashCents: z.number().int(),
  cardCents: z.number().int(),
  otherCents: z.number().int(),
  tipsCents: z.number().int(),
});
const rangeFiguresSchema = z.object({
  days: z.array(salesDaySchema),
  totals: salesDaySchema.omit({ date: true }),
  averageTicketCents: z.number().int(),
  hours: z.array(amountRowSchema),
  methods: z.array(amountRowSchema),
  products: z.array(amountRowSchema),
  categories: z.array(amountRowSchema),
  vat: z.array(vatRowSchema),
  staff: z.array(
    z.object({
      name: z.string(),
      cents: z.number().int(),
      count: z.number().int(),
      tipsCents: z.number().int(),
    }),
  ),
  service: z.object({
    bookings: z.number().int(),
    noShows: z.number().int(),
    cancellations: z.number().int(),
    turnMinutes: z.number().int(),
    turns: z.number().int(),
    averageTurnMinutes: z.number().int(),
  }),
  kitchen: z.array(
    z.object({
      station: z.string(),
      lines: z.number().int(),
      medianMinutes: z.number().int(),
      p90Minutes: z.number().int(),
    }),
  ),
});
const rangeSchema = z.object({ from: isoDateSchema, to: isoDateSchema });
const changeSchema = z.number().int().nullable();
export const ownerReportResponseSchema = okSchema({
  range: rangeSchema,
  previous: rangeSchema,
  current: rangeFiguresSchema,
  before: rangeFiguresSchema,
  change: z.object({
    salesBp: changeSchema,
    ticketsBp: changeSchema,
    coversBp: changeSchema,
    averageTicketBp: changeSchema,
    tipsBp: changeSchema,
  }),
});
export type OwnerReportResponse = z.infer<typeof ownerReportResponseSchema>;

/** The JSON reply of POST /world/api/reports/sales: the days with sales, their totals and the previous period's. */
export const salesReportResponseSchema = okSchema({
  range: rangeSchema,
  previous: rangeSchema,
  days: z.array(salesDaySchema),
  totals: rangeFiguresSchema.shape.totals,
  previousTotals: rangeFiguresSchema.shape.totals,
  change: z.object({ salesBp: changeSchema, ticketsBp: changeSchema, coversBp: changeSchema }),
});
