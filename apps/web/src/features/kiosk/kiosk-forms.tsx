import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';

/** Parties the kiosk seats on its own; larger ones talk to staff. */
export const KIOSK_MAX_PAX = 12;

interface CodeFormProps {
  readonly busy: boolean;
  readonly onSubmit: (code: string) => void;
  readonly onBack: () => void;
}

/** The booking code typed instead of shown (no camera, or the guest prefers). */
export function CodeForm({ busy, onSubmit, onBack }: CodeFormProps) {
  const { t } = useTranslation('kiosk');
  const id = useId();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) onSubmit(code.trim());
  };
  return (
    <form className="kiosk__form" onSubmit={submit} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="kiosk__form-heading">
        {t('code.heading')}
      </h2>
      <div className="field">
        <label htmlFor={`${id}-code`} className="kiosk__label">
          {t('code.label')}
        </label>
        <input
          id={`${id}-code`}
          className="input kiosk__input"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={512}
          required
          aria-describedby={`${id}-hint`}
          autoFocus
        />
        <p id={`${id}-hint`} className="kiosk__hint">
          {t('code.hint')}
        </p>
      </div>
      <KioskActions busy={busy} submit={t('code.submit')} onBack={onBack} />
    </form>
  );
}

interface WalkInFormProps {
  readonly busy: boolean;
  readonly onSubmit: (name: string, pax: number) => void;
  readonly onBack: () => void;
}

/** A party without a booking: how many and a first name (spec §5: name without surnames). */
export function WalkInForm({ busy, onSubmit, onBack }: WalkInFormProps) {
  const { t } = useTranslation('kiosk');
  const id = useId();
  const [pax, setPax] = useState(2);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(true);
      return;
    }
    onSubmit(name.trim(), pax);
  };
  return (
    <form className="kiosk__form" onSubmit={submit} aria-labelledby={`${id}-heading`} noValidate>
      <h2 id={`${id}-heading`} className="kiosk__form-heading">
        {t('walkIn.heading')}
      </h2>
      <fieldset className="kiosk__pax">
        <legend className="kiosk__label">{t('walkIn.pax')}</legend>
        <button
          type="button"
          className="button button--large kiosk__step"
          onClick={() => setPax((value) => Math.max(1, value - 1))}
          disabled={pax <= 1}
          aria-label={t('walkIn.fewer')}
        >
          −
        </button>
        <output
          className="kiosk__pax-value"
          aria-live="polite"
          aria-label={t('walkIn.paxValue', { count: pax })}
        >
          {pax}
        </output>
        <button
          type="button"
          className="button button--large kiosk__step"
          onClick={() => setPax((value) => Math.min(KIOSK_MAX_PAX, value + 1))}
          disabled={pax >= KIOSK_MAX_PAX}
          aria-label={t('walkIn.more')}
        >
          +
        </button>
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-name`} className="kiosk__label">
          {t('walkIn.name')}
        </label>
        <input
          id={`${id}-name`}
          className="input kiosk__input"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setNameError(false);
          }}
          autoComplete="given-name"
          maxLength={40}
          aria-invalid={nameError}
          aria-describedby={`${id}-name-hint${nameError ? ` ${id}-name-error` : ''}`}
        />
        <p id={`${id}-name-hint`} className="kiosk__hint">
          {t('walkIn.nameHint')}
        </p>
        {nameError && (
          <p id={`${id}-name-error`} className="kiosk__error" role="alert">
            {t('walkIn.nameRequired')}
          </p>
        )}
      </div>
      <KioskActions busy={busy} submit={t('walkIn.submit')} onBack={onBack} />
    </form>
  );
}

/** A kiosk form's two buttons: back to the start, and its submit, held while the call runs. */
function KioskActions({
  busy,
  submit,
  onBack,
}: {
  readonly busy: boolean;
  readonly submit: string;
  readonly onBack: () => void;
}) {
  const { t } = useTranslation('kiosk');
  return (
    <div className="kiosk__actions">
      <button type="button" className="button button--large kiosk__button" onClick={onBack}>
        {t('back')}
      </button>
      <button
        type="submit"
        className="button button--primary button--large kiosk__button"
        disabled={busy}
        aria-busy={busy}
      >
        {submit}
      </button>
    </div>
  );
}
