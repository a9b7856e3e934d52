import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { serverMessage } from '../../../lib/api-client.ts';
import { RatingPrompt } from '../../../components/rating-prompt/rating-prompt.tsx';
import { fetchReceipt } from '../api/receipt-api.ts';

export interface ThankYouProps {
  readonly uid: string;
  /** What the bill came to. */
  readonly paidCents: number;
  readonly formatMoney: (cents: number) => string;
}

/**
 * The phone once the table has paid (issue 18 item 6, issue 26 item 6, decision 038): thanks, what was
 * paid, the receipt to download and the rating. Ordering is over, and the screen says so.
 */
export function ThankYou({ uid, paidCents, formatMoney }: ThankYouProps) {
  const { t } = useTranslation('menu');
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function download() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const receipt = await fetchReceipt(uid);
      const url = URL.createObjectURL(receipt.blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = receipt.name;
      document.body.append(link);
      link.click();
      link.remove();
      // The download has taken the bytes once the click is handled; the next task may free them.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (failure) {
      setError(serverMessage(failure, t('thanks.receiptFailed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="thank-you card" aria-labelledby={titleId}>
      <h2 id={titleId} className="thank-you__title">
        {t('thanks.title')}
      </h2>
      <p className="thank-you__paid">{t('thanks.paid', { amount: formatMoney(paidCents) })}</p>
      <p>{t('thanks.orderingClosed')}</p>
      <button type="button" className="button button--large" aria-busy={busy} onClick={() => void download()}>
        {busy ? t('thanks.receiptBusy') : t('thanks.receipt')}
      </button>
      {error && (
        <p className="notice notice--error" role="alert">
          <span className="notice__body">{error}</span>
        </p>
      )}
      <RatingPrompt capability={{ uid }} />
    </section>
  );
}
