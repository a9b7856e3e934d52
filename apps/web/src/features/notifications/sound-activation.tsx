import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activateSound, deactivateSound, useSoundState } from './sound.ts';

/**
 * The explicit step that lets a tablet play alerts (issue 8): browsers refuse audio until someone touches
 * the page, so staff turn sound on once; the choice is remembered and the next visit's first touch
 * restores it.
 */
export function SoundActivation() {
  const { t } = useTranslation('notifications');
  const state = useSoundState();
  const [failed, setFailed] = useState(false);
  if (state === 'on') {
    return (
      <button
        type="button"
        className="button sound-activation"
        aria-pressed="true"
        onClick={() => deactivateSound()}
      >
        {t('sound.on')}
      </button>
    );
  }
  return (
    <button
      type="button"
      className="button button--primary sound-activation"
      aria-pressed="false"
      title={failed ? t('sound.failed') : state === 'waiting' ? t('sound.waiting') : undefined}
      onClick={() => {
        void activateSound().then((ok) => setFailed(!ok));
      }}
    >
      {t('sound.activate')}
    </button>
  );
}
