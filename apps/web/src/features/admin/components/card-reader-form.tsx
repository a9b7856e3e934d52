import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { AdminField, errorAt } from './admin-field.tsx';
import { DeviceForm, useDeviceSave } from './device-form.tsx';

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
  const { save, busy, failure } = useDeviceSave(
    send,
    resetOnSave
      ? () => {
          setName('');
          setKind('');
        }
      : undefined,
  );

  return (
    <DeviceForm
      idPrefix={idPrefix}
      nameLabel={t('devices.readers.name')}
      name={name}
      onName={setName}
      submitLabel={submitLabel}
      busy={busy}
      failure={failure}
      ownFields={['kind']}
      onSubmit={() => save({ name, kind })}
    >
      <AdminField
        id={`${idPrefix}-kind`}
        label={t('devices.readers.kind')}
        error={errorAt(failure, 'kind')}
        control={(extra) => (
          <input
            className="input"
            value={kind}
            autoComplete="off"
            onChange={(event) => setKind(event.target.value)}
            {...extra}
          />
        )}
      />
    </DeviceForm>
  );
}
