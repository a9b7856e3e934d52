import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { BellIcon, BellOffIcon } from '../../components/staff-icons.tsx';
import { activateSound, deactivateSound, useSoundState } from './sound.ts';

/**
 * The alerts control of the staff bar (issues 8 and 25): browsers refuse audio until someone touches the
 * page, so the first touch on a tablet turns sound on by itself (`sound.ts`); this toggle turns it off and
 * on again, and the choice is remembered. A bell, with its state in its name and its pressed state.
 */
export function SoundActivation({ className = 'button' }: { readonly className?: string }) {
  const { t } = useTranslation('notifications');
  const state = useSoundState();
  const [failed, setFailed] = useState(false);
  const on = state === 'on';
  const hint = failed ? t('sound.failed') : state === 'waiting' ? t('sound.waiting') : undefined;
  return (
    <button
      type="button"
      className={`${className} sound-activation`}
      data-state={state}
      aria-pressed={on}
      title={hint}
      onClick={() => {
        if (on) {
          deactivateSound();
          return;
        }
        void activateSound().then((ok) => setFailed(!ok));
      }}
    >
      {on ? <BellIcon /> : <BellOffIcon />}
      <span className="sound-activation__label">{t(on ? 'sound.on' : 'sound.activate')}</span>
    </button>
  );
}
