import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/toast/toast-store.ts';
import { useDeviceWrite } from '../api/device-writes.ts';
import { DeviceForm } from './device-form.tsx';
import { writeFailure } from './write-failure.ts';

interface CardReaderFormProps {
  readonly idPrefix: string;
  readonly initial: { readonly name: string; readonly kind: string };
  readonly submitLabel: string;
  /** The call that stores the reader (a new one or this one). */
  readonly send: (draft: { name: string; kind: string }) => Promise<unknown>;
  /** Empties the form after a save (the "new reader" form). */
  readonly resetOnSave?: boolean;
}

/** A card reader's name and kind (its acquirer or integration: Redsys, SumUp, stand-alone...). */
export function CardReaderForm({ idPrefix, initial, submitLabel, send, resetOnSave }: CardReaderFormProps) {
  const { t } = useTranslation('admin');
  const [name, setName] = useState(initial.name);
  const [kind, setKind] = useState(initial.kind);
  const { run, busy, error } = useDeviceWrite();

  const submit = () =>
    run(
      () => send({ name, kind }),
      () => {
        toast.success(t('devices.savedOne'));
        if (resetOnSave) {
          setName('');
          setKind('');
        }
      },
    );

  return (
    <DeviceForm
      idPrefix={idPrefix}
      nameLabel={t('devices.readers.name')}
      name={name}
      onName={setName}
      submitLabel={submitLabel}
      busy={busy}
      failure={error && writeFailure(error, t)}
      onSubmit={submit}
    >
      <div className="field">
        <label className="field__label" htmlFor={`${idPrefix}-kind`}>
          {t('devices.readers.kind')}
        </label>
        <input
          id={`${idPrefix}-kind`}
          className="input"
          value={kind}
          autoComplete="off"
          onChange={(event) => setKind(event.target.value)}
        />
      </div>
    </DeviceForm>
  );
}
