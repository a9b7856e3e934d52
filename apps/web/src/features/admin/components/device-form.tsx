import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { toast } from '../../../components/toast/toast-store.ts';
import { useDeviceWrite } from '../api/device-writes.ts';
import { SaveFooter } from './save-footer.tsx';
import { writeFailure } from './write-failure.ts';

interface DeviceFormProps {
  /** Prefix of the controls' ids, one per form on the page. */
  readonly idPrefix: string;
  readonly nameLabel: string;
  readonly name: string;
  readonly onName: (name: string) => void;
  readonly submitLabel: string;
  readonly busy: boolean;
  readonly failure: string | null;
  readonly onSubmit: () => void;
  /** The device's own fields, after its name. */
  readonly children: ReactNode;
}

/**
 * A device form's save: `send` the draft, say it was saved, and `clear` the form (the forms that make new
 * devices); a refusal in words as `failure`.
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
  return { save, busy, failure: error && writeFailure(error, t) };
}

/** A device's form: its name, its own fields, what went wrong and the save button. */
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
      <div className="field">
        <label className="field__label" htmlFor={`${props.idPrefix}-name`}>
          {props.nameLabel}
        </label>
        <input
          id={`${props.idPrefix}-name`}
          className="input"
          value={props.name}
          autoComplete="off"
          onChange={(event) => props.onName(event.target.value)}
        />
      </div>
      {props.children}
      <SaveFooter failure={props.failure} busy={props.busy} label={props.submitLabel} />
    </form>
  );
}
