import { useTranslation } from '../../../i18n/use-translation.ts';
import { ReasonForm } from '../../../components/reason-form.tsx';
import { useReopenShift } from '../api/reopen-shift.ts';
import { tillErrorText } from '../till-errors.ts';
import { SubmitButton } from './submit-button.tsx';

export interface ReopenShiftProps {
  readonly shiftId: number;
  readonly roleId: number | null;
  readonly onDone: () => void;
}

/**
 * Reopening the last shift, closed by mistake: why (the audit keeps it, with who and when), then a button
 * that says what it does. Its close figures go and are taken again by the next count.
 */
export function ReopenShift({ shiftId, roleId, onDone }: ReopenShiftProps) {
  const { t } = useTranslation('till');
  const reopening = useReopenShift(roleId);
  return (
    <ReasonForm
      className="till-reopen"
      fieldLabel={t('reopen.reason')}
      missingText={t('reopen.reasonRequired')}
      failure={reopening.isError ? tillErrorText(reopening.error, t, 'errors.reopen') : null}
      onSubmit={(reason) => {
        if (!reopening.isPending) reopening.mutate({ shiftId, reason }, { onSuccess: onDone });
      }}
      actions={<SubmitButton busy={reopening.isPending} label={t('reopen.submit')} />}
    >
      <p>{t('reopen.hint')}</p>
    </ReasonForm>
  );
}
