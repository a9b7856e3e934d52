import type { CopilotRole } from '@sobremesa/contracts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { CheckIcon } from '../../../components/icons.tsx';
import { Modal } from '../../../components/modal/modal.tsx';
import { viewOf } from '../role-selection.ts';
import { ViewIcon } from './view-icon.tsx';

interface RolePickerProps {
  readonly open: boolean;
  readonly roles: readonly CopilotRole[];
  readonly selectedId: number | null;
  readonly onSelect: (role: CopilotRole) => void;
  readonly onClose: () => void;
}

/** The role choice (spec §6 views: Sala, 1 en Sala, Cocina, Barra, TPV, Pasante) as big tiles for a tablet. */
export function RolePicker({ open, roles, selectedId, onSelect, onClose }: RolePickerProps) {
  const { t } = useTranslation('copilot');
  return (
    <Modal open={open} onClose={onClose} title={t('role.pickerTitle')} size="large" className="role-picker">
      <p className="role-picker__intro muted">{t('role.pickerIntro')}</p>
      <ul className="role-picker__grid">
        {roles.map((role) => {
          const view = viewOf(role);
          const selected = role.id === selectedId;
          return (
            <li key={role.id}>
              <button
                type="button"
                className="role-tile"
                aria-pressed={selected}
                data-autofocus={selected ? true : undefined}
                onClick={() => onSelect(role)}
              >
                <span className="role-tile__icon">
                  <ViewIcon view={view} size={32} />
                </span>
                <span className="role-tile__text">
                  <span className="role-tile__name">
                    {role.name === view ? t(`views.${view}`) : role.name}
                  </span>
                  <span className="role-tile__description">{t(`viewDescriptions.${view}`)}</span>
                </span>
                {selected && (
                  <span className="role-tile__selected">
                    <CheckIcon />
                    <span className="visually-hidden">{t('role.selected')}</span>
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
