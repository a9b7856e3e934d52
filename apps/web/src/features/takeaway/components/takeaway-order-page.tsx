import type { MenuGetResponse, MenuProduct } from '@sobremesa/contracts';
import { deliveryZoneFor, hasRadiusZones, type GeoPoint } from '@sobremesa/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { formatEuros } from '../../../i18n/euro-format.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { idempotencyHeader } from '../../../lib/random-key.ts';
import { useChunk } from '../../../lib/use-chunk.ts';
import { addProduct, orderLines, productSku } from '../../../lib/guest-menu/guest-cart.ts';
import { applyProductChange } from '../../../lib/guest-menu/menu-model.ts';
import { menuQuery } from '../../../lib/guest-menu/menu-queries.ts';
import { useProductEvents } from '../../../lib/guest-menu/use-product-events.ts';
import { DatePicker } from '../../../components/date-picker/date-picker.tsx';
import {
  takeawayApi,
  type TakeawayConfig,
  type TakeawayMode,
  type TakeawayPaymentMethod,
} from '../takeaway-api.ts';
import { goToPayment } from '../takeaway-payment.ts';
import { takeawayConfigQuery } from '../takeaway-queries.ts';
import {
  addPlain,
  cartTotalCents,
  EMPTY_TAKEAWAY_CART,
  hasChoices,
  optionNames,
  removeLine,
  removePlain,
  withoutGone,
  type TakeawayCart,
} from '../takeaway-cart.ts';
import {
  DETAILS_FIELD_ORDER,
  detailsProblems,
  EMPTY_DETAILS,
  type TakeawayDetails,
} from '../takeaway-form.ts';
import { TakeawayDetailsFields } from './takeaway-details.tsx';
import { useSharedLocation } from './use-shared-location.ts';
import { TakeawayMenu } from './takeaway-menu.tsx';
import { productsBySku } from '../../../lib/menu-products.ts';

// The dish sheet only opens for a dish with options, after a tap: its own chunk keeps the form's first download
// small (issue 19's budget), fetched once the form is up.
const importProductSheet = () => import('../../../components/product-sheet/product-sheet.tsx');

/**
 * The guest's takeaway form (issue 27 item 1): pickup or delivery, a date then a time (spec §5: the time
 * needs a date, the button needs both), the dishes on sale, the cart, the guest's details and, for
 * delivery, an address in one of the venue's zones with its fee and minimum.
 */
export function TakeawayOrderPage({
  config,
  onOrdered,
}: {
  config: TakeawayConfig;
  onOrdered: (token: string) => void;
}) {
  const { t } = useTranslation('takeaway');
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const timeId = useId();
  const [mode, setMode] = useState<TakeawayMode>(config.modes[0] ?? 'pickup');
  const [payment, setPayment] = useState<TakeawayPaymentMethod>('at_pickup');
  const [paying, setPaying] = useState(false);
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState('');
  const [cart, setCart] = useState<TakeawayCart>(EMPTY_TAKEAWAY_CART);
  // The dish whose options the guest is choosing (the menu's own sheet, as at the table).
  const [choosing, setChoosing] = useState<MenuProduct | null>(null);
  const ProductSheet = useChunk(importProductSheet, true)?.ProductSheet;
  const location = useSharedLocation();
  const [details, setDetails] = useState<TakeawayDetails>(EMPTY_DETAILS);
  const [showErrors, setShowErrors] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // One key per order the guest means: a retry after a network error replays it instead of ordering twice.
  const orderKey = useRef<{ 'Idempotency-Key': string } | null>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);

  const menu = useQuery(menuQuery(locale, null));
  const slots = useQuery({
    queryKey: ['takeaway', 'slots', date],
    queryFn: () => takeawayApi.slots(date ?? ''),
    enabled: date !== null,
  });
  const readSettingsAgain = () =>
    void queryClient.invalidateQueries({ queryKey: takeawayConfigQuery.queryKey });
  useProductEvents(
    (change) =>
      queryClient.setQueriesData<MenuGetResponse>({ queryKey: ['menu', 'get'] }, (current) =>
        current ? applyProductChange(current, change).reply : current,
      ),
    () => {
      void queryClient.invalidateQueries({ queryKey: ['menu', 'get'] });
      readSettingsAgain();
    },
    undefined,
    readSettingsAgain,
  );

  const bySku = useMemo(
    () => (menu.data ? productsBySku(menu.data.menus) : new Map<string, MenuProduct>()),
    [menu.data],
  );
  // A dish sold out while the guest chose leaves the cart too.
  const liveCart = menu.data ? withoutGone(cart, bySku) : cart;
  const itemsCents = cartTotalCents(liveCart, bySku);
  const zones = config.zones.map((entry, index) => ({ ...entry, id: index }));
  // A radius zone needs the guest's position; offered on a button, never needed when the postal code answers.
  const canLocate = config.deliveryOrigin !== null && hasRadiusZones(zones);
  const shared: GeoPoint | null = location.state.kind === 'located' ? location.state.point : null;
  const zone =
    mode === 'delivery' && (details.postalCode.trim().length >= 3 || shared !== null)
      ? deliveryZoneFor(zones, {
          postalCode: details.postalCode,
          location: shared,
          origin: config.deliveryOrigin,
        })
      : null;
  const feeCents = zone?.feeCents ?? 0;
  const problems = detailsProblems(details, mode, liveCart.lines.length);
  const belowMinimum = zone !== null && itemsCents < zone.minimumCents;
  // Staff paused online orders: the guest keeps choosing, and sends once they resume (the page hears both).
  const paused = config.pausedUntil !== null;
  const canSubmit = date !== null && time !== '' && !paused;
  const canPayOnline = config.onlinePayment;
  const payOnline = canPayOnline && payment === 'online';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting || !canSubmit || date === null) return;
    setShowErrors(true);
    const first = DETAILS_FIELD_ORDER.find((field) => problems[field]);
    if (first || belowMinimum) {
      document.getElementById(`takeaway-${first ?? 'cart'}`)?.focus();
      return;
    }
    setSubmitting(true);
    setSubmitError(null);
    orderKey.current ??= idempotencyHeader();
    try {
      const placed = await takeawayApi.order(
        {
          mode,
          date,
          time,
          name: details.name.trim(),
          phone: details.phone.trim(),
          email: details.email.trim(),
          ...(mode === 'delivery'
            ? {
                address: details.address.trim(),
                postalCode: details.postalCode.trim(),
                ...(shared ? { location: shared } : {}),
              }
            : {}),
          ...(details.notes.trim() ? { notes: details.notes.trim() } : {}),
          products: orderLines(liveCart, bySku),
          ...(payOnline ? { payment: 'online' as const } : {}),
        },
        orderKey.current,
      );
      if (placed.paymentForm) {
        setPaying(true);
        goToPayment(placed.paymentForm, placed.statusToken);
        return;
      }
      onOrdered(placed.statusToken);
    } catch (error) {
      // A refusal is final for this order: the next tap is a new one, with a new key.
      if (error instanceof ApiError && error.status !== 0) orderKey.current = null;
      if (error instanceof ApiError && error.code === 'SLOT_UNAVAILABLE') {
        setTime('');
        void slots.refetch();
      }
      setSubmitError(error instanceof ApiError ? error.message : String(error));
      requestAnimationFrame(() => errorRef.current?.focus());
    } finally {
      setSubmitting(false);
    }
  };

  const freeSlots = slots.data?.timeSlots ?? [];
  return (
    <form className="takeaway" onSubmit={(event) => void submit(event)} noValidate>
      <h1 className="takeaway__heading">{t('heading')}</h1>
      <div role="status">{paused && <p className="takeaway__paused">{t('paused')}</p>}</div>
      {config.modes.length > 1 && (
        <fieldset className="takeaway__section takeaway__modes">
          <legend>
            <h2>{t('mode.legend')}</h2>
          </legend>
          {config.modes.map((entry) => (
            <label key={entry} className="takeaway__mode">
              <input
                type="radio"
                name="mode"
                value={entry}
                checked={mode === entry}
                onChange={() => setMode(entry)}
              />
              {t(`mode.${entry}`)}
            </label>
          ))}
        </fieldset>
      )}

      <fieldset className="takeaway__section">
        <legend>
          <h2>{t('when.legend')}</h2>
        </legend>
        <DatePicker
          value={date}
          rules={config}
          onChange={(chosen) => {
            setDate(chosen);
            setTime('');
          }}
        />
        <label htmlFor={timeId} className="field__label">
          {t('when.time')}
        </label>
        <select
          id={timeId}
          className="select takeaway__time"
          value={time}
          disabled={date === null || slots.isPending || freeSlots.length === 0}
          aria-describedby={`${timeId}-hint`}
          onChange={(event) => setTime(event.target.value)}
        >
          <option value="">{t('when.chooseTime')}</option>
          {freeSlots.map((slot) => (
            <option key={slot.time} value={slot.time} disabled={slot.left === 0}>
              {slot.left === 0 ? t('when.full', { time: slot.time }) : slot.time}
            </option>
          ))}
        </select>
        <p id={`${timeId}-hint`} className="field__hint">
          {date === null
            ? t('when.needsDate')
            : slots.isSuccess && freeSlots.length === 0
              ? t('when.none')
              : ''}
        </p>
      </fieldset>

      {menu.data && (
        <TakeawayMenu
          menu={menu.data}
          cart={liveCart}
          onAdd={(product) =>
            hasChoices(product) ? setChoosing(product) : setCart(addPlain(liveCart, product))
          }
          onRemove={(product) => setCart(removePlain(liveCart, product))}
        />
      )}
      {choosing && ProductSheet && (
        <ProductSheet
          product={bySku.get(choosing.sku) ?? choosing}
          canOrder
          showLargePicture={false}
          formatMoney={(cents) => formatEuros(cents, locale)}
          onAdd={(choice) => {
            setCart(addProduct(liveCart, bySku.get(choosing.sku) ?? choosing, choice));
            setChoosing(null);
          }}
          onClose={() => setChoosing(null)}
        />
      )}

      <section className="takeaway__section" aria-labelledby="takeaway-cart-heading">
        <h2 id="takeaway-cart-heading" tabIndex={-1}>
          {t('cart.heading')}
        </h2>
        {liveCart.lines.length === 0 ? (
          <p id="takeaway-cart" tabIndex={-1} className={showErrors ? 'field__error' : undefined}>
            {showErrors ? t('errors.cart') : t('cart.empty')}
          </p>
        ) : (
          <ul className="takeaway__cart" id="takeaway-cart" tabIndex={-1}>
            {liveCart.lines.map((line, index) => {
              const product = bySku.get(productSku(line));
              if (!product) return null;
              const chosen = optionNames(product, line);
              return (
                <li key={`${line.sku}|${JSON.stringify(line.options)}|${line.comments ?? ''}`}>
                  <span>
                    {line.quantity} × {product.name}
                    {chosen.length > 0 && <span className="takeaway__choices"> ({chosen.join(', ')})</span>}
                  </span>
                  <span className="takeaway__line-end">
                    {formatEuros(cartTotalCents({ ...liveCart, lines: [line] }, bySku), locale)}
                    {hasChoices(product) && (
                      <button
                        type="button"
                        className="takeaway__step"
                        aria-label={t('cart.removeLine', { name: product.name })}
                        onClick={() => setCart(removeLine(liveCart, index))}
                      >
                        ×
                      </button>
                    )}
                  </span>
                </li>
              );
            })}
            {feeCents > 0 && (
              <li>
                <span>{t('cart.fee')}</span>
                <span>{formatEuros(feeCents, locale)}</span>
              </li>
            )}
            <li className="takeaway__total">
              <span>{t('cart.total')}</span>
              <span>{formatEuros(itemsCents + feeCents, locale)}</span>
            </li>
          </ul>
        )}
        {belowMinimum && zone && (
          <p className="field__error">
            {t('cart.minimum', { amount: formatEuros(zone.minimumCents, locale) })}
          </p>
        )}
      </section>

      <TakeawayDetailsFields
        mode={mode}
        details={details}
        onChange={setDetails}
        problems={showErrors ? problems : {}}
        zoneNote={
          mode !== 'delivery' || details.postalCode.trim().length < 3 || shared !== null
            ? null
            : zone
              ? t('details.zone', { zone: zone.name, fee: formatEuros(zone.feeCents, locale) })
              : t('details.zoneUnknown')
        }
        locate={
          mode === 'delivery' && canLocate
            ? {
                onLocate: location.locate,
                busy: location.state.kind === 'locating',
                note:
                  location.state.kind === 'failed'
                    ? t('details.locationFailed')
                    : shared === null
                      ? null
                      : zone
                        ? t('details.located', { zone: zone.name, fee: formatEuros(zone.feeCents, locale) })
                        : t('details.locatedOutside'),
              }
            : null
        }
      />

      {canPayOnline && (
        <fieldset className="takeaway__section takeaway__modes">
          <legend>{t('payment.legend')}</legend>
          {(['at_pickup', 'online'] as const).map((entry) => (
            <label key={entry} className="takeaway__mode">
              <input
                type="radio"
                name="payment"
                value={entry}
                checked={payment === entry}
                onChange={() => setPayment(entry)}
              />
              {t(entry === 'at_pickup' && mode === 'delivery' ? 'payment.on_delivery' : `payment.${entry}`)}
            </label>
          ))}
          {payOnline && <p className="field__hint">{t('payment.note')}</p>}
        </fieldset>
      )}

      {submitError && (
        <p ref={errorRef} tabIndex={-1} role="alert" className="takeaway__error">
          {submitError}
        </p>
      )}
      <button
        type="submit"
        className="button button--primary takeaway__submit"
        disabled={!canSubmit || submitting || paying}
        aria-describedby={canSubmit ? undefined : 'takeaway-submit-hint'}
      >
        {paying ? t('payment.paying') : submitting ? t('submitting') : t('submit')}
      </button>
      {!canSubmit && (
        <p id="takeaway-submit-hint" className="field__hint">
          {paused ? t('paused') : t('needsDateTime')}
        </p>
      )}
    </form>
  );
}
