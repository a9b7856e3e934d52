import type { Locale } from '../locales.ts';

/**
 * The printed ticket of one station (kitchen line, bar) for one table (issue 18 items 1 and 2): who and
 * where first, the table's allergies in a block above the dishes (a cook reads top down), then each dish
 * with its chosen options and notes, identical dishes merged ("5x Patatas bravas"), a dish that clashes
 * with the table's allergies flagged under it. Structured lines as the print helper takes them (its
 * `lines` job, decision 013); the helper adds the printer's commands and the cut.
 */

/** One line of a helper job: a text with its style, or a rule. */
export type StationTicketLine =
  | { readonly separator: true }
  | {
      readonly text: string;
      readonly align?: 'left' | 'center' | 'right';
      readonly bold?: boolean;
      readonly size?: 'normal' | 'large';
    };

export interface StationTicketDish {
  readonly name: string;
  readonly units: number;
  readonly choices: readonly string[];
  readonly comments: string | null;
  readonly staffComments: string | null;
  /** The table's allergens this dish contains or may carry traces of. */
  readonly clashes: readonly string[];
  /** A course of a menú del día: printed as the menu's, under its name. */
  readonly menuName: string | null;
}

/** A takeaway or delivery order's mark: what the kitchen packs, its number and when it leaves. */
export interface StationTicketTakeaway {
  readonly mode: 'pickup' | 'delivery';
  readonly number: number;
  /** Pickup (or delivery) time, venue wall clock `HH:mm`. */
  readonly pickupTime: string;
}

export interface StationTicketInput {
  readonly locale: Locale;
  readonly station: string;
  readonly table: string | null;
  readonly guestName: string;
  readonly covers: number;
  /** The venue's wall clock when the dishes reached the station, `HH:mm`. */
  readonly time: string;
  /** Who sent the dishes: a staff member's name, or null for the guest's own phone. */
  readonly server: string | null;
  /** A course fired later than the order ("Segundos"), named on the ticket. */
  readonly course: string | null;
  readonly allergens: readonly string[];
  readonly notes: readonly string[];
  /** What the guest wrote on the booking, printed under its own label, not as an allergy. */
  readonly bookingComment: string | null;
  readonly orderMessage: string | null;
  readonly dishes: readonly StationTicketDish[];
  /** Null for a table; a takeaway order's mark otherwise, above everything else. */
  readonly takeaway: StationTicketTakeaway | null;
}

interface Labels {
  readonly table: string;
  readonly covers: (n: number) => string;
  readonly server: string;
  readonly guestPhone: string;
  readonly allergies: string;
  readonly notes: string;
  readonly booking: string;
  readonly clash: string;
  readonly course: string;
  readonly message: string;
  readonly pickup: string;
  readonly delivery: string;
  readonly order: string;
  readonly pickupAt: string;
  readonly deliveryAt: string;
}

/** The ticket's words in the venue's language (staff share one kitchen, decision 025). */
const LABELS: Record<Locale, Labels> = {
  es: {
    table: 'Mesa',
    covers: (n) => `${n} ${n === 1 ? 'comensal' : 'comensales'}`,
    server: 'Camarero',
    guestPhone: 'Pedido desde el móvil',
    allergies: 'ALERGIAS',
    notes: 'Nota',
    booking: 'Reserva',
    clash: 'ALÉRGENO DE LA MESA',
    course: 'Pase',
    message: 'Mensaje',
    pickup: 'PARA LLEVAR',
    delivery: 'A DOMICILIO',
    order: 'Pedido',
    pickupAt: 'Recoge a las',
    deliveryAt: 'Entrega a las',
  },
  en: {
    table: 'Table',
    covers: (n) => `${n} ${n === 1 ? 'cover' : 'covers'}`,
    server: 'Server',
    guestPhone: 'Ordered on the phone',
    allergies: 'ALLERGIES',
    notes: 'Note',
    booking: 'Booking',
    clash: "TABLE'S ALLERGEN",
    course: 'Course',
    message: 'Message',
    pickup: 'TAKEAWAY',
    delivery: 'DELIVERY',
    order: 'Order',
    pickupAt: 'Pickup at',
    deliveryAt: 'Delivery at',
  },
  de: {
    table: 'Tisch',
    covers: (n) => `${n} ${n === 1 ? 'Gast' : 'Gäste'}`,
    server: 'Service',
    guestPhone: 'Per Handy bestellt',
    allergies: 'ALLERGIEN',
    notes: 'Hinweis',
    booking: 'Reservierung',
    clash: 'ALLERGEN DES TISCHES',
    course: 'Gang',
    message: 'Nachricht',
    pickup: 'ZUM MITNEHMEN',
    delivery: 'LIEFERUNG',
    order: 'Bestellung',
    pickupAt: 'Abholung um',
    deliveryAt: 'Lieferung um',
  },
  fr: {
    table: 'Table',
    covers: (n) => `${n} ${n === 1 ? 'couvert' : 'couverts'}`,
    server: 'Serveur',
    guestPhone: 'Commandé sur le mobile',
    allergies: 'ALLERGIES',
    notes: 'Note',
    booking: 'Réservation',
    clash: 'ALLERGÈNE DE LA TABLE',
    course: 'Envoi',
    message: 'Message',
    pickup: 'À EMPORTER',
    delivery: 'LIVRAISON',
    order: 'Commande',
    pickupAt: 'Retrait à',
    deliveryAt: 'Livraison à',
  },
  eu: {
    table: 'Mahaia',
    covers: (n) => `${n} mahaikide`,
    server: 'Zerbitzaria',
    guestPhone: 'Mugikorretik eskatua',
    allergies: 'ALERGIAK',
    notes: 'Oharra',
    booking: 'Erreserba',
    clash: 'MAHAIAREN ALERGENOA',
    course: 'Platera',
    message: 'Mezua',
    pickup: 'ERAMATEKO',
    delivery: 'ETXERA',
    order: 'Eskaera',
    pickupAt: 'Jasotzeko ordua',
    deliveryAt: 'Entrega ordua',
  },
  ca: {
    table: 'Taula',
    covers: (n) => `${n} ${n === 1 ? 'comensal' : 'comensals'}`,
    server: 'Cambrer',
    guestPhone: 'Comanda des del mòbil',
    allergies: 'AL·LÈRGIES',
    notes: 'Nota',
    booking: 'Reserva',
    clash: 'AL·LERGEN DE LA TAULA',
    course: 'Passada',
    message: 'Missatge',
    pickup: 'PER EMPORTAR',
    delivery: 'A DOMICILI',
    order: 'Comanda',
    pickupAt: 'Recull a les',
    deliveryAt: 'Entrega a les',
  },
  it: {
    table: 'Tavolo',
    covers: (n) => `${n} ${n === 1 ? 'coperto' : 'coperti'}`,
    server: 'Cameriere',
    guestPhone: 'Ordinato dal telefono',
    allergies: 'ALLERGIE',
    notes: 'Nota',
    booking: 'Prenotazione',
    clash: 'ALLERGENE DEL TAVOLO',
    course: 'Portata',
    message: 'Messaggio',
    pickup: 'DA ASPORTO',
    delivery: 'A DOMICILIO',
    order: 'Ordine',
    pickupAt: 'Ritiro alle',
    deliveryAt: 'Consegna alle',
  },
  gl: {
    table: 'Mesa',
    covers: (n) => `${n} ${n === 1 ? 'comensal' : 'comensais'}`,
    server: 'Camareiro',
    guestPhone: 'Pedido desde o móbil',
    allergies: 'ALERXIAS',
    notes: 'Nota',
    booking: 'Reserva',
    clash: 'ALÉRXENO DA MESA',
    course: 'Pase',
    message: 'Mensaxe',
    pickup: 'PARA LEVAR',
    delivery: 'A DOMICILIO',
    order: 'Pedido',
    pickupAt: 'Recolle ás',
    deliveryAt: 'Entrega ás',
  },
  pt: {
    table: 'Mesa',
    covers: (n) => `${n} ${n === 1 ? 'pessoa' : 'pessoas'}`,
    server: 'Empregado',
    guestPhone: 'Pedido pelo telemóvel',
    allergies: 'ALERGIAS',
    notes: 'Nota',
    booking: 'Reserva',
    clash: 'ALERGÉNIO DA MESA',
    course: 'Serviço',
    message: 'Mensagem',
    pickup: 'PARA LEVAR',
    delivery: 'ENTREGA AO DOMICÍLIO',
    order: 'Pedido',
    pickupAt: 'Levantar às',
    deliveryAt: 'Entrega às',
  },
};

/**
 * Identical dishes of one ticket as one, with their units added: same dish, options, notes and menu.
 * The order of first appearance is kept (the order the guest asked in).
 */
export function mergeTicketDishes(dishes: readonly StationTicketDish[]): StationTicketDish[] {
  const merged = new Map<string, StationTicketDish>();
  for (const dish of dishes) {
    const key = JSON.stringify([dish.name, dish.choices, dish.comments, dish.staffComments, dish.menuName]);
    const found = merged.get(key);
    merged.set(key, found ? { ...found, units: found.units + dish.units } : dish);
  }
  return [...merged.values()];
}

/** The ticket's lines, ready for the helper's `lines` job. */
export function stationTicketLines(input: StationTicketInput): StationTicketLine[] {
  const words = LABELS[input.locale];
  const lines: StationTicketLine[] = [
    { text: input.station.toUpperCase(), align: 'center', bold: true },
    ...takeawayMark(input.takeaway, words),
    { text: `${words.table} ${input.table ?? input.guestName}`, size: 'large', bold: true },
    { text: `${words.covers(input.covers)} · ${input.time}` },
    { text: input.server === null ? words.guestPhone : `${words.server}: ${input.server}` },
  ];
  if (input.table !== null) lines.push({ text: input.guestName });
  if (input.course !== null) lines.push({ text: `${words.course}: ${input.course}`, bold: true });
  if (input.allergens.length > 0 || input.notes.length > 0) {
    lines.push({ separator: true });
    if (input.allergens.length > 0)
      lines.push({ text: `!! ${words.allergies}: ${input.allergens.join(', ')} !!`, bold: true });
    for (const note of input.notes) lines.push({ text: `${words.notes}: ${note}`, bold: true });
  }
  if (input.bookingComment?.trim()) {
    lines.push({ separator: true });
    lines.push({ text: `${words.booking}: ${input.bookingComment.trim()}` });
  }
  lines.push({ separator: true });
  for (const dish of mergeTicketDishes(input.dishes)) {
    const menu = dish.menuName === null ? '' : ` (${dish.menuName})`;
    lines.push({ text: `${dish.units}x ${dish.name}${menu}`, size: 'large', bold: true });
    for (const choice of dish.choices) lines.push({ text: `   - ${choice}` });
    for (const comment of [dish.comments, dish.staffComments])
      if (comment?.trim()) lines.push({ text: `   "${comment.trim()}"` });
    if (dish.clashes.length > 0)
      lines.push({ text: `   !! ${words.clash}: ${dish.clashes.join(', ')}`, bold: true });
  }
  if (input.orderMessage?.trim()) {
    lines.push({ separator: true });
    lines.push({ text: `${words.message}: ${input.orderMessage.trim()}` });
  }
  // The helper takes lines of at most 500 characters; a guest's long note is cut, never the ticket lost.
  return lines.map((line) =>
    'text' in line && line.text.length > MAX_TEXT
      ? { ...line, text: `${line.text.slice(0, MAX_TEXT - 1)}…` }
      : line,
  );
}

const MAX_TEXT = 480;

/** A takeaway order's mark, large and framed by rules so the pass packs it and does not plate it. */
function takeawayMark(takeaway: StationTicketTakeaway | null, words: Labels): StationTicketLine[] {
  if (takeaway === null) return [];
  const delivery = takeaway.mode === 'delivery';
  return [
    { separator: true },
    {
      text: `*** ${delivery ? words.delivery : words.pickup} ***`,
      align: 'center',
      bold: true,
      size: 'large',
    },
    {
      text: `${words.order} ${takeaway.number} · ${delivery ? words.deliveryAt : words.pickupAt} ${takeaway.pickupTime}`,
      align: 'center',
      bold: true,
      size: 'large',
    },
    { separator: true },
  ];
}
