import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Modal } from '../../../components/modal/modal.tsx';
import { copilotStore, useCopilotState } from '../copilot-session.ts';

/** Spoken notification gaps offered, in minutes (spec §9: gap = mode × 60 s, default 0). */
const NOTIFICATION_MODES = [0, 1, 2, 5, 10, 15] as const;

interface CopilotConfigModalProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** The language choice, composed in by the app. */
  readonly languageSwitcher?: ReactNode;
}

/** Spec §2 "copilot config" overlay: the notification interval and the language; later issues add their settings here. */
export function CopilotConfigModal({ open, onClose, languageSwitcher }: CopilotConfigModalProps) {
  const { t } = useTranslation('copilot');
  const id = useId();
  const notificationMode = useCopilotState((state) => state.notificationMode);
  return (
    <Modal open={open} onClose={onClose} title={t('config.title')} className="copilot-config">
      <div className="copilot-config__sections">
        {/* The switcher brings its own "Idioma" label. */}
        {languageSwitcher && <div className="copilot-config__section">{languageSwitcher}</div>}
        <section className="copilot-config__section">
          <div className="field">
            <label className="copilot-config__heading" htmlFor={`${id}-notifications`}>
              {t('config.notifications')}
            </label>
            <select
              id={`${id}-notifications`}
              className="select"
              value={notificationMode}
              aria-describedby={`${id}-notifications-hint`}
              onChange={(event) => copilotStore.setNotificationMode(Number(event.target.value))}
            >
              {NOTIFICATION_MODES.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {minutes === 0
                    ? t('config.everyNotification')
                    : t('config.everyMinutes', { count: minutes })}
                </option>
              ))}
            </select>
            <p id={`${id}-notifications-hint`} className="field__hint">
              {t('config.notificationsHint')}
            </p>
          </div>
        </section>
        <section
          className="copilot-config__section copilot-config__section--later"
          aria-labelledby={`${id}-more`}
        >
          <h3 id={`${id}-more`} className="copilot-config__heading">
            {t('config.moreTitle')}
          </h3>
          <p className="muted">{t('config.more')}</p>
        </section>
      </div>
      <div className="copilot-config__actions">
        <button type="button" className="button button--primary button--large" onClick={onClose}>
          {t('config.done')}
        </button>
      </div>
    </Modal>
  );
}
