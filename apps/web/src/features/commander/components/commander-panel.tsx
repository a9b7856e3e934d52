import type { FloorReservation, MenuGetResponse, MenuProduct } from '@sobremesa/contracts';
import { addToCart, cartLineKey, decrementLine, incrementLine, type CartLine } from '@sobremesa/domain';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { StaffTextField } from '../../../components/staff-text-field.tsx';
import { toast } from '../../../components/toast/toast-store.ts';
import { formatMoney } from '../../../i18n/format.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { ApiError, serverMessage } from '../../../lib/api-client.ts';
import { venueConfigQuery } from '../../../lib/config-queries.ts';
import { productsBySku } from '../../../lib/menu-products.ts';
import { breakfastSkus, choiceSummary } from '../breakfast-steps.ts';
import { staffMenuQuery, useSendStaffOrder } from '../commander-api.ts';
import {
  commanderCategories,
  lineTotalCents,
  productFacts,
  searchProducts,
  SEARCH_MIN_LENGTH,
  setLineNotes,
  soldOutSkus,
  wireLine,
} from '../commander-cart.ts';
import { BreakfastDialog } from './breakfast-dialog.tsx';
import { CartLineItem } from './cart-line-item.tsx';
import { ProductDialog, type ProductChoice } from './product-dialog.tsx';
import { WaitingOrders } from './waiting-orders.tsx';
import { newIdempotencyKey } from '../../../lib/random-key.ts';

export interface CommanderPanelProps {
  readonly reservation: FloorReservation;
  readonly roleId: number | null;
  readonly onSent: () => void;
}

/** A product needs the dialog when it has options or is a menú del día; anything else adds in one tap. */
const needsDialog = (product: MenuProduct) => product.productOptions.length > 0 || product.isMenu === 'SI';

/**
 * The commander: the menu by category or search, the table's cart under the same rules as the guest's
 * (the domain cart), and one send. The cart keeps one Idempotency-Key until it changes or is sent, so a
 * double tap or a retry after a lost reply is one order (REL-03).
 */
export function CommanderPanel(props: CommanderPanelProps) {
  const { t } = useTranslation('commander');
  const query = useQuery(staffMenuQuery(props.roleId));
  if (query.data) return <CommanderBody {...props} menu={query.data} />;
  if (query.isError)
    return (
      <div role="alert" className="commander-hint">
        <p>{t('errors.menu')}</p>
        <button type="button" className="button button--large" onClick={() => void query.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  return <p className="commander__loading">{t('loading')}</p>;
}

function CommanderBody({
  reservation,
  roleId,
  onSent,
  menu,
}: CommanderPanelProps & { readonly menu: MenuGetResponse }) {
  const { t } = useTranslation('commander');
  const { locale } = useLocale();
  const client = useQueryClient();
  const { data: venue } = useSuspenseQuery(venueConfigQuery);
  const staffComments = venue.copilotConfig.cartProductStaffComments;
  const money = (cents: number) => formatMoney(cents, locale, venue.currency);
  const categories = useMemo(() => commanderCategories(menu.menus), [menu]);
  const bySku = useMemo(() => productsBySku(menu.menus), [menu]);
  const breakfasts = useMemo(() => breakfastSkus(menu.menus), [menu]);
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [query, setQuery] = useState('');
  const [cart, setCartState] = useState<CartLine[]>([]);
  const [dialog, setDialog] = useState<MenuProduct | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [lastBreakfast, setLastBreakfast] = useState<{ sku: string; choice: ProductChoice } | null>(null);
  const sendOrder = useSendStaffOrder(roleId);
  const sending = sendOrder.isPending;
  const [refused, setRefused] = useState<readonly string[]>([]);
  const key = useRef(newIdempotencyKey());
  const inFlight = useRef(false);

  // Any change to the cart is another order: a new key (a retry of the same cart keeps the old one).
  const setCart = (next: CartLine[]) => {
    key.current = newIdempotencyKey();
    setRefused([]);
    setCartState(next);
  };

  const found = searchProducts(bySku.values(), query);
  const category = categories.find((entry) => entry.id === categoryId) ?? categories[0];
  const shown = found ?? category?.products ?? [];
  const soldOut = new Set([...refused, ...soldOutSkus(cart, bySku)]);
  const total = cart.reduce((sum, line) => {
    const product = bySku.get(line.sku);
    return product ? sum + lineTotalCents(line, product) : sum;
  }, 0);

  const add = (product: MenuProduct, choice?: ProductChoice, quantity = 1) => {
    let next = cart;
    for (let added = 0; added < quantity; added += 1)
      next = addToCart(next, productFacts(product), choice?.options ?? [], choice?.comments, {
        menuChoices: choice?.menuChoices ?? [],
        staffComments: choice?.staffComments,
      });
    setCart(next);
  };

  // "Repetir" offers the last breakfast while its line is still in this cart: the next guest's same order.
  const repeat = lastBreakfast && bySku.get(lastBreakfast.sku);
  const repeatable =
    repeat &&
    lastBreakfast &&
    cart.some(
      (line) =>
        cartLineKey(line) ===
        cartLineKey(
          addToCart([], productFacts(repeat), lastBreakfast.choice.options, lastBreakfast.choice.comments, {
            staffComments: lastBreakfast.choice.staffComments,
          })[0]!,
        ),
    );

  async function send() {
    // A ref, not the state: two taps in one frame both see `sending` false. The second is dropped here;
    // a retry after a lost reply goes out again with the same key and the server replays the order.
    if (inFlight.current || cart.length === 0) return;
    inFlight.current = true;
    try {
      const products = cart.flatMap((line) => {
        const product = bySku.get(line.sku);
        return product ? [wireLine(line, product)] : [];
      });
      const sent = await sendOrder.mutateAsync({
        order: { reservationWid: reservation.wid, name: reservation.name, pax: reservation.pax, products },
        idempotencyKey: key.current,
      });
      if (sent.queued) {
        toast.success(t('queued', { table: reservation.table ?? reservation.name }));
        setCart([]);
        onSent();
        return;
      }
      const reply = sent.reply;
      if (reply.result === -2) {
        toast.error(reply.message);
        setCart([]);
        onSent();
        return;
      }
      toast.success(t('sent', { table: reservation.table ?? reservation.name }));
      setCart([]);
      onSent();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.code === 'CONFLICT') {
        // Sold out meanwhile: the fresh menu says which lines, and the cart marks them to remove.
        const fresh = await client.fetchQuery({ ...staffMenuQuery(roleId), staleTime: 0 });
        setRefused(soldOutSkus(cart, productsBySku(fresh.menus)));
        toast.error(error.message);
      } else {
        toast.error(serverMessage(error, t('errors.network')));
      }
    } finally {
      inFlight.current = false;
    }
  }

  return (
    <div className="commander__layout">
      <section className="commander__menu" aria-label={t('menu')}>
        <WaitingOrders reservationWid={reservation.wid} roleId={roleId} formatMoney={money} />
        <StaffTextField
          label={t('search.label')}
          value={query}
          placeholder={t('search.placeholder')}
          onChange={setQuery}
        />
        {repeatable && repeat && lastBreakfast && (
          <button
            type="button"
            className="button button--large commander-repeat"
            onClick={() => add(repeat, lastBreakfast.choice)}
          >
            <span className="commander-repeat__action">{t('breakfast.repeat')}</span>{' '}
            <span className="commander-repeat__what">
              {repeat.name} · {choiceSummary(repeat, lastBreakfast.choice.options)}
            </span>
          </button>
        )}
        {query.trim().length > 0 && query.trim().length < SEARCH_MIN_LENGTH && (
          <p className="commander-hint">{t('search.minimum')}</p>
        )}
        {found === null && (
          <div className="commander-categories" role="tablist" aria-label={t('categories')}>
            {categories.map((entry) => (
              <button
                key={entry.id}
                type="button"
                role="tab"
                aria-selected={entry.id === category?.id}
                className="commander-category"
                onClick={() => setCategoryId(entry.id)}
              >
                {entry.name}
              </button>
            ))}
          </div>
        )}
        {found !== null && found.length === 0 && <p className="commander-hint">{t('search.none')}</p>}
        <ul className="commander-products">
          {shown.map((product) => (
            <li key={product.sku}>
              <button
                type="button"
                className={`commander-product-button${product.available ? '' : ' commander-product-button--sold-out'}`}
                disabled={!product.available}
                onClick={() => (needsDialog(product) ? setDialog(product) : add(product))}
              >
                <span className="commander-product-button__name">
                  {product.topChoice === 'SI' && (
                    <span className="commander-top" aria-label={t('topChoice')}>
                      ★{' '}
                    </span>
                  )}
                  {product.name}
                </span>
                <span className="commander-product-button__price">
                  {product.available ? money(product.priceCents) : t('soldOut')}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </section>

      <section className="commander__cart" aria-label={t('cart.title')}>
        <h3 className="commander__cart-title">{t('cart.title')}</h3>
        {cart.length === 0 && <p className="commander-hint">{t('cart.empty')}</p>}
        <ul className="commander-lines">
          {cart.map((line, index) => {
            const product = bySku.get(line.sku);
            if (!product) return null;
            const facts = productFacts(product);
            return (
              <CartLineItem
                key={`${line.sku}-${index}`}
                line={line}
                product={product}
                soldOut={soldOut}
                editing={editing === index}
                staffComments={staffComments}
                money={money}
                onEdit={() => setEditing(editing === index ? null : index)}
                onNotes={(comments, staffNote) => {
                  setCart(setLineNotes(cart, index, comments, staffNote));
                  setEditing(null);
                }}
                onCancelNotes={() => setEditing(null)}
                onLess={() => setCart(decrementLine(cart, index, facts))}
                onMore={() => setCart(incrementLine(cart, index, facts))}
              />
            );
          })}
        </ul>
        <div className="commander__send">
          <p className="commander__total">
            <span>{t('cart.total')}</span> <strong>{money(total)}</strong>
          </p>
          <button
            type="button"
            className="button button--primary button--large button--block commander__send-button"
            disabled={cart.length === 0 || sending}
            aria-busy={sending}
            onClick={() => void send()}
          >
            {sending ? t('sending') : t('send')}
          </button>
        </div>
      </section>

      {dialog && breakfasts.has(dialog.sku) && (
        <BreakfastDialog
          product={dialog}
          staffComments={staffComments}
          formatMoney={money}
          onClose={() => setDialog(null)}
          onAdd={(choice, quantity) => {
            add(dialog, choice, quantity);
            setLastBreakfast({ sku: dialog.sku, choice });
            setDialog(null);
          }}
        />
      )}
      {dialog && !breakfasts.has(dialog.sku) && (
        <ProductDialog
          product={dialog}
          staffComments={staffComments}
          formatMoney={money}
          onClose={() => setDialog(null)}
          onAdd={(choice) => {
            add(dialog, choice);
            setDialog(null);
          }}
        />
      )}
    </div>
  );
}
