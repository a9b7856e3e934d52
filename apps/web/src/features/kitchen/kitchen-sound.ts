/** The two alerts of the kitchen screens (spec §9 audio files): a new ticket, and an order ready. */
const SOUNDS = {
  newTicket: '/audio/notification.wav',
  orderReady: '/audio/kitchen-order-ready.wav',
} as const;

export type KitchenSound = keyof typeof SOUNDS;

/**
 * Plays an alert. Browsers refuse sound until someone has touched the page (autoplay policy); the copilot's
 * "activate sound" step takes care of that, and until then a refused play is dropped on purpose: the ticket
 * is on screen either way, and a rejected promise must not surface as an error.
 */
export function playKitchenSound(sound: KitchenSound): void {
  if (typeof Audio === 'undefined') return;
  const audio = new Audio(SOUNDS[sound]);
  audio.play().catch(() => {});
}
