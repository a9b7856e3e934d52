import type { KioskTable } from '@sobremesa/contracts';
import { useEffect, useId } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Modal } from '../../components/modal/modal.tsx';
import { formatLongDate } from './kiosk-format.ts';
import { KIOSK_RESULT_MS, speak } from './kiosk-device.ts';

/** What the kiosk shows after a scan, a typed code or a walk-in (spec §2's four results, and a walk-in's). */
export type KioskOutcome =
  | { readonly kind: 'confirmed'; readonly name: string; readonly tables: readonly KioskTable[] }
  | { readonly kind: 'noReservation' }
  | { readonly kind: 'otherDay'; readonly date: string }
  | { readonly kind: 'unknown' }
  | { readonly kind: 'failed' };

interface Texts {
  readonly title: string;
  readonly lines: readonly string[];
}

function useOutcomeTexts(outcome: KioskOutcome): Texts {
  const { t, i18n } = useTranslation('kiosk');
  switch (outcome.kind) {
    case 'confirmed': {
      const title = t('result.confirmedTitle', { name: outcome.name });
      if (outcome.tables.length === 0)
        return { title, lines: [t('result.noTable'), t('result.staffComing')] };
      const table = outcome.tables.map((entry) => entry.name).join(' + ');
      const room = outcome.tables[0]?.roomName ?? '';
      return {
        title,
        lines: [
          t('result.confirmedTable', { table }),
          room ? t('result.confirmedWay', { room, table }) : '',
        ].filter(Boolean),
      };
    }
    case 'noReservation':
      return {
        title: t('result.noReservationTitle'),
        lines: [t('result.noReservation'), t('result.staffComing')],
      };
    case 'otherDay':
      return {
        title: t('result.otherDayTitle'),
        lines: [
          t('result.otherDay', { date: formatLongDate(outcome.date, i18n.language) }),
          t('result.staffComing'),
        ],
      };
    case 'unknown':
      return { title: t('result.unknownTitle'), lines: [t('result.unknown'), t('result.tryAgain')] };
    case 'failed':
      return { title: t('result.failedTitle'), lines: [t('result.failed'), t('result.staffComing')] };
  }
}

interface KioskResultProps {
  readonly outcome: KioskOutcome | null;
  readonly volume: number;
  readonly onClose: () => void;
}

/**
 * A result on the whole screen (spec §2), read aloud (EN 301 549: a non-visual path) and closed by itself
 * after 20 s, or by the guest. Success and failure differ by their words and icon, never by colour alone.
 */
export function KioskResult({ outcome, volume, onClose }: KioskResultProps) {
  return outcome ? <OpenResult outcome={outcome} volume={volume} onClose={onClose} /> : null;
}

function OpenResult({ outcome, volume, onClose }: KioskResultProps & { readonly outcome: KioskOutcome }) {
  const { t, i18n } = useTranslation('kiosk');
  const texts = useOutcomeTexts(outcome);
  const bodyId = useId();
  const spoken = [texts.title, ...texts.lines].join('. ');

  useEffect(() => {
    speak(spoken, i18n.language, volume);
  }, [spoken, i18n.language, volume]);

  useEffect(() => {
    const timer = window.setTimeout(onClose, KIOSK_RESULT_MS);
    return () => window.clearTimeout(timer);
  }, [onClose]);

  const good = outcome.kind === 'confirmed' && outcome.tables.length > 0;
  return (
    <Modal
      open
      onClose={onClose}
      role="alertdialog"
      size="large"
      title={texts.title}
      describedBy={bodyId}
      className={`kiosk-result kiosk-result--${good ? 'good' : 'attention'}`}
    >
      <div className="kiosk-result__icon" aria-hidden="true">
        {good ? '✓' : '!'}
      </div>
      <div id={bodyId} className="kiosk-result__body">
        {texts.lines.map((line) => (
          <p key={line} className="kiosk-result__line">
            {line}
          </p>
        ))}
      </div>
      <p className="kiosk-result__note">{t('result.closesIn')}</p>
      <button
        type="button"
        className="button button--primary button--large kiosk__button"
        onClick={onClose}
        data-autofocus
      >
        {t('result.close')}
      </button>
    </Modal>
  );
}
