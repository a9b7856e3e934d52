import type { IssuedInvoice } from '@sobremesa/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/modal/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useRealtimeEvents } from '../../../lib/realtime.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { INVOICES_QUERY_KEY, issuedInvoicesQuery } from '../api/invoices.ts';
import { isPosEvent, type PosCalls } from '../api/pos-api.ts';
import { posErrorText } from '../pos-errors.ts';
import { CancelInvoiceForm } from './cancel-invoice-form.tsx';
import { CorrectInvoiceForm } from './correct-invoice-form.tsx';
import { InvoiceEntry } from './invoice-entry.tsx';
import { ReissueInvoiceForm } from './reissue-invoice-form.tsx';

export interface IssuedInvoicesProps {
  readonly roleId: number | null;
  /** The server's logical date: the day shown first. */
  readonly logicalDate: string;
  readonly calls: PosCalls;
  readonly money: (cents: number) => string;
  /** Whether the acting role may correct and cancel invoices (1 en Sala, TPV, admin: the server's check). */
  readonly mayCorrect: boolean;
}

type Acting = { readonly kind: 'correct' | 'cancel' | 'reissue'; readonly invoice: IssuedInvoice };

const TITLES = {
  correct: 'correct.title',
  cancel: 'cancelInvoice.title',
  reissue: 'reissueInvoice.title',
} as const;

/**
 * The invoices issued (decision 057): a service day's, or those of a printed number whatever their day,
 * each with its state (cancelled, replaced, corrected and by which), its PDF, and, for the roles that may,
 * "Rectificar" and "Anular" in a dialog of their own, and "Emitir de nuevo" for a cancelled ticket whose account
 * has no other invoice. Billing events read the list again, so another
 * tablet's correction shows here too.
 */
export function IssuedInvoices({ roleId, logicalDate, calls, money, mayCorrect }: IssuedInvoicesProps) {
  const { t } = useTranslation('pos');
  const client = useQueryClient();
  const id = useId();
  const numberField = useRef<HTMLInputElement>(null);
  const [date, setDate] = useState(logicalDate);
  const [typed, setTyped] = useState('');
  const [number, setNumber] = useState('');
  const [acting, setActing] = useState<Acting | null>(null);
  const invoices = useQuery(issuedInvoicesQuery(roleId, date, number));

  useRealtimeEvents((event) => {
    if (isPosEvent(event)) void client.invalidateQueries({ queryKey: INVOICES_QUERY_KEY });
  });

  const refusedNumber =
    invoices.error instanceof ApiError
      ? (invoices.error.fields.find((field) => field.path === 'number')?.message ?? null)
      : null;

  function search(event: FormEvent) {
    event.preventDefault();
    setNumber(typed.trim());
  }

  return (
    <section className="pos-invoices" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="pos__subheading">
        {number ? t('invoices.found', { number }) : t('invoices.heading')}
      </h2>
      <form className="pos-invoices__find" role="search" aria-label={t('invoices.find')} onSubmit={search}>
        <div className="field pos-field">
          <label htmlFor={`${id}-date`}>{t('invoices.day')}</label>
          <input
            id={`${id}-date`}
            className="input"
            type="date"
            required
            value={date}
            onChange={(event) => {
              if (event.target.value) setDate(event.target.value);
              setNumber('');
            }}
          />
        </div>
        <div className="field pos-field pos-invoices__number">
          <label htmlFor={`${id}-number`}>{t('invoices.number')}</label>
          <input
            ref={numberField}
            id={`${id}-number`}
            className="input"
            type="search"
            autoComplete="off"
            maxLength={40}
            placeholder="T-000042"
            value={typed}
            aria-invalid={refusedNumber !== null}
            aria-describedby={refusedNumber ? `${id}-number-error` : undefined}
            onChange={(event) => setTyped(event.target.value)}
          />
          {refusedNumber && (
            <p id={`${id}-number-error`} className="pos-field__error">
              {refusedNumber}
            </p>
          )}
        </div>
        <div className="pos-actions">
          <button type="submit" className="button button--primary button--large">
            {t('invoices.search')}
          </button>
          {number && (
            <button
              type="button"
              className="button button--large"
              onClick={() => {
                setTyped('');
                setNumber('');
                numberField.current?.focus();
              }}
            >
              {t('invoices.showDay')}
            </button>
          )}
        </div>
      </form>

      {invoices.isPending && <p className="muted">{t('loading')}</p>}
      {invoices.isError && !refusedNumber && (
        <p className="notice notice--error" role="alert">
          <span className="notice__body">{posErrorText(invoices.error, t, 'invoices.error')}</span>
        </p>
      )}
      {invoices.data &&
        (invoices.data.invoices.length === 0 ? (
          <p className="pos__empty" role="status">
            {t(number ? 'invoices.notFound' : 'invoices.empty')}
          </p>
        ) : (
          <ul className="pos-invoices__list" aria-labelledby={`${id}-heading`}>
            {invoices.data.invoices.map((invoice) => (
              <InvoiceEntry
                key={invoice.bill.id}
                invoice={invoice}
                calls={calls}
                money={money}
                showDate={number !== ''}
                mayCorrect={mayCorrect}
                onCorrect={() => setActing({ kind: 'correct', invoice })}
                onCancel={() => setActing({ kind: 'cancel', invoice })}
                onReissue={() => setActing({ kind: 'reissue', invoice })}
              />
            ))}
          </ul>
        ))}

      {acting && (
        <Modal
          open
          size={acting.kind === 'correct' ? 'large' : 'medium'}
          className="pos-overlay"
          title={t(TITLES[acting.kind], {
            number: acting.invoice.bill.invoiceNumber ?? String(acting.invoice.bill.id),
          })}
          onClose={() => setActing(null)}
        >
          {acting.kind === 'correct' ? (
            <CorrectInvoiceForm
              invoice={acting.invoice}
              roleId={roleId}
              calls={calls}
              money={money}
              onClose={() => setActing(null)}
            />
          ) : acting.kind === 'cancel' ? (
            <CancelInvoiceForm
              invoice={acting.invoice}
              roleId={roleId}
              money={money}
              onClose={() => setActing(null)}
            />
          ) : (
            <ReissueInvoiceForm invoice={acting.invoice} roleId={roleId} onClose={() => setActing(null)} />
          )}
        </Modal>
      )}
    </section>
  );
}
