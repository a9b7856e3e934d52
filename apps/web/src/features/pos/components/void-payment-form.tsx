import { useTranslation } from '../../../i18n/use-translation.ts';
import { ReasonForm } from '../../../components/reason-form.tsx';
import { useVoidPayment } from '../api/void-payment.ts';
import { posErrorText } from '../pos-errors.ts';

export interface VoidPaymentFormProps {
  /** Names the payment: "Anular el pago 2 (12,00 €)". */
  readonly label: string;
  readonly payment: { readonly reservationId: number; readonly paymentId: number };
  readonly roleId: number | null;
  readonly onCancel: () => void;
  /** Told once the payment is voided; a refusal is shown here. */
  readonly onVoided: () => void;
}

/**
 * The second step of voiding a payment: why (the audit keeps it), then a button that says what it does. A
 * void takes money back off the account, so it is never one tap.
 */
export function VoidPaymentForm({ label, payment, roleId, onCancel, onVoided }: VoidPaymentFormProps) {
  const { t } = useTranslation('pos');
  const voiding = useVoidPayment(roleId);
  return (
    <ReasonForm
      className="pos-void"
      label={label}
      fieldLabel={t('payments.voidReason')}
      missingText={t('payments.voidReasonRequired')}
      failure={voiding.isError ? posErrorText(voiding.error, t, 'errors.voidPayment') : null}
      onSubmit={(reason) => {
        if (!voiding.isPending) voiding.mutate({ ...payment, reason }, { onSuccess: onVoided });
      }}
      actions={
        <div className="pos-actions">
          <button
            type="submit"
            className="button button--large pos-void__confirm"
            aria-busy={voiding.isPending}
          >
            {t('payments.voidConfirm')}
          </button>
          <button type="button" className="button button--large button--quiet" onClick={onCancel}>
            {t('payments.voidCancel')}
          </button>
        </div>
      }
    />
  );
}
