import type { KioskRegisterResponse } from '@sobremesa/contracts';
import { LOCALES } from '@sobremesa/domain';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useBlocker, useNavigate } from 'react-router';
import { useLocale } from '../../i18n/use-locale.ts';
import { isAuthFailure } from '../../lib/api-client.ts';
import { forgetToken } from '../../lib/sign-out.ts';
import { loginPath } from '../../lib/login-path.ts';
import { NATIVE_LANGUAGE_NAMES } from '../../i18n/native-names.ts';
import { QrScanner } from '../../components/qr-scanner/qr-scanner.tsx';
import { kioskApi, useDoorWrite } from './api/kiosk-api.ts';
import { KIOSK_IDLE_MS, readKioskDevice, writeKioskDevice, type KioskDevice } from './kiosk-device.ts';
import { CodeForm, WalkInForm } from './kiosk-forms.tsx';
import { KioskExit, KioskSetup } from './kiosk-pin.tsx';
import { KioskResult, type KioskOutcome } from './kiosk-result.tsx';
import './kiosk.css';

type Mode = 'welcome' | 'code' | 'walkIn';

const FAILED: KioskOutcome = { kind: 'failed' };

function outcomeOf(reply: KioskRegisterResponse): KioskOutcome {
  switch (reply.scanResult) {
    case 0:
      return { kind: 'confirmed', name: reply.name ?? '', tables: reply.tables };
    case 1:
      return { kind: 'noReservation' };
    case 2:
      return reply.date ? { kind: 'otherDay', date: reply.date } : { kind: 'noReservation' };
    case -1:
      return { kind: 'unknown' };
  }
}

/**
 * The kiosk at the door (issue 26): the front camera reads the booking's QR every second, or the guest
 * types the code or asks for a table without one. The tablet stays a kiosk: in-app navigation is blocked,
 * staff leave with the PIN they chose, a form left alone returns to the welcome, and reloads keep it all.
 */
export function KioskScreen({ venueName }: { readonly venueName: string }) {
  const [device, setDevice] = useState<KioskDevice | null>(readKioskDevice);
  // Where the kiosk goes when it stops being one: staff left with the PIN, or the session behind it ended
  // (staff sign in again and the kiosk, PIN and all, comes back).
  const [leaving, setLeaving] = useState<string | null>(null);
  const navigate = useNavigate();
  const blocker = useBlocker(() => device !== null && leaving === null);
  useEffect(() => {
    if (blocker.state === 'blocked') blocker.reset();
  }, [blocker]);
  useEffect(() => {
    if (leaving !== null) void navigate(leaving, { replace: true });
  }, [leaving, navigate]);

  const save = (next: KioskDevice | null) => {
    writeKioskDevice(next);
    setDevice(next);
  };
  if (!device) {
    return (
      <main id="main" className="kiosk kiosk--setup">
        <KioskSetup onStart={(pinHash) => save({ pinHash, volume: 0.8 })} />
      </main>
    );
  }
  return (
    <KioskDoor
      venueName={venueName}
      device={device}
      onVolume={(volume) => save({ ...device, volume })}
      onLeave={() => {
        save(null);
        setLeaving('/copilot');
      }}
      onSignedOut={() => {
        forgetToken();
        setLeaving(loginPath({ next: '/kiosk' }));
      }}
    />
  );
}

interface KioskDoorProps {
  readonly venueName: string;
  readonly device: KioskDevice;
  readonly onVolume: (volume: number) => void;
  readonly onLeave: () => void;
  readonly onSignedOut: () => void;
}

function KioskDoor({ venueName, device, onVolume, onLeave, onSignedOut }: KioskDoorProps) {
  const { t } = useTranslation('kiosk');
  const { locale, setLocale } = useLocale();
  const id = useId();
  const [mode, setMode] = useState<Mode>('welcome');
  const door = useDoorWrite();
  const { reset } = door;
  // A refused session leaves the kiosk (below); any other failure is told to the guest.
  const outcome: KioskOutcome | null =
    door.data ?? (door.isError && !isAuthFailure(door.error, 401) ? FAILED : null);
  const busy = door.isPending;
  const [exitOpen, setExitOpen] = useState(false);
  const [activity, setActivity] = useState(0);

  const closeResult = useCallback(() => {
    reset();
    setMode('welcome');
  }, [reset]);

  // A form left alone: the guest walked away, the next one finds the welcome.
  useEffect(() => {
    if (mode === 'welcome' || outcome) return;
    const timer = window.setTimeout(() => setMode('welcome'), KIOSK_IDLE_MS);
    return () => window.clearTimeout(timer);
  }, [mode, outcome, activity]);

  const run = (send: () => Promise<KioskOutcome>) =>
    door.mutate(send, {
      onError: (error) => {
        if (isAuthFailure(error, 401)) onSignedOut();
      },
    });
  const checkIn = (code: string) => run(async () => outcomeOf(await kioskApi.register(code)));
  const walkIn = (name: string, pax: number) =>
    run(async () => {
      const reply = await kioskApi.walkIn(name, pax);
      return { kind: 'confirmed', name: reply.name, tables: reply.staffCalled ? [] : reply.tables };
    });

  const scanning = mode === 'welcome' && !outcome && !busy && !exitOpen;
  return (
    <div
      className="kiosk"
      onPointerDown={() => setActivity((count) => count + 1)}
      onKeyDown={() => setActivity((count) => count + 1)}
    >
      <header className="kiosk__top">
        <p className="kiosk__venue">{venueName}</p>
        <button
          type="button"
          className="button kiosk__staff"
          onClick={() => setExitOpen(true)}
          aria-haspopup="dialog"
        >
          {t('device.staff')}
        </button>
      </header>
      <main id="main" className="kiosk__main">
        {mode === 'welcome' && (
          <section className="kiosk__welcome" aria-labelledby={`${id}-welcome`}>
            <h1 id={`${id}-welcome`} className="kiosk__heading">
              {t('welcome.heading')}
            </h1>
            <p className="kiosk__lead">{t('welcome.lead')}</p>
            <div className="kiosk__camera">
              {scanning ? (
                <QrScanner
                  facing="user"
                  onResult={checkIn}
                  labels={{ camera: t('welcome.camera'), cameraError: t('welcome.cameraError') }}
                />
              ) : (
                <p className="kiosk__checking" role="status">
                  {busy ? t('welcome.checking') : ''}
                </p>
              )}
            </div>
            <div className="kiosk__actions">
              <button
                type="button"
                className="button button--large kiosk__button"
                onClick={() => setMode('code')}
              >
                {t('welcome.typeCode')}
              </button>
              <button
                type="button"
                className="button button--primary button--large kiosk__button"
                onClick={() => setMode('walkIn')}
              >
                {t('welcome.walkIn')}
              </button>
            </div>
          </section>
        )}
        {mode === 'code' && <CodeForm busy={busy} onSubmit={checkIn} onBack={() => setMode('welcome')} />}
        {mode === 'walkIn' && <WalkInForm busy={busy} onSubmit={walkIn} onBack={() => setMode('welcome')} />}
      </main>
      <footer className="kiosk__footer">
        <div className="kiosk__languages" role="group" aria-label={t('device.language')}>
          {LOCALES.map((option) => (
            <button
              key={option}
              type="button"
              lang={option}
              className="kiosk__language"
              aria-pressed={option === locale}
              onClick={() => void setLocale(option)}
            >
              {NATIVE_LANGUAGE_NAMES[option]}
            </button>
          ))}
        </div>
        <div className="kiosk__volume">
          <label htmlFor={`${id}-volume`}>{t('device.volume')}</label>
          <input
            id={`${id}-volume`}
            type="range"
            min={0}
            max={100}
            step={10}
            value={Math.round(device.volume * 100)}
            onChange={(event) => onVolume(Number(event.target.value) / 100)}
          />
        </div>
      </footer>
      <KioskResult outcome={outcome} volume={device.volume} onClose={closeResult} />
      <KioskExit
        open={exitOpen}
        pinHash={device.pinHash}
        onClose={() => setExitOpen(false)}
        onLeave={onLeave}
      />
    </div>
  );
}
