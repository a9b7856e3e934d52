import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import { storage } from '../../lib/storage.ts';

/** Spec §9: each result stays 20 s, then the kiosk is ready for the next guest. */
export const KIOSK_RESULT_MS = 20_000;
/** A form left untouched this long returns to the welcome screen (the guest walked away). */
export const KIOSK_IDLE_MS = 60_000;
/** Staff PINs: 4 to 8 digits. */
export const KIOSK_PIN = /^\d{4,8}$/;

/** What the tablet keeps across reloads: the staff PIN's hash and the spoken results' volume. */
export interface KioskDevice {
  readonly pinHash: string;
  readonly volume: number;
}

const DEFAULT_VOLUME = 0.8;

function clampVolume(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value)
    ? Math.min(1, Math.max(0, value))
    : DEFAULT_VOLUME;
}

/** The kiosk set up on this tablet, or null before staff chose a PIN. */
export function readKioskDevice(): KioskDevice | null {
  const raw = storage.get('kioskDevice');
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<KioskDevice>;
    if (typeof parsed.pinHash !== 'string' || parsed.pinHash.length !== 64) return null;
    return { pinHash: parsed.pinHash, volume: clampVolume(parsed.volume) };
  } catch {
    return null;
  }
}

export function writeKioskDevice(device: KioskDevice | null): void {
  if (device === null) storage.remove('kioskDevice');
  else
    storage.set(
      'kioskDevice',
      JSON.stringify({ pinHash: device.pinHash, volume: clampVolume(device.volume) }),
    );
}

/**
 * The PIN as the tablet keeps it: SHA-256 hex, so a glance at the storage does not give it away. Hashed in
 * JavaScript, not Web Crypto: a tablet on the venue's plain-HTTP LAN address has no `crypto.subtle`.
 */
export function hashPin(pin: string): string {
  return bytesToHex(sha256(utf8ToBytes(`sobremesa/kiosk-pin\u0000${pin}`)));
}

/** Speaks a result aloud in the kiosk's language (the non-visual path of EN 301 549), at the kiosk's volume. */
export function speak(text: string, locale: string, volume: number): void {
  if (typeof window === 'undefined' || !('speechSynthesis' in window) || volume <= 0) return;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = locale;
  utterance.volume = volume;
  const voice = window.speechSynthesis.getVoices().find((candidate) => candidate.lang.startsWith(locale));
  if (voice) utterance.voice = voice;
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(utterance);
}
