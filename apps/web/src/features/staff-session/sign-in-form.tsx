import { useId, useState, type FormEvent } from 'react';
import { texts } from '../../i18n/texts.ts';
import { ApiError } from '../../lib/api-client.ts';

interface SignInFormProps {
  readonly onSignIn: (email: string, password: string) => Promise<void>;
}

function errorText(error: unknown): string {
  if (error instanceof ApiError && error.fromServer) return error.message;
  if (error instanceof ApiError && error.code === 'NETWORK') return texts.errors.network;
  return texts.errors.unexpected;
}

/** Staff sign-in: email and password; the server's localised message is announced on failure. */
export function SignInForm({ onSignIn }: SignInFormProps) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError('');
    try {
      await onSignIn(email, password);
    } catch (failure) {
      setError(errorText(failure));
      setPending(false);
    }
  }

  const errorId = `${id}-error`;
  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{texts.signIn.heading}</h2>
      <form className="form" onSubmit={(event) => void submit(event)}>
        <div className="field">
          <label htmlFor={`${id}-email`}>{texts.signIn.email}</label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-password`}>{texts.signIn.password}</label>
          <input
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        {/* Always rendered, so screen readers are already listening when a message arrives. */}
        <p id={errorId} className="form-error" aria-live="assertive" aria-atomic="true">
          {error}
        </p>
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? texts.signIn.submitting : texts.signIn.submit}
        </button>
      </form>
    </section>
  );
}
