import type { IssuedInvoice } from '@sobremesa/contracts';
import { useState } from 'react';
import { ReasonForm } from '../../../components/reason-form.tsx';
import { toast } from '../../../components/toast/toast-store.ts';
import { ApiError, isServerError } from '../../../lib/api-client.ts';
import { newIdempotencyKey } from '../../../lib/random-key.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useCancelInvoice } from '../api/invoices.ts';
import { refusedCorrectionFields } from '../invoice-correction.ts';
import { posErrorText } from '../pos-errors.ts';

export interface CancelInvoiceFormProps {
  readonly invoice: IssuedInvoice;
  readonly roleId: number | null;
  readonly money: (cents: number) => string;
  readonly onClose: () => void;
}

/**
 * "Anular": what a cancellation does, said before it is done (it cannot be undone), the reason the audit
 * keeps, then a button that says what it does. The server's refusal shows under the reason.
 */
export function CancelInvoiceForm({ invoice, roleId, money, onClose }: CancelInvoiceFormProps) {
  const { t } = useTranslation('pos');
  const cancelling = useCancelInvoice(roleId);
  // One key per attempt: a retry after a lost reply is not refused as "already cancelled".
  const [key, setKey] = useState(newIdempotencyKey);
  const number = invoice.bill.invoiceNumber ?? String(invoice.bill.id);
  const refusedReason =
    cancelling.error instanceof ApiError
      ? refusedCorrectionFields(cancelling.error.fields).reason
      : undefined;
  return (
    <ReasonForm
      className="pos-void pos-cancel-invoice"
      fieldLabel={t('cancelInvoice.reason')}
      missingText={t('cancelInvoice.reasonRequired')}
      failure={
        cancelling.isError
          ? (refusedReason ?? posErrorText(cancelling.error, t, 'cancelInvoice.failed'))
          : null
      }
      onSubmit={(reason) => {
        if (cancelling.isPending) return;
        cancelling.mutate(
          { billId: invoice.bill.id, reason, idempotencyKey: key },
          {
            onSuccess: () => {
              toast.success(t('cancelInvoice.done', { number }));
              onClose();
            },
            onError: (error) => {
              if (isServerError(error)) setKey(newIdempotencyKey());
            },
          },
        );
      }}
      actions={
        <div className="pos-actions">
          <button
            type="submit"
            className="button button--large pos-void__confirm"
            aria-busy={cancelling.isPending}
          >
            {t('cancelInvoice.confirm')}
          </button>
          <button type="button" className="button button--large button--quiet" onClick={onClose}>
            {t('cancelInvoice.back')}
          </button>
        </div>
      }
    >
      <p>{t('cancelInvoice.warning', { number, amount: money(invoice.bill.totalCents) })}</p>
    </ReasonForm>
  );
}
