import type { ConnectionState } from '@sobremesa/contracts';
import { texts } from '../../i18n/texts.ts';

/** The realtime connection's state as a labelled, colour-and-text badge (never colour alone). */
export function ConnectionIndicator({ state }: { readonly state: ConnectionState }) {
  return (
    <p className="connection">
      <span className="connection__label">{texts.connection.label}:</span>{' '}
      <span role="status" className={`badge badge--${state}`} data-state={state}>
        <span className="badge__dot" aria-hidden="true" />
        {texts.connection[state]}
      </span>
    </p>
  );
}
