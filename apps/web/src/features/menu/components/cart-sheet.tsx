import type { GuestOrderResponse, MenuProduct } from '@sobremesa/contracts';
import { useId } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Modal } from '../../../components/modal/modal.tsx';
import { lineTotal, productSku, type GuestCart } from '../../../lib/guest-menu/guest-cart.ts';
import { TableOrder } from './table-order.tsx';

interface CartSheetProps {
  readonly cart: GuestCart;
  readonly bySku: ReadonlyMap<string, MenuProduct>;
  readonly blocked: ReadonlySet<string>;
  readonly totalCents: number;
  readonly formatMoney: (cents: number) => string;
  readonly allowClientMessage: boolean;
  readonly clientMessage: string;
  readonly onClientMessage: (message: string) => void;
  readonly onIncrement: (index: number) => void;
  readonly onDecrement: (index: number) => void;
  readonly onSend: () => void;
  readonly sending: boolean;
  readonly error: string | null;
  readonly onClose: () => void;
  /** What the table has already ordered, with each dish's state (decision 028). */
  readonly tableOrder: { readonly order: GuestOrderResponse | undefined; readonly failed: boolean };
}

/**
 * The guest's order before it is sent (lines with their choices, +/- by the cart rules, a message, send),
 * then what the table has already ordered and how far each dish is.
 */
export function CartSheet({
  cart,
  bySku,
  blocked,
  totalCents,
  formatMoney,
  allowClientMessage,
  clientMessage,
  onClientMessage,
  onIncrement,
  onDecrement,
  onSend,
  sending,
  error,
  onClose,
  tableOrder,
}: CartSheetProps) {
  const { t } = useTranslation('menu');
  const messageId = useId();
  return (
    <Modal open title={t('cart.title')} onClose={onClose} className="menu-cart">
      {cart.lines.length === 0 ? (
        <p className="muted">{t('cart.empty')}</p>
      ) : (
        <>
          <ul className="menu-cart__lines">
            {cart.lines.map((line, index) => {
              const product = bySku.get(productSku(line));
              if (!product) return null;
              const unitary = product.isUnitary === 'SI';
              const optionNames = line.options.flatMap((choice) => {
                const option = product.productOptions
                  .find((type) => type.id === choice.optionTypeId)
                  ?.options.find((candidate) => candidate.id === choice.productChoiceId);
                return option ? [option.name] : [];
              });
              const pickNames = (cart.picks[line.sku] ?? []).flatMap((pick) => {
                const item = product.menuCourses
                  .find((course) => course.id === pick.courseId)
                  ?.items.find((candidate) => candidate.sku === pick.sku);
                if (!item) return [];
                // The course dish's own options, as the guest chose them: "Cerveza de barril (Doble)".
                const chosen = (pick.options ?? []).flatMap((choice) => {
                  const option = item.productOptions
                    ?.find((type) => type.id === choice.optionTypeId)
                    ?.options.find((candidate) => candidate.id === choice.productChoiceId);
                  return option ? [option.name] : [];
                });
                return [chosen.length > 0 ? `${item.name} (${chosen.join(', ')})` : item.name];
              });
              const quantity = unitary ? t('cart.pieces', { count: line.quantity }) : String(line.quantity);
              return (
                <li key={`${line.sku}|${line.comments ?? ''}|${index}`} className="menu-cart__line">
                  <div className="menu-cart__what">
                    <p className="menu-cart__name">{product.name}</p>
                    {[...optionNames, ...pickNames].length > 0 && (
                      <p className="muted">{[...optionNames, ...pickNames].join(' · ')}</p>
                    )}
                    {line.comments && <p className="muted">“{line.comments}”</p>}
                    {blocked.has(line.sku) && <p className="menu-cart__blocked">{t('cart.lineSoldOut')}</p>}
                  </div>
                  <div
                    className="menu-cart__qty"
                    role="group"
                    aria-label={t('cart.quantityOf', { name: product.name })}
                  >
                    <button
                      type="button"
                      className="icon-button menu-cart__step"
                      onClick={() => onDecrement(index)}
                      aria-label={t('cart.less', { name: product.name })}
                    >
                      −
                    </button>
                    <span className="menu-cart__count" aria-live="polite">
                      {quantity}
                    </span>
                    <button
                      type="button"
                      className="icon-button menu-cart__step"
                      onClick={() => onIncrement(index)}
                      aria-label={t('cart.more', { name: product.name })}
                    >
                      +
                    </button>
                  </div>
                  <p className="menu-cart__total">{formatMoney(lineTotal(cart, line, product))}</p>
                </li>
              );
            })}
          </ul>
          {allowClientMessage && (
            <div className="field">
              <label className="field__label" htmlFor={messageId}>
                {t('cart.message')}
              </label>
              <textarea
                id={messageId}
                className="input"
                rows={2}
                maxLength={1000}
                value={clientMessage}
                placeholder={t('cart.messageHint')}
                onChange={(event) => onClientMessage(event.target.value)}
              />
            </div>
          )}
          <p className="menu-cart__sum">
            <span>{t('cart.total')}</span> <strong>{formatMoney(totalCents)}</strong>
          </p>
          <p className="muted menu-cart__note">{t('cart.priceNote')}</p>
          {error && (
            <p className="notice notice--error" role="alert">
              {error}
            </p>
          )}
          {blocked.size > 0 && (
            <p className="notice notice--warning" role="status">
              {t('cart.removeSoldOut')}
            </p>
          )}
          <button
            type="button"
            className="button button--primary button--block button--large"
            onClick={onSend}
            disabled={blocked.size > 0}
            aria-busy={sending}
          >
            {sending ? t('cart.sending') : t('cart.send')}
          </button>
        </>
      )}
      <TableOrder order={tableOrder.order} failed={tableOrder.failed} formatMoney={formatMoney} />
    </Modal>
  );
}
