// What other modules call of accounting (decision 068): accounting owns the till's shifts, counts and cash
// movements; billing places each payment and tip in the open shift, in the payment's own transaction, and the
// owner's reports count the day's sales as the Z report does.
export { assertShiftCanPayBack, openShiftIfAny, shiftForPayment } from './till-guard.ts';
export { carriesCovers, saleDocument, saleEntries } from './counted-invoices.ts';
// The admin's devices screen sets up the drawers the till counts into.
export { deleteDrawer, insertDrawer, renameDrawer, replaceDrawerSlots } from './cash-drawers.repository.ts';
