import type { CopilotRole, StaffUser } from '@sobremesa/contracts';
import { FALLBACK_COPILOT_VIEW } from '@sobremesa/domain';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { formatDateShape } from '../../../i18n/format.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { ChevronDownIcon, SettingsIcon } from '../../../components/staff-icons.tsx';
import { toast } from '../../../components/toast/toast-store.ts';
import { copilotStore, useCopilotState } from '../copilot-session.ts';
import { viewOf } from '../role-selection.ts';
import { CopilotConfigModal } from './copilot-config-modal.tsx';
import { RolePicker } from './role-picker.tsx';
import { ViewIcon } from './view-icon.tsx';
import './copilot-frame.css';

interface CopilotFrameProps {
  readonly venueName: string;
  /** The venue's uploaded logo (decision 061), beside its name; none when it has not uploaded one. */
  readonly venueLogoUrl?: string;
  readonly user: StaffUser;
  readonly roles: readonly CopilotRole[];
  /** The service day the venue is in (`yyyy-MM-dd`). */
  readonly logicalDate: string;
  /** Composed in by the app: the live connection's state, the language choice, sign-out. */
  readonly connectionIndicator: ReactNode;
  readonly languageSwitcher?: ReactNode;
  readonly signOut: ReactNode;
  /** Beside the view: the notification centre and the live activity. */
  readonly aside?: ReactNode;
  /** Small items of the top bar, before the connection: the print service's state, the alerts control. */
  readonly status?: ReactNode;
  /** Above the view, in one short row: tools of the view (product availability, day menus, takeaway). */
  readonly tools?: ReactNode;
  /** The selected view's screens; until later issues bring them, what the view will hold. */
  readonly children?: ReactNode;
}

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return parts
    .slice(0, 2)
    .map((part) => part[0]?.toLocaleUpperCase() ?? '')
    .join('');
}

/** The views whose screens are read across a kitchen or a bar: dark, so a bright tablet does not dazzle. */
const DARK_VIEWS: ReadonlySet<string> = new Set(['Cocina', 'Barra', 'Pasante']);

/**
 * The staff app's frame (spec §2 /copilot, issue 25): one compact bar (venue and service day, role, the small
 * status items, live connection, settings and the user), then the view's own tools in one short row and the
 * view itself; the live activity follows the view (decision 050).
 */
export function CopilotFrame(props: CopilotFrameProps) {
  const {
    venueName,
    venueLogoUrl,
    user,
    roles,
    logicalDate,
    connectionIndicator,
    languageSwitcher,
    signOut,
    aside,
    status,
    tools,
    children,
  } = props;
  const { t } = useTranslation('copilot');
  const { locale } = useLocale();
  const roleId = useCopilotState((state) => state.roleId);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [configOpen, setConfigOpen] = useState(false);

  const role = roles.find((candidate) => candidate.id === roleId);
  const view = role ? viewOf(role) : FALLBACK_COPILOT_VIEW;
  const roleLabel = role && role.name !== view ? role.name : t(`views.${view}`);
  const serviceDay = formatDateShape(
    new Date(`${logicalDate}T12:00:00Z`),
    locale,
    'UTC',
    'weekdayDayMonthShort',
  );

  function choose(next: CopilotRole) {
    setPickerOpen(false);
    if (next.id === roleId) return;
    copilotStore.selectRole(next.id);
    toast.success(
      t('role.changed', { role: next.name === viewOf(next) ? t(`views.${viewOf(next)}`) : next.name }),
    );
  }

  return (
    <div className="copilot" data-view={view} data-theme={DARK_VIEWS.has(view) ? 'dark' : undefined}>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="copilot__bar">
        <div className="copilot__brand">
          <span className="copilot__venue">
            {venueLogoUrl && <img className="copilot__logo" src={venueLogoUrl} alt="" />}
            {venueName}
          </span>
          <span className="copilot__day">{t('workspace.service', { date: serviceDay })}</span>
        </div>
        {roles.length > 0 && (
          <button
            type="button"
            className="copilot__role"
            aria-haspopup="dialog"
            onClick={() => setPickerOpen(true)}
            aria-label={`${t('role.current', { role: roleLabel })}. ${t('role.change')}`}
          >
            <ViewIcon view={view} />
            <span className="copilot__role-name">{roleLabel}</span>
            <ChevronDownIcon />
          </button>
        )}
        <div className="copilot__tools">
          {status}
          {connectionIndicator}
          <button
            type="button"
            className="copilot__tool"
            aria-haspopup="dialog"
            onClick={() => setConfigOpen(true)}
          >
            <SettingsIcon />
            <span className="copilot__tool-label">{t('config.open')}</span>
          </button>
          <div className="copilot__user" role="group" aria-label={t('user.menu', { name: user.name })}>
            <span className="copilot__avatar" aria-hidden="true">
              {initialsOf(user.name)}
            </span>
            <span className="copilot__user-name">{user.name}</span>
            {signOut}
          </div>
        </div>
      </header>

      <main id="main" className="copilot__main" tabIndex={-1}>
        <div className="copilot__heading">
          <h1 className="visually-hidden">{t('workspace.heading', { view: t(`views.${view}`) })}</h1>
          {roles.length > 0 && <p className="visually-hidden">{t(`viewDescriptions.${view}`)}</p>}
          {tools && <div className="copilot__heading-tools">{tools}</div>}
        </div>
        {roles.length === 0 && (
          <p className="notice notice--warning" role="alert">
            <span className="notice__body">{t('role.none')}</span>
          </p>
        )}
        <div className="copilot__workspace">
          <div className="copilot__view">
            {children ?? (
              <div className="copilot__view-empty">
                <span className="copilot__view-icon">
                  <ViewIcon view={view} size={40} />
                </span>
                <p>{t('workspace.empty')}</p>
              </div>
            )}
          </div>
          {aside && (
            <aside className="copilot__aside" aria-label={t('workspace.activity')}>
              {aside}
            </aside>
          )}
        </div>
      </main>

      <RolePicker
        open={pickerOpen}
        roles={roles}
        selectedId={roleId}
        onSelect={choose}
        onClose={() => setPickerOpen(false)}
      />
      <CopilotConfigModal
        open={configOpen}
        onClose={() => setConfigOpen(false)}
        languageSwitcher={languageSwitcher}
      />
    </div>
  );
}
