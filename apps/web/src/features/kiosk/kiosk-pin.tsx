import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Modal } from '../../components/modal/modal.tsx';
import { KIOSK_PIN, hashPin } from './kiosk-device.ts';

interface KioskSetupProps {
  readonly onStart: (pinHash: string) => void;
}

/** Staff turn the tablet into a kiosk: they choose the PIN that lets them leave it again. */
export function KioskSetup({ onStart }: KioskSetupProps) {
  const { t } = useTranslation('kiosk');
  const id = useId();
  const [pin, setPin] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!KIOSK_PIN.test(pin)) return setError(t('device.setupInvalid'));
    if (pin !== repeat) return setError(t('device.setupMismatch'));
    onStart(hashPin(pin));
  };
  return (
    <form className="kiosk__form" onSubmit={submit} aria-labelledby={`${id}-heading`} noValidate>
      <h1 id={`${id}-heading`} className="kiosk__form-heading">
        {t('device.setupHeading')}
      </h1>
      <p className="kiosk__hint">{t('device.setupLead')}</p>
      <PinField id={`${id}-pin`} label={t('device.setupPin')} value={pin} onChange={setPin} />
      <PinField id={`${id}-repeat`} label={t('device.setupRepeat')} value={repeat} onChange={setRepeat} />
      {error && (
        <p className="kiosk__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--primary button--large kiosk__button">
        {t('device.start')}
      </button>
    </form>
  );
}

function PinField(props: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="field">
      <label htmlFor={props.id} className="kiosk__label">
        {props.label}
      </label>
      <input
        id={props.id}
        className="input kiosk__input"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={8}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value.replace(/\D/g, ''))}
      />
    </div>
  );
}

interface KioskExitProps {
  readonly open: boolean;
  readonly pinHash: string;
  readonly onClose: () => void;
  readonly onLeave: () => void;
}

/** Staff leave the kiosk with its PIN; a guest cannot. */
export function KioskExit({ open, pinHash, onClose, onLeave }: KioskExitProps) {
  const { t } = useTranslation('kiosk');
  const id = useId();
  const [pin, setPin] = useState('');
  const [wrong, setWrong] = useState(false);
  const close = () => {
    setPin('');
    setWrong(false);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (hashPin(pin) === pinHash) onLeave();
    else {
      setWrong(true);
      setPin('');
    }
  };
  return (
    <Modal open={open} onClose={close} title={t('device.pinHeading')} size="small" className="kiosk-exit">
      <form onSubmit={submit} className="kiosk__form" noValidate>
        <PinField id={`${id}-pin`} label={t('device.pinLabel')} value={pin} onChange={setPin} />
        {wrong && (
          <p className="kiosk__error" role="alert">
            {t('device.pinWrong')}
          </p>
        )}
        <div className="kiosk__actions">
          <button type="button" className="button button--large" onClick={close}>
            {t('device.cancel')}
          </button>
          <button type="submit" className="button button--primary button--large">
            {t('device.leave')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
