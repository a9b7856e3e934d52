import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { toast } from '../../../components/toast/toast-store.ts';
import { useDeviceWrite } from '../api/device-writes.ts';
import { AdminField, errorAt, failureSummary, saveFailure, type SaveFailure } from './admin-field.tsx';
import { SaveFooter } from './save-footer.tsx';

interface DeviceFormProps {
  /** Prefix of the controls' ids, one per form on the page. */
  readonly idPrefix: string;
  readonly nameLabel: string;
  readonly name: string;
  readonly onName: (name: string) => void;
  readonly submitLabel: string;
  readonly busy: boolean;
  readonly failure: SaveFailure | null;
  /** The fields after the name that show their own errors (`kind`, `denominations`). */
  readonly ownFields: readonly string[];
  readonly onSubmit: () => void;
  /** The device's own fields, after its name. */
  readonly children: ReactNode;
}

/**
 * A device form's save: `send` the draft, say it was saved, and `clear` the form (the forms that make new
 * devices); a refusal as `failure`, its fields for the controls that show them.
 */
export function useDeviceSave<D>(send: (draft: D) => Promise<unknown>, clear?: () => void) {
  const { t } = useTranslation('admin');
  const { run, busy, error } = useDeviceWrite();
  const save = (draft: D) =>
    run(
      () => send(draft),
      () => {
        toast.success(t('devices.savedOne'));
        clear?.();
      },
    );
  return { save, busy, failure: error ? saveFailure(error, t('errors.network')) : null };
}

/**
 * A device's form: its name, its own fields, what went wrong and the save button. A refused field's reason
 * shows under it, tied to the control; what the form typed stays as it was.
 */
export function DeviceForm(props: DeviceFormProps) {
  return (
    <form
      className="admin-section__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      <AdminField
        id={`${props.idPrefix}-name`}
        label={props.nameLabel}
        error={errorAt(props.failure, 'name')}
        control={(extra) => (
          <input
            className="input"
            value={props.name}
            autoComplete="off"
            onChange={(event) => props.onName(event.target.value)}
            {...extra}
          />
        )}
      />
      {props.children}
      <SaveFooter
        failure={failureSummary(props.failure, ['name', ...props.ownFields])}
        busy={props.busy}
        label={props.submitLabel}
      />
    </form>
  );
}
