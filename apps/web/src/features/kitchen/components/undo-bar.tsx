import { useEffect } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';

/** How long a bump can be taken back: long enough to notice the wrong ticket went, short enough not to linger. */
export const UNDO_WINDOW_MS = 8_000;

export interface UndoBarProps {
  /** What was just done, in words. */
  readonly message: string;
  readonly onUndo: () => void;
  readonly onExpire: () => void;
}

/** The last bump, with a large button to take it back; it goes away by itself. */
export function UndoBar(props: UndoBarProps) {
  const { t } = useTranslation('kitchen');
  const { onExpire, message } = props;
  useEffect(() => {
    const timer = window.setTimeout(onExpire, UNDO_WINDOW_MS);
    return () => window.clearTimeout(timer);
  }, [onExpire, message]);
  return (
    <div className="kitchen-undo" role="status">
      <span>{message}</span>
      <button type="button" className="button button--large" onClick={props.onUndo}>
        {t('undo.action')}
      </button>
    </div>
  );
}
