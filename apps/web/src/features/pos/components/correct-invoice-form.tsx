import type { IssuedInvoice } from '@sobremesa/contracts';
import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { FailureNotice } from '../../../components/failure-notice.tsx';
import { toast } from '../../../components/toast/toast-store.ts';
import { ApiError, isServerError } from '../../../lib/api-client.ts';
import { newIdempotencyKey } from '../../../lib/random-key.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useCorrectInvoice } from '../api/invoices.ts';
import type { PosCalls } from '../api/pos-api.ts';
import {
  CORRECTION_GROUNDS,
  correctedGrossCents,
  correctedLines,
  EMPTY_CORRECTION,
  invoiceKind,
  refusedCorrectionFields,
  withUnits,
  type CorrectionForm,
  type CorrectionGround,
} from '../invoice-correction.ts';
import { posErrorText } from '../pos-errors.ts';
import { openBillPdf } from '../pos-pdf.ts';

export interface CorrectInvoiceFormProps {
  readonly invoice: IssuedInvoice;
  readonly roleId: number | null;
  readonly calls: PosCalls;
  readonly money: (cents: number) => string;
  readonly onClose: () => void;
}

/**
 * "Rectificar": the units taken off each line (a stepper per line, never past what is left), the legal
 * ground for a complete invoice (a ticket's correction is always R5), and the reason the corrective invoice
 * prints. The server checks it all: what it refuses shows at its field, in the tablet's language. Once
 * issued, the corrective invoice is shown with its number, amount and PDF.
 */
export function CorrectInvoiceForm({ invoice, roleId, calls, money, onClose }: CorrectInvoiceFormProps) {
  const { t } = useTranslation('pos');
  const id = useId();
  const correcting = useCorrectInvoice(roleId);
  const [form, setForm] = useState<CorrectionForm>(EMPTY_CORRECTION);
  // One key per attempt: a retry after a lost reply gets the corrective invoice already issued.
  const [key, setKey] = useState(newIdempotencyKey);
  const firstUnits = useRef<HTMLInputElement>(null);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const groundField = useRef<HTMLSelectElement>(null);
  const issuedHeading = useRef<HTMLParagraphElement>(null);
  const complete = invoiceKind(invoice.bill.type) === 'invoice';
  const lines = invoice.bill.lines.filter((line) =>
    invoice.unitsLeft.some((left) => left.billLineId === line.id && left.units > 0),
  );

  useLayoutEffect(() => {
    if (correcting.data) issuedHeading.current?.focus();
  }, [correcting.data]);

  const refused =
    correcting.error instanceof ApiError ? refusedCorrectionFields(correcting.error.fields) : {};
  const failure =
    correcting.isError && Object.keys(refused).length === 0
      ? posErrorText(correcting.error, t, 'correct.failed')
      : null;

  if (correcting.data) {
    const issued = correcting.data.bill;
    return (
      <div className="pos-correct">
        <p ref={issuedHeading} tabIndex={-1} className="pos-issued__title" role="status">
          {t('correct.issued', {
            number: issued.invoiceNumber ?? String(issued.id),
            amount: money(issued.totalCents),
          })}
        </p>
        <div className="pos-actions">
          <button
            type="button"
            className="button button--primary button--large"
            onClick={() =>
              void openBillPdf(calls, issued).catch((error: unknown) =>
                toast.error(posErrorText(error, t, 'errors.pdf')),
              )
            }
          >
            {t('correct.viewPdf', { number: issued.invoiceNumber ?? String(issued.id) })}
          </button>
          <button type="button" className="button button--large" onClick={onClose}>
            {t('correct.close')}
          </button>
        </div>
      </div>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (correcting.isPending) return;
    correcting.mutate(
      {
        billId: invoice.bill.id,
        lines: correctedLines(invoice, form),
        ground: form.ground,
        reason: form.reason,
        idempotencyKey: key,
      },
      {
        onError: (error) => {
          if (isServerError(error)) setKey(newIdempotencyKey());
          const fields = error instanceof ApiError ? refusedCorrectionFields(error.fields) : {};
          if (fields.lines) firstUnits.current?.focus();
          else if (fields.ground) groundField.current?.focus();
          else if (fields.reason) reasonField.current?.focus();
        },
      },
    );
  }

  const leftOf = (billLineId: number) =>
    invoice.unitsLeft.find((line) => line.billLineId === billLineId)?.units ?? 0;
  const gross = correctedGrossCents(invoice, form);

  return (
    <form className="pos-form pos-correct" onSubmit={submit} noValidate>
      <fieldset
        className="pos-correct__lines"
        aria-describedby={refused.lines ? `${id}-lines-error` : undefined}
      >
        <legend>{t('correct.lines')}</legend>
        {lines.map((line, index) => {
          const left = leftOf(line.id);
          const units = form.units[line.id] ?? 0;
          const set = (value: number) => setForm(withUnits(form, line.id, value, left));
          return (
            <div key={line.id} className="pos-correct__line" data-line-id={line.id}>
              <label htmlFor={`${id}-units-${line.id}`} className="pos-correct__dish">
                <span>{line.description}</span>
                <span className="muted">
                  {money(line.unitPriceCents)} · {t('correct.left', { count: left })}
                </span>
              </label>
              <div className="pos-stepper">
                <button
                  type="button"
                  className="button button--large"
                  aria-label={t('correct.less', { name: line.description })}
                  disabled={units === 0}
                  onClick={() => set(units - 1)}
                >
                  −
                </button>
                <input
                  ref={index === 0 ? firstUnits : undefined}
                  // The dialog opens on the first line's units (the modal focuses it as it opens).
                  data-autofocus={index === 0 ? true : undefined}
                  id={`${id}-units-${line.id}`}
                  className="input pos-correct__units"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={left}
                  value={units}
                  aria-invalid={refused.lines !== undefined}
                  onChange={(event) => set(Number(event.target.value) || 0)}
                />
                <button
                  type="button"
                  className="button button--large"
                  aria-label={t('correct.more', { name: line.description })}
                  disabled={units >= left}
                  onClick={() => set(units + 1)}
                >
                  +
                </button>
              </div>
            </div>
          );
        })}
      </fieldset>
      {refused.lines && (
        <p id={`${id}-lines-error`} className="pos-field__error">
          {refused.lines}
        </p>
      )}
      <p className="pos-correct__amount" aria-live="polite">
        {t('correct.amount', { amount: money(-gross) })}
        {invoice.bill.discountCents > 0 && <span className="muted"> {t('correct.discountNote')}</span>}
      </p>

      {complete && (
        <div className="field pos-field">
          <label htmlFor={`${id}-ground`}>{t('correct.ground')}</label>
          <select
            ref={groundField}
            id={`${id}-ground`}
            className="select input"
            value={form.ground}
            aria-invalid={refused.ground !== undefined}
            aria-describedby={refused.ground ? `${id}-ground-error` : undefined}
            onChange={(event) => setForm({ ...form, ground: Number(event.target.value) as CorrectionGround })}
          >
            {CORRECTION_GROUNDS.map((ground) => (
              <option key={ground} value={ground}>
                {t(`correct.grounds.${ground}`)}
              </option>
            ))}
          </select>
          {refused.ground && (
            <p id={`${id}-ground-error`} className="pos-field__error">
              {refused.ground}
            </p>
          )}
        </div>
      )}

      <div className="field pos-field">
        <label htmlFor={`${id}-reason`}>{t('correct.reason')}</label>
        <textarea
          ref={reasonField}
          id={`${id}-reason`}
          className="input pos-correct__reason"
          rows={2}
          maxLength={200}
          aria-required
          aria-invalid={refused.reason !== undefined}
          aria-describedby={refused.reason ? `${id}-reason-error` : `${id}-reason-hint`}
          value={form.reason}
          onChange={(event) => setForm({ ...form, reason: event.target.value })}
        />
        {refused.reason ? (
          <p id={`${id}-reason-error`} className="pos-field__error">
            {refused.reason}
          </p>
        ) : (
          <p id={`${id}-reason-hint`} className="muted">
            {t('correct.reasonHint')}
          </p>
        )}
      </div>
      <p className="muted">{t('correct.method')}</p>
      <FailureNotice message={failure} />
      <div className="pos-actions">
        <button
          type="submit"
          className="button button--primary button--large"
          aria-busy={correcting.isPending}
        >
          {t('correct.submit')}
        </button>
        <button type="button" className="button button--large" onClick={onClose}>
          {t('correct.back')}
        </button>
      </div>
    </form>
  );
}
