import { isValidEmail } from '@sobremesa/domain';
import { useLayoutEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from 'react-router';
import type { SignInFailure, SignInLoaderData } from '../sign-in-route.ts';
import { SetPasswordForm } from './set-password-form.tsx';
import { SignOutButton } from './sign-out-button.tsx';
import './sign-in-page.css';

interface SignInPageProps {
  readonly venueName: string;
  /** The language choice, composed in by the app. */
  readonly languageSwitcher?: ReactNode;
}

type FieldProblems = { email?: 'required' | 'invalid'; password?: 'required' };

function checkFields(email: string, password: string): FieldProblems {
  const problems: FieldProblems = {};
  if (email.trim() === '') problems.email = 'required';
  else if (!isValidEmail(email)) problems.email = 'invalid';
  if (password === '') problems.password = 'required';
  return problems;
}

/** /login: staff email and password (spec §2); the server's own message when it refuses them. */
export function SignInPage({ venueName, languageSwitcher }: SignInPageProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const { denied, user } = useLoaderData<SignInLoaderData>();
  const action = useActionData<{ failure: SignInFailure } | undefined>();
  const navigation = useNavigation();
  const submitting = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const [problems, setProblems] = useState<FieldProblems>({});
  const emailRef = useRef<HTMLInputElement>(null);
  // `?code=` (the emailed link, or "I have a code") opens the set-password form instead.
  const [searchParams] = useSearchParams();
  const setPasswordCode = searchParams.get('code');

  const failure = action?.failure;
  const failureText = !failure
    ? ''
    : failure.kind === 'server'
      ? failure.message
      : t(failure.kind === 'network' ? 'errors.network' : 'errors.unexpected');

  // A refused sign-in puts the cursor back where it is quickest to fix.
  useLayoutEffect(() => {
    if (failure) emailRef.current?.focus();
  }, [failure]);

  function validate(event: FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const found = checkFields(String(data.get('email') ?? ''), String(data.get('password') ?? ''));
    setProblems(found);
    if (found.email || found.password) {
      event.preventDefault();
      document.getElementById(found.email ? `${id}-email` : `${id}-password`)?.focus();
    }
  }

  const errorId = `${id}-error`;
  const emailProblemId = `${id}-email-problem`;
  const passwordProblemId = `${id}-password-problem`;
  return (
    <div className="sign-in">
      <section className="sign-in__brand" aria-hidden="true">
        <p className="sign-in__wordmark">WECOPILOT</p>
        <p className="sign-in__venue">{venueName}</p>
        <p className="sign-in__tagline">{t('signIn.tagline')}</p>
      </section>
      <main id="main" className="sign-in__panel">
        {languageSwitcher && <div className="sign-in__language">{languageSwitcher}</div>}
        <div className="sign-in__card">
          <h1 className="sign-in__title">{t('signIn.heading')}</h1>
          <p className="sign-in__intro muted">{t('signIn.intro', { venue: venueName })}</p>

          {setPasswordCode !== null && <SetPasswordForm initialCode={setPasswordCode} />}

          {setPasswordCode === null && denied && (
            <div className="notice notice--error sign-in__denied" role="alert">
              <div className="notice__body">
                <p className="sign-in__denied-title">
                  {t(denied === 'copilot' ? 'denied.copilot' : 'denied.admin')}
                </p>
                {user && <p>{t('denied.signedInAs', { name: user.name })}</p>}
              </div>
              {user && <SignOutButton className="button sign-in__denied-action" />}
            </div>
          )}

          {setPasswordCode === null && (
            <Form method="post" replace noValidate className="sign-in__form" onSubmit={validate}>
              <div className="field">
                <label className="field__label" htmlFor={`${id}-email`}>
                  {t('signIn.email')}
                </label>
                <input
                  ref={emailRef}
                  id={`${id}-email`}
                  className="input"
                  name="email"
                  type="email"
                  inputMode="email"
                  autoComplete="username"
                  autoCapitalize="none"
                  spellCheck={false}
                  aria-invalid={problems.email || failure ? true : undefined}
                  aria-describedby={
                    [problems.email ? emailProblemId : '', failure ? errorId : ''].join(' ').trim() ||
                    undefined
                  }
                />
                {problems.email && (
                  <p id={emailProblemId} className="field__problem">
                    {t(problems.email === 'required' ? 'fields.emailRequired' : 'fields.emailInvalid')}
                  </p>
                )}
              </div>
              <div className="field">
                <label className="field__label" htmlFor={`${id}-password`}>
                  {t('signIn.password')}
                </label>
                <input
                  id={`${id}-password`}
                  className="input"
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  aria-invalid={problems.password || failure ? true : undefined}
                  aria-describedby={
                    [problems.password ? passwordProblemId : '', failure ? errorId : ''].join(' ').trim() ||
                    undefined
                  }
                />
                {problems.password && (
                  <p id={passwordProblemId} className="field__problem">
                    {t('fields.passwordRequired')}
                  </p>
                )}
              </div>
              {/* Always rendered, so screen readers are already listening when a refusal arrives. */}
              <p id={errorId} className="sign-in__error" aria-live="assertive" aria-atomic="true">
                {failureText}
              </p>
              <button
                type="submit"
                className="button button--primary button--large button--block"
                disabled={submitting}
              >
                {submitting ? t('signIn.submitting') : t('signIn.submit')}
              </button>
            </Form>
          )}
          {setPasswordCode === null && (
            <Link to="/login?code=" className="button button--quiet button--block sign-in__code-link">
              {t('setPassword.have')}
            </Link>
          )}
        </div>
      </main>
    </div>
  );
}
