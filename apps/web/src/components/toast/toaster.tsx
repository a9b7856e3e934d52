import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { CheckIcon, CloseIcon, WarningIcon } from '../icons.tsx';
import { toast, useToasts, type Toast, type ToastKind } from './toast-store.ts';
import './toaster.css';

/** Long enough to read twice; errors stay longer. Hovering or focusing a toast pauses it (WCAG 2.2.1). */
const VISIBLE_MS: Record<ToastKind, number> = { success: 5_000, error: 9_000 };

function ToastItem({ item }: { readonly item: Toast }) {
  const { t } = useTranslation('feedback');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const start = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => toast.dismiss(item.id), VISIBLE_MS[item.kind]);
  };
  const pause = () => clearTimeout(timer.current);

  useEffect(() => {
    timer.current = setTimeout(() => toast.dismiss(item.id), VISIBLE_MS[item.kind]);
    return () => clearTimeout(timer.current);
  }, [item.id, item.kind]);

  const Icon = item.kind === 'success' ? CheckIcon : WarningIcon;
  return (
    <li
      className={`toast toast--${item.kind}`}
      data-kind={item.kind}
      onMouseEnter={pause}
      onMouseLeave={start}
      onFocus={pause}
      onBlur={start}
    >
      <Icon className="toast__icon" />
      <p className="toast__message">{item.message}</p>
      <button type="button" className="icon-button toast__close" onClick={() => toast.dismiss(item.id)}>
        <CloseIcon />
        <span className="visually-hidden">{t('toast.close')}</span>
      </button>
    </li>
  );
}

/**
 * Where toasts appear (z-index 1800, above every modal). Both live regions are always rendered so screen
 * readers are listening before a message arrives: errors interrupt, successes wait their turn.
 */
export function Toaster() {
  const { t } = useTranslation('feedback');
  const items = useToasts();
  return (
    <section className="toaster" aria-label={t('toast.region')}>
      <ol className="toaster__list" aria-live="assertive" aria-relevant="additions text">
        {items
          .filter((item) => item.kind === 'error')
          .map((item) => (
            <ToastItem key={item.id} item={item} />
          ))}
      </ol>
      <ol className="toaster__list" aria-live="polite" aria-relevant="additions text">
        {items
          .filter((item) => item.kind === 'success')
          .map((item) => (
            <ToastItem key={item.id} item={item} />
          ))}
      </ol>
    </section>
  );
}
