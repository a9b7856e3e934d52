import { alertPlan, maySpeak } from '@sobremesa/domain';
import { useSyncExternalStore } from 'react';

/** The four audio files of spec §9, served from `public/audio`. */
export const AUDIO = {
  notification: '/audio/notification.wav',
  kitchenOrderReady: '/audio/kitchen-order-ready.wav',
  accountSeated: '/audio/account-seated.wav',
  connectionCheck: '/audio/connection-check.wav',
} as const;

/**
 * - `off`: sound is not on on this tablet (never chosen yet, or turned off).
 * - `waiting`: it was turned on before, but this page has not been touched yet, so the browser would refuse
 *   to play (autoplay policy); the first touch anywhere turns it on again without asking.
 * - `on`: alerts play.
 */
export type SoundState = 'off' | 'waiting' | 'on';

/** Remembered in local storage: a staff tablet is set up once, not every shift. */
const REMEMBER_KEY = 'sobremesa.notificationSound';

let state: SoundState = 'off';
let started = false;
let lastSpokenAt: number | null = null;
const listeners = new Set<() => void>();

function set(next: SoundState): void {
  if (state === next) return;
  state = next;
  for (const listener of listeners) listener();
}

/** The tablet's choice: `on`, `off` (someone turned it off), or `null` when nobody has chosen yet. */
function remembered(): 'on' | 'off' | null {
  try {
    const value = window.localStorage.getItem(REMEMBER_KEY);
    return value === 'on' || value === 'off' ? value : null;
  } catch {
    return null;
  }
}

function remember(on: boolean): void {
  try {
    window.localStorage.setItem(REMEMBER_KEY, on ? 'on' : 'off');
  } catch {
    // Storage refused (private mode): the choice holds for this page only.
  }
}

/** Runs `then` once, on the page's next touch or key press (the gesture browsers require for audio). */
function onNextInteraction(then: (event: Event) => void): void {
  const wake = (event: Event) => {
    window.removeEventListener('pointerdown', wake, true);
    window.removeEventListener('keydown', wake, true);
    then(event);
  };
  window.addEventListener('pointerdown', wake, true);
  window.addEventListener('keydown', wake, true);
}

function hasBeenTouched(): boolean {
  const activation = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } })
    .userActivation;
  return activation?.hasBeenActive === true;
}

/**
 * Once per page (issue 25: sound is folded into the first interaction): a tablet that had sound on gets it
 * back (the sign-in tap usually counts as the needed touch, else the next one does); on a tablet where
 * nobody has chosen yet, the first touch on the staff screen turns it on and plays the check, so nobody has
 * to find a button first; a tablet where someone turned it off stays off until the alerts control is used.
 */
function start(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  const choice = remembered();
  if (choice === 'off') return;
  if (choice === null) {
    onNextInteraction((event) => {
      // A first touch on the sound control itself is left to the control, which knows what was meant.
      const onControl = event.target instanceof Element && event.target.closest('.sound-activation');
      if (!onControl && state === 'off' && remembered() === null) void activateSound();
    });
    return;
  }
  if (hasBeenTouched()) {
    set('on');
    return;
  }
  set('waiting');
  onNextInteraction(() => {
    if (state === 'waiting') set('on');
  });
}

function subscribe(listener: () => void): () => void {
  start();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSoundState(): SoundState {
  return useSyncExternalStore(subscribe, () => state);
}

function play(url: string): Promise<void> {
  if (typeof Audio === 'undefined') return Promise.resolve();
  return new Audio(url).play();
}

/**
 * The explicit "activate sound" step, run from a tap: plays the connection check so staff hear that the
 * tablet's speaker works, and remembers the choice.
 */
export async function activateSound(): Promise<boolean> {
  try {
    await play(AUDIO.connectionCheck);
  } catch {
    return false;
  }
  remember(true);
  set('on');
  return true;
}

export function deactivateSound(): void {
  remember(false);
  set('off');
}

function speak(text: string): void {
  if (typeof window === 'undefined' || !('speechSynthesis' in window)) return;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = 'es-ES';
  const voice = window.speechSynthesis.getVoices().find((candidate) => candidate.lang === 'es-ES');
  if (voice) utterance.voice = voice;
  window.speechSynthesis.speak(utterance);
}

/**
 * One alert (spec §9): the notification sound at once; the notification's own audio (order ready, account
 * seated) 700 ms later; the spoken text 600 ms after the alert, unless the notification mode's gap since
 * the last spoken one has not passed. Says whether it played (sound off: nothing plays).
 */
export function playAlert(options: {
  messageAudio?: string;
  text: string;
  notificationMode: number;
}): boolean {
  start();
  if (state !== 'on') return false;
  const now = Date.now();
  const speakNow = maySpeak(options.notificationMode, lastSpokenAt, now);
  if (speakNow) lastSpokenAt = now;
  for (const step of alertPlan({ hasMessageAudio: options.messageAudio !== undefined, speak: speakNow })) {
    const run = () => {
      if (step.kind === 'sound') play(AUDIO.notification).catch(() => {});
      else if (step.kind === 'message' && options.messageAudio) play(options.messageAudio).catch(() => {});
      else if (step.kind === 'speech') speak(options.text);
    };
    if (step.atMs === 0) run();
    else window.setTimeout(run, step.atMs);
  }
  return true;
}

/** Says a past notification again (historic notifications audio overlay). */
export function replay(text: string): void {
  play(AUDIO.notification).catch(() => {});
  window.setTimeout(() => speak(text), 600);
}
