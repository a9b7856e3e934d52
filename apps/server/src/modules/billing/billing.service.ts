/**
 * The billing module's service (decision 012): what its routes and other modules call. The work lives in
 * files named for what they hold (who acts is the route's declared roles, decision 063): the account and its views, events and
 * audit (`billing-account.ts`), reading what is owed (`bill-reads.ts`), the bill request (`bill-request.ts`),
 * payments (`payments.ts`), closing a paid account (`paid-reservation.ts`), tips (`tips.ts`), vouchers and
 * promotions (`discounts.ts`), invoices and documents (`invoices.ts`), corrections and cancellations
 * (`corrective-invoices.ts`), a cancelled ticket issued again (`reissued-tickets.ts`), the invoices a day issued as the TPV lists them (`issued-invoices.ts`), and
 * which invoices count in sales (`counted-invoices.ts`).
 */
export { billPaymentInfo, paymentInfo } from './bill-reads.ts';
export { askForBillByNotification, requestTicket } from './bill-request.ts';
export type { BillingCaller } from '../../http/route-roles.ts';
export { assignPromotion, removePromotion, setVoucher } from './discounts.ts';
export { cancelInvoice, createCorrectiveInvoice } from './corrective-invoices.ts';
export { clientFiscalInfos, createNominativeInvoice, printInfo, viewBillPdf } from './invoices.ts';
export { issuedInvoices } from './issued-invoices.ts';
export { paidReservation } from './paid-reservation.ts';
export { reissueTicket } from './reissued-tickets.ts';
export { createPayment, updatePaymentMethod, voidPayment } from './payments.ts';
export { createTip } from './tips.ts';
// What other modules read of accounts and bills: the floor's totals, the guest's view of their account and
// paid bill, the Z report's printed dates.
export { totalsOfAccounts } from './account-totals.ts';
export { loadAccount } from './billing-account.ts';
export { paidBillOfAccount } from './guest-receipt.ts';
export { recordOnlinePayment, voidRefundedPayment } from './online-payments.ts';
// What takeaway's staff list shows of its accounts: paid so far, and whether the bill is issued.
export { paidOfAccounts } from './payment-rows.repository.ts';
export { issuedAccounts } from './bill-rows.repository.ts';
