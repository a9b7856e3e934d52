import type { MenuProduct } from '@sobremesa/contracts';
import { useEffect, useRef, useState } from 'react';
import type { useTranslation } from '../../i18n/use-translation.ts';
import { toast } from '../../components/toast/toast-store.ts';
import { EMPTY_CART, type GuestCart } from '../../lib/guest-menu/guest-cart.ts';
import { loadGuestCart, saveGuestCart } from './guest-cart-store.ts';

/**
 * The guest's cart, surviving a reload or a rescan of the QR: kept per guest link (`keptUid`), reconciled
 * with the menu of now (`bySku`), the guest told once when lines were dropped.
 */
export function useKeptCart(
  keptUid: string | null,
  bySku: ReadonlyMap<string, MenuProduct>,
  t: ReturnType<typeof useTranslation<'menu'>>['t'],
) {
  const [kept] = useState(() => (keptUid ? loadGuestCart(keptUid, bySku) : null));
  const [cart, setCart] = useState<GuestCart>(kept?.cart ?? EMPTY_CART);
  // A kept cart that lost lines is written back at once, so the guest is told once, not at every reload.
  const keptCart = useRef<GuestCart | null>(kept?.dropped ? null : cart);
  useEffect(() => {
    if (kept?.dropped) toast.error(t('cart.dropped'));
    // Once, for the cart found on arrival: a language switch (a new `t`) must not say it again. Not through
    // useEffectEvent: its bytes would push the guest menu past its budget (bench/bundle-size.ts).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kept]);
  useEffect(() => {
    // Written on changes only, so a cart's age counts from the guest's last touch, not from the last reload.
    if (!keptUid || cart === keptCart.current) return;
    keptCart.current = cart;
    saveGuestCart(keptUid, cart);
  }, [keptUid, cart]);
  return [cart, setCart] as const;
}
