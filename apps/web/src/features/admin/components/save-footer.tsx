import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';

interface SaveFooterProps {
  /** What went wrong with the last save, in words; nothing when it went well. */
  readonly failure: ReactNode;
  readonly busy: boolean;
  /** The submit button's words while nothing is being saved. */
  readonly label: string;
  readonly disabled?: boolean;
  /** Buttons before the submit one (discard, …). */
  readonly children?: ReactNode;
}

/** The end of an admin form: what went wrong, then its buttons, the submit one saying "Guardando…" meanwhile. */
export function SaveFooter({ failure, busy, label, disabled = false, children }: SaveFooterProps) {
  const { t } = useTranslation('admin');
  return (
    <>
      {failure && (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      )}
      <div className="admin-section__actions">
        {children}
        <button type="submit" className="button button--primary" disabled={busy || disabled}>
          {busy ? t('saving') : label}
        </button>
      </div>
    </>
  );
}
