import type { Notification } from '@sobremesa/contracts';
import { declaredAllergens, readyDishes } from './notification-subject.ts';
import { AUDIO } from './sound.ts';

/**
 * What an alert says. Speech is always Spanish (spec §1, §9: es-ES), whatever the screen's language, so
 * these sentences live here rather than in the translated catalogues.
 */
function where(notification: Notification): string {
  const account = notification.reservations[0];
  const tables = account?.tables ?? [];
  if (tables.length === 1) return `la mesa ${tables[0]}`;
  if (tables.length > 1) return `las mesas ${tables.join(' y ')}`;
  if (account) return `la cuenta de ${account.name}`;
  return 'una mesa';
}

/** A kiosk arrival's party and, when the kiosk could give it none, that it needs a table (issue 26). */
function kioskArrival(notification: Notification): string {
  const { name, pax, needsTable } = notification.data;
  const who =
    notification.type === 'kiosk_walk_in' && typeof name === 'string' && typeof pax === 'number'
      ? `: ${name}, ${pax} ${pax === 1 ? 'persona' : 'personas'}`
      : '';
  return `${who}${needsTable === true ? '. Necesita mesa' : ''}`;
}

const CALL_STAFF = [
  'llama al personal',
  'ha dejado un comentario',
  'ha indicado sus alérgenos',
  'ha cambiado su nombre',
];

export function spokenText(notification: Notification, escalated = false): string {
  const place = where(notification);
  const subject = place.charAt(0).toUpperCase() + place.slice(1);
  const dishes = readyDishes(notification);
  const allergens = declaredAllergens(notification);
  let text: string;
  switch (notification.type) {
    case 'ticket_request':
      text = `${subject} pide la cuenta`;
      break;
    case 'call_staff':
      text = `${subject} ${CALL_STAFF[notification.subtype] ?? CALL_STAFF[0]}${allergens ? `: ${allergens}` : ''}`;
      break;
    case 'customer_ready_to_order':
      text = `${subject} está lista para pedir`;
      break;
    case 'order_ready_food':
      text = `Comida lista para ${place}${dishes ? `: ${dishes}` : ''}`;
      break;
    case 'order_ready_drinks':
      text = `Bebida lista para ${place}${dishes ? `: ${dishes}` : ''}`;
      break;
    case 'upselling_drinks_reminder':
      text = `${subject} lleva un rato sin bebida`;
      break;
    case 'kiosk_walk_in':
      text = `Ha llegado un cliente sin reserva${kioskArrival(notification)}`;
      break;
    case 'kiosk_qr_scan':
      text = `Ha llegado ${notification.reservations[0] ? `la reserva de ${notification.reservations[0].name}` : 'una reserva'}${kioskArrival(notification)}`;
      break;
  }
  return escalated ? `Sigue esperando. ${text}` : text;
}

/** The notification's own audio that follows the alert (spec §9 files), when it has one. */
export function messageAudioOf(type: Notification['type']): string | undefined {
  if (type === 'order_ready_food' || type === 'order_ready_drinks') return AUDIO.kitchenOrderReady;
  if (type === 'kiosk_walk_in' || type === 'kiosk_qr_scan') return AUDIO.accountSeated;
  return undefined;
}
