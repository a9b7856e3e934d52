import { lazy } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { loadNamespaces } from '../../../i18n/i18n.ts';
import { loadChunk } from '../../../lib/lazy-chunk.ts';

// The cart and the guest's requests are opened later than the dishes are read: their own chunks, fetched
// once the carta is drawn, keep the menu's first download small (decision 017).
const importCartSheet = () => import('./cart-sheet.tsx');
const importGuestActions = () => import('./guest-actions.tsx');
export const CartSheet = lazy(() =>
  loadChunk(importCartSheet).then((module) => ({ default: module.CartSheet })),
);
export const GuestActions = lazy(() =>
  loadChunk(importGuestActions).then((module) => ({ default: module.GuestActions })),
);
// The paid table's thank-you state (with the rating and its messages) only comes once the table has paid.
export const ThankYou = lazy(() =>
  Promise.all([loadChunk(() => import('./thank-you.tsx')), loadNamespaces(['reviews'])]).then(([module]) => ({
    default: module.ThankYou,
  })),
);
export const prefetchSheets = () => {
  void importCartSheet().catch(() => undefined);
  void importGuestActions().catch(() => undefined);
};

/** Said while a sheet's code arrives (only if the guest opens it before the prefetch has finished). */
export function SheetLoading() {
  const { t } = useTranslation('common');
  return (
    <p className="menu-status" role="status">
      {t('status.loading')}
    </p>
  );
}
