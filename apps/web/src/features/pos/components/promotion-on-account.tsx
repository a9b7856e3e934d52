import type { FloorReservation } from '@sobremesa/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { toast } from '../../../components/toast/toast-store.ts';
import { paymentInfoQuery } from '../api/pos-api.ts';
import { useAssignPromotion, useDeletePromotion } from '../api/promotions.ts';
import { posErrorText } from '../pos-errors.ts';
import { parseAmountCents } from '../pos-model.ts';

export interface PromotionOnAccountProps {
  readonly reservation: FloorReservation;
  readonly roleId: number | null;
  readonly money: (cents: number) => string;
}

/** The promotion-on-account overlay (spec §2, §7): a percentage off the account, and removing one. */
export function PromotionOnAccount({ reservation, roleId, money }: PromotionOnAccountProps) {
  const { t } = useTranslation('pos');
  const owed = useQuery(paymentInfoQuery(reservation.id, roleId));
  const [value, setValue] = useState('');
  const [description, setDescription] = useState('');
  const assigning = useAssignPromotion(roleId);
  const removing = useDeletePromotion(roleId);
  const busy = assigning.isPending || removing.isPending;
  // Read as hundredths so "12,5" is 12.5 % exactly: the server takes at most two decimals.
  const hundredths = parseAmountCents(value);
  const valid = hundredths !== null && hundredths > 0 && hundredths <= 10_000;

  const refused = (error: unknown) => toast.error(posErrorText(error, t, 'errors.promotion'));

  function assign(event: FormEvent) {
    event.preventDefault();
    if (!valid) return;
    const text = description.trim();
    assigning.mutate(
      { wid: reservation.wid, value: hundredths / 100, ...(text ? { description: text } : {}) },
      {
        onSuccess: () => {
          toast.success(t('promotion.applied'));
          setValue('');
          setDescription('');
        },
        onError: refused,
      },
    );
  }

  function remove(promotionId: number) {
    removing.mutate(promotionId, {
      onSuccess: () => toast.success(t('promotion.removed')),
      onError: refused,
    });
  }

  const info = owed.data?.paymentInfo;
  return (
    <div className="pos-promotion">
      {info && (
        <>
          <p className="pos-bill__row">
            {t('bill.total')} <strong>{money(info.total)}</strong>
          </p>
          {info.promotions.length > 0 && (
            <ul className="pos-promotion__list">
              {info.promotions.map((promotion) => (
                <li key={promotion.id} className="pos-promotion__item">
                  <span>
                    {promotion.description ||
                      (promotion.percentBp !== null
                        ? t('promotion.percent', { value: promotion.percentBp / 100 })
                        : money(promotion.amountCents ?? 0))}
                  </span>
                  <button
                    type="button"
                    className="button button--large"
                    disabled={busy}
                    onClick={() => remove(promotion.id)}
                  >
                    {t('promotion.remove')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <form className="pos-form" onSubmit={assign}>
        <label className="field pos-field">
          <span>{t('promotion.value')}</span>
          <input
            className="input"
            inputMode="decimal"
            autoComplete="off"
            value={value}
            aria-invalid={value.trim() !== '' && !valid}
            onChange={(event) => setValue(event.target.value)}
          />
        </label>
        <label className="field pos-field">
          <span>{t('promotion.description')}</span>
          <input
            className="input"
            maxLength={120}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        </label>
        <button type="submit" className="button button--primary button--large" disabled={busy || !valid}>
          {t('promotion.apply')}
        </button>
      </form>
    </div>
  );
}
