import type { MenuGetResponse, MenuProduct } from '@sobremesa/contracts';
import type { Locale } from '@sobremesa/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { toast } from '../../../components/toast/toast-store.ts';
import { formatMoney } from '../../../i18n/money-format.ts';
import { serverMessage } from '../../../lib/api-client.ts';
import type { GuestUser } from '../../../lib/guest-menu/menu-api.ts';
import { fetchReservation } from '../api/table-api.ts';
import { menuQuery } from '../../../lib/guest-menu/menu-queries.ts';
import {
  EMPTY_CART,
  addProduct,
  decrement,
  increment,
  itemCount,
  lineTotal,
  orderLines,
  productSku,
  unavailableLines,
} from '../../../lib/guest-menu/guest-cart.ts';
import { useKeptCart } from '../use-kept-cart.ts';
import { useOrderSubmission } from '../use-order-submission.ts';
import { useLiveMenu } from '../use-live-menu.ts';
import { useTableOrder } from '../use-table-order.ts';
import { useOpenDishStore } from '../open-dish.ts';
import { MenuBrowse } from './menu-browse.tsx';
import type { ProductChoice } from '../../../components/product-sheet/product-sheet.tsx';
import { CartSheet, GuestActions, SheetLoading, ThankYou } from './menu-sheets.tsx';
import { DishSheet } from './open-dish-sheet.tsx';
import { productsBySku } from '../../../lib/menu-products.ts';

export interface MenuVenue {
  readonly currency: string;
  readonly showLargeProductPicture: boolean;
  readonly enableCategoryScroll: boolean;
  readonly clientComments: boolean;
  readonly paymentMethods: readonly ('cash' | 'card' | 'other')[];
}

interface MenuScreenProps {
  readonly heading: string;
  readonly locale: Locale;
  readonly venue: MenuVenue;
  /** The identified guest; null for a visitor, who reads the menu without ordering. */
  readonly guest: { readonly uid: string; readonly wid: string; readonly user: GuestUser } | null;
  readonly visitorNote: string | null;
}

/** The guest menu: menus, categories, search, dishes, the cart and the guest's requests. */
export function MenuScreen({ heading, locale, venue, guest, visitorNote }: MenuScreenProps) {
  const { t } = useTranslation('menu');
  const queryClient = useQueryClient();
  const uid = guest?.uid ?? null;
  const menu = useQuery(menuQuery(locale, uid));
  const reservation = useQuery({
    queryKey: ['menu', 'reservation', uid],
    queryFn: () => fetchReservation(guest!.uid, guest!.wid),
    enabled: guest !== null,
    staleTime: 60_000,
  });

  const tableOrder = useTableOrder(uid);
  useLiveMenu(queryClient, tableOrder);

  const money = useCallback(
    (cents: number) => formatMoney(cents, locale, venue.currency),
    [locale, venue.currency],
  );

  if (menu.isPending) {
    return (
      <p className="menu-status" role="status">
        {t('loading')}
      </p>
    );
  }
  if (menu.isError) {
    return (
      <div className="notice notice--error" role="alert">
        <p>{t('loadFailed')}</p>
        <button type="button" className="button" onClick={() => void menu.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  }
  return (
    <LoadedMenu
      heading={heading}
      reply={menu.data}
      venue={venue}
      guest={guest}
      visitorNote={visitorNote}
      tableName={reservation.data?.table ?? null}
      pax={reservation.data?.pax}
      reservationName={reservation.data?.name}
      money={money}
      tableOrder={tableOrder}
    />
  );
}

interface LoadedMenuProps {
  readonly heading: string;
  readonly reply: MenuGetResponse;
  readonly venue: MenuVenue;
  readonly guest: MenuScreenProps['guest'];
  readonly visitorNote: string | null;
  readonly tableName: string | null;
  readonly pax: number | undefined;
  readonly reservationName: string | undefined;
  readonly money: (cents: number) => string;
  readonly tableOrder: ReturnType<typeof useTableOrder>;
}

function LoadedMenu({
  heading,
  reply,
  venue,
  guest,
  visitorNote,
  tableName,
  pax,
  reservationName,
  money,
  tableOrder,
}: LoadedMenuProps) {
  const { t } = useTranslation('menu');
  const bySku = useMemo(() => productsBySku(reply.menus), [reply]);
  const [cart, setCart] = useKeptCart(guest?.uid ?? null, bySku, t);
  const dish = useOpenDishStore();
  const [cartOpen, setCartOpen] = useState(false);
  const [actionsOpen, setActionsOpen] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [userName, setUserName] = useState(guest?.user.name ?? '');
  const [announcement, setAnnouncement] = useState('');
  const { submit, sending } = useOrderSubmission();

  // A paid or closed account takes no more orders (decision 038): the phone says so instead of failing.
  const closed = tableOrder.order?.closed === true;
  const paid = tableOrder.order?.paid ?? null;
  const canOrder = guest !== null && reply.menuOrderEnabled === 1 && !closed;
  const [emptiedForClosed, setEmptiedForClosed] = useState(false);
  if (closed !== emptiedForClosed) {
    setEmptiedForClosed(closed);
    if (closed) {
      setCartOpen(false);
      setCart(EMPTY_CART);
    }
  }
  const blocked = useMemo(() => unavailableLines(cart, bySku), [cart, bySku]);
  const count = itemCount(cart, bySku);
  const total = cart.lines.reduce((sum, line) => {
    const product = bySku.get(productSku(line));
    return product ? sum + lineTotal(cart, line, product) : sum;
  }, 0);

  function add(product: MenuProduct, choice: ProductChoice) {
    setCart((current) => addProduct(current, product, choice));
    setSendError(null);
    dish.close();
    // Said to screen readers only: a toast would cover the cart button the guest reaches for next.
    setAnnouncement(t('cart.added', { name: product.name }));
  }

  function step(index: number, change: typeof increment) {
    const line = cart.lines[index];
    const product = line && bySku.get(productSku(line));
    if (!product) return;
    setCart((current) => change(current, index, product));
    setSendError(null);
  }

  async function send() {
    if (!guest || cart.lines.length === 0 || blocked.size > 0) return;
    setSendError(null);
    const { outcome, joined } = submit({
      uid: guest.uid,
      orderInfo: {
        name: userName,
        welKey: null,
        userId: guest.user.id,
        ...(pax === undefined ? {} : { pax }),
        source: 2,
        clientMessage: cart.message?.trim() || null,
        orderReservationName: reservationName ?? userName,
        reservationId: guest.wid,
        av: 0,
      },
      products: orderLines(cart, bySku),
    });
    if (joined) return;
    try {
      const result = await outcome;
      setCart(EMPTY_CART);
      setCartOpen(false);
      tableOrder.refresh();
      if (result.kind === 'finished') toast.error(t('thanks.orderingClosed'));
      else toast.success(t('cart.sent'));
    } catch (failure) {
      const message = serverMessage(failure, t('cart.sendFailed'));
      setSendError(message);
      toast.error(message);
    }
  }

  return (
    <div className="guest-menu">
      <header className="guest-menu__top">
        <h1 className="guest-menu__heading">{heading}</h1>
        {guest && (
          <p className="guest-menu__who">
            {tableName
              ? t('greetingTable', { name: userName, table: tableName })
              : t('greeting', { name: userName })}
          </p>
        )}
        {visitorNote && (
          <p className="notice" role="status">
            {visitorNote}
          </p>
        )}
        {guest && closed && paid === null && (
          <p className="notice" role="status">
            {t('thanks.closed')}
          </p>
        )}
        {guest && reply.menuOrderEnabled === 0 && !closed && (
          <p className="notice" role="status">
            {t('readOnly')}
          </p>
        )}
      </header>

      {guest && paid && (
        <Suspense fallback={<SheetLoading />}>
          <ThankYou uid={guest.uid} paidCents={paid.totalCents} formatMoney={money} />
        </Suspense>
      )}

      <MenuBrowse reply={reply} venue={venue} canOrder={canOrder} money={money} onOpen={dish.open} />

      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <p className="visually-hidden" role="status">
        {tableOrder.announcement}
      </p>
      {guest && (
        <div className="guest-menu__dock">
          <button type="button" className="button guest-menu__actions" onClick={() => setActionsOpen(true)}>
            {t('actions.open')}
          </button>
          {canOrder && (
            <button
              type="button"
              className="button button--primary guest-menu__cart"
              onClick={() => setCartOpen(true)}
            >
              {count > 0 ? `${t('cart.open', { count })} · ${money(total)}` : t('cart.open', { count })}
            </button>
          )}
        </div>
      )}

      <DishSheet
        store={dish}
        bySku={bySku}
        canOrder={canOrder}
        showLargePicture={venue.showLargeProductPicture}
        formatMoney={money}
        onAdd={add}
      />
      <Suspense fallback={<SheetLoading />}>
        {cartOpen && (
          <CartSheet
            cart={cart}
            bySku={bySku}
            blocked={blocked}
            totalCents={total}
            formatMoney={money}
            allowClientMessage={venue.clientComments}
            clientMessage={cart.message ?? ''}
            onClientMessage={(message) => setCart((current) => ({ ...current, message }))}
            onIncrement={(index) => step(index, increment)}
            onDecrement={(index) => step(index, decrement)}
            onSend={() => void send()}
            sending={sending}
            error={sendError}
            onClose={() => setCartOpen(false)}
            tableOrder={tableOrder}
          />
        )}
        {actionsOpen && guest && (
          <GuestActions
            uid={guest.uid}
            userName={userName}
            dueCents={tableOrder.order?.dueCents ?? null}
            formatMoney={money}
            paymentMethods={venue.paymentMethods}
            onRenamed={setUserName}
            onClose={() => setActionsOpen(false)}
          />
        )}
      </Suspense>
    </div>
  );
}
