import { doneReplySchema } from '@sobremesa/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Link } from 'react-router';
import { isServerError } from '../../../lib/api-client.ts';
import { api } from '../../../lib/api.ts';

interface Failure {
  readonly message: string;
  readonly field: 'code' | 'password' | null;
}

/**
 * /login?code=…: an invited member (or one whose password the admin reset) sets their password with the
 * code they were given or the emailed link's; the server's refusal shows at its field, in their language.
 */
export function SetPasswordForm({ initialCode }: { initialCode: string }) {
  const { t } = useTranslation('auth');
  const id = useId();
  const [code, setCode] = useState(initialCode);
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<Failure | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    setFailure(null);
    try {
      await api.request(doneReplySchema, '/world/api/user/set-password', { body: { code, password } });
      setDone(true);
    } catch (error) {
      if (isServerError(error)) {
        const path = error.fields[0]?.path;
        setFailure({ message: error.message, field: path === 'code' || path === 'password' ? path : null });
      } else {
        setFailure({ message: t('errors.network'), field: null });
      }
    } finally {
      setSending(false);
    }
  }

  if (done) {
    return (
      <div className="sign-in__form">
        <p className="notice" role="status">
          {t('setPassword.done')}
        </p>
        <Link to="/login" className="button button--primary button--large button--block">
          {t('setPassword.back')}
        </Link>
      </div>
    );
  }

  const problem = (field: 'code' | 'password') =>
    failure?.field === field ? (
      <p id={`${id}-${field}-problem`} className="field__problem" role="alert">
        {failure.message}
      </p>
    ) : null;
  return (
    <form className="sign-in__form" noValidate onSubmit={(event) => void submit(event)}>
      <h2 className="sign-in__title">{t('setPassword.title')}</h2>
      <p className="muted">{t('setPassword.intro')}</p>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-code`}>
          {t('setPassword.code')}
        </label>
        <input
          id={`${id}-code`}
          className="input"
          value={code}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          onChange={(event) => setCode(event.target.value)}
          aria-invalid={failure?.field === 'code' || undefined}
          aria-describedby={failure?.field === 'code' ? `${id}-code-problem` : undefined}
        />
        {problem('code')}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-password`}>
          {t('setPassword.password')}
        </label>
        <input
          id={`${id}-password`}
          className="input"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={failure?.field === 'password' || undefined}
          aria-describedby={`${id}-password-hint${failure?.field === 'password' ? ` ${id}-password-problem` : ''}`}
        />
        <p id={`${id}-password-hint`} className="muted">
          {t('setPassword.hint')}
        </p>
        {problem('password')}
      </div>
      {failure && failure.field === null && (
        <p className="notice notice--error" role="alert">
          {failure.message}
        </p>
      )}
      <button type="submit" className="button button--primary button--large button--block" disabled={sending}>
        {t('setPassword.submit')}
      </button>
      <Link to="/login" className="button button--quiet button--block">
        {t('setPassword.back')}
      </Link>
    </form>
  );
}
