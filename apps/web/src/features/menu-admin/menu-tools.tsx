import { isTopicIn } from '@sobremesa/contracts';
import { mayOrder, type CopilotView } from '@sobremesa/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Modal } from '../../components/modal/modal.tsx';
import { AvailabilityManager } from './components/availability-manager.tsx';
import { MenuEditor } from './components/menu-editor.tsx';
import { MENU_ADMIN_QUERY_KEY } from './api/menu-admin-api.ts';
import './menu-admin.css';
import { useRealtimeEvents } from '../../lib/realtime.tsx';

export interface MenuToolsProps {
  readonly view: CopilotView;
  readonly roleId: number | null;
}

type Overlay = 'availability' | 'editMenus' | null;

/**
 * Product availability, top choice and day-menu editing (issue 6): one button per overlay the role may
 * use (the ordering matrix of decision 009); nothing for a role that may use none.
 */
export function MenuTools({ view, roleId }: MenuToolsProps) {
  const { t } = useTranslation('commander');
  const [overlay, setOverlay] = useState<Overlay>(null);
  const canAvailability = mayOrder(view, 'setAvailability');
  const canTopChoice = mayOrder(view, 'setTopChoice');
  const canEdit = mayOrder(view, 'editMenuProduct');
  if (!canAvailability && !canTopChoice && !canEdit) return null;
  return (
    <div className="menu-tools" role="group" aria-label={t('tools.label')}>
      {(canAvailability || canTopChoice) && (
        <button
          type="button"
          className="button menu-tools__button"
          onClick={() => setOverlay('availability')}
        >
          {t('tools.availability')}
        </button>
      )}
      {canEdit && (
        <button type="button" className="button menu-tools__button" onClick={() => setOverlay('editMenus')}>
          {t('tools.editMenus')}
        </button>
      )}
      <Modal
        open={overlay === 'availability'}
        title={t('availability.title')}
        onClose={() => setOverlay(null)}
        size="large"
      >
        <Suspense fallback={<p>{t('loading')}</p>}>
          <AvailabilityManager
            roleId={roleId}
            canAvailability={canAvailability}
            canTopChoice={canTopChoice}
          />
        </Suspense>
      </Modal>
      <Modal
        open={overlay === 'editMenus'}
        title={t('editor.title')}
        onClose={() => setOverlay(null)}
        size="large"
      >
        <Suspense fallback={<p>{t('loading')}</p>}>
          <MenuEditor roleId={roleId} />
        </Suspense>
      </Modal>
      {overlay !== null && <MenuToolsLive />}
    </div>
  );
}

/** While an overlay is open, a product changed on any screen refreshes it. */
function MenuToolsLive() {
  const client = useQueryClient();
  useRealtimeEvents((event) => {
    // A product changed, or an admin changed the menus themselves (`menu.changed`, decision 060).
    if (isTopicIn('menu', event)) void client.invalidateQueries({ queryKey: MENU_ADMIN_QUERY_KEY });
  });
  return null;
}
