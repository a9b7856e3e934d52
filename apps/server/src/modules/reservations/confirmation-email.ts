import type { GuestAccess, ReservationView } from '@sobremesa/contracts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@sobremesa/domain';
import QRCode from 'qrcode';
import type { MailMessage } from '../../lib/mailer.ts';
import { buildCalendar } from './calendar.ts';
import { escapeHtml } from '../../http/html.ts';

interface EmailTexts {
  subject: string;
  greeting: string;
  reference: string;
  confirmed: string;
  date: string;
  time: string;
  people: string;
  room: string;
  comments: string;
  qr: string;
  calendar: string;
  manage: string;
  cancel: string;
  remindSubject: string;
  remindIntro: string;
  remindNone: string;
  calendarSummary: string;
  footer: string;
}

/** The confirmation and reminder emails in the nine languages; `{name}` placeholders are filled in. */
const TEXTS: Record<Locale, EmailTexts> = {
  es: {
    subject: 'Reserva confirmada en {venue}: {date} a las {time}',
    greeting: 'Hola, {name}:',
    reference: 'Localizador',
    confirmed: 'Tu reserva en {venue} está confirmada.',
    date: 'Fecha',
    time: 'Hora',
    people: 'Personas',
    room: 'Sala',
    comments: 'Comentarios',
    qr: 'Muestra este código QR al llegar: el quiosco de la entrada te llevará a tu mesa.',
    calendar: 'Adjuntamos la reserva para que la añadas a tu calendario.',
    manage: 'Ver o cambiar la reserva',
    cancel: '¿No puedes venir? Cancela la reserva',
    remindSubject: 'Tus reservas en {venue}',
    remindIntro: 'Estas son tus próximas reservas en {venue}:',
    remindNone: 'No tienes reservas próximas en {venue}.',
    calendarSummary: 'Reserva en {venue} ({pax} personas)',
    footer: 'Este enlace es personal: no lo compartas.',
  },
  en: {
    subject: 'Reservation confirmed at {venue}: {date} at {time}',
    greeting: 'Hello {name},',
    reference: 'Booking reference',
    confirmed: 'Your reservation at {venue} is confirmed.',
    date: 'Date',
    time: 'Time',
    people: 'People',
    room: 'Room',
    comments: 'Comments',
    qr: 'Show this QR code when you arrive: the kiosk at the entrance will take you to your table.',
    calendar: 'The reservation is attached so you can add it to your calendar.',
    manage: 'See or change the reservation',
    cancel: 'Cannot come? Cancel the reservation',
    remindSubject: 'Your reservations at {venue}',
    remindIntro: 'These are your upcoming reservations at {venue}:',
    remindNone: 'You have no upcoming reservations at {venue}.',
    calendarSummary: 'Reservation at {venue} ({pax} people)',
    footer: 'This link is personal: do not share it.',
  },
  de: {
    subject: 'Reservierung bestätigt bei {venue}: {date} um {time}',
    greeting: 'Hallo {name},',
    reference: 'Buchungsnummer',
    confirmed: 'Deine Reservierung bei {venue} ist bestätigt.',
    date: 'Datum',
    time: 'Uhrzeit',
    people: 'Personen',
    room: 'Raum',
    comments: 'Anmerkungen',
    qr: 'Zeige diesen QR-Code bei der Ankunft: Das Terminal am Eingang bringt dich zu deinem Tisch.',
    calendar: 'Die Reservierung ist angehängt, damit du sie in deinen Kalender übernehmen kannst.',
    manage: 'Reservierung ansehen oder ändern',
    cancel: 'Du kannst nicht kommen? Reservierung stornieren',
    remindSubject: 'Deine Reservierungen bei {venue}',
    remindIntro: 'Das sind deine nächsten Reservierungen bei {venue}:',
    remindNone: 'Du hast keine anstehenden Reservierungen bei {venue}.',
    calendarSummary: 'Reservierung bei {venue} ({pax} Personen)',
    footer: 'Dieser Link ist persönlich: Teile ihn nicht.',
  },
  fr: {
    subject: 'Réservation confirmée chez {venue} : {date} à {time}',
    greeting: 'Bonjour {name},',
    reference: 'Référence',
    confirmed: 'Votre réservation chez {venue} est confirmée.',
    date: 'Date',
    time: 'Heure',
    people: 'Personnes',
    room: 'Salle',
    comments: 'Commentaires',
    qr: "Présentez ce code QR à votre arrivée : la borne de l'entrée vous mènera à votre table.",
    calendar: 'La réservation est jointe pour que vous l’ajoutiez à votre agenda.',
    manage: 'Voir ou modifier la réservation',
    cancel: 'Vous ne pouvez pas venir ? Annulez la réservation',
    remindSubject: 'Vos réservations chez {venue}',
    remindIntro: 'Voici vos prochaines réservations chez {venue} :',
    remindNone: "Vous n'avez aucune réservation à venir chez {venue}.",
    calendarSummary: 'Réservation chez {venue} ({pax} personnes)',
    footer: 'Ce lien est personnel : ne le partagez pas.',
  },
  eu: {
    subject: 'Erreserba berretsia {venue}-n: {date}, {time}',
    greeting: 'Kaixo, {name}:',
    reference: 'Erreserba-kodea',
    confirmed: '{venue}-n egindako zure erreserba berretsita dago.',
    date: 'Data',
    time: 'Ordua',
    people: 'Pertsonak',
    room: 'Aretoa',
    comments: 'Iruzkinak',
    qr: 'Erakutsi QR kode hau iristean: sarrerako kioskoak zure mahaira eramango zaitu.',
    calendar: 'Erreserba eransten dizugu, zure egutegira gehi dezazun.',
    manage: 'Ikusi edo aldatu erreserba',
    cancel: 'Ezin zara etorri? Ezeztatu erreserba',
    remindSubject: 'Zure erreserbak {venue}-n',
    remindIntro: 'Hauek dira {venue}-n dituzun hurrengo erreserbak:',
    remindNone: 'Ez duzu erreserbarik {venue}-n.',
    calendarSummary: 'Erreserba {venue}-n ({pax} pertsona)',
    footer: 'Esteka hau pertsonala da: ez partekatu.',
  },
  ca: {
    subject: 'Reserva confirmada a {venue}: {date} a les {time}',
    greeting: 'Hola, {name}:',
    reference: 'Localitzador',
    confirmed: 'La teva reserva a {venue} està confirmada.',
    date: 'Data',
    time: 'Hora',
    people: 'Persones',
    room: 'Sala',
    comments: 'Comentaris',
    qr: "Mostra aquest codi QR quan arribis: el quiosc de l'entrada et portarà a la teva taula.",
    calendar: "T'adjuntem la reserva perquè l'afegeixis al teu calendari.",
    manage: 'Veure o canviar la reserva',
    cancel: 'No pots venir? Cancel·la la reserva',
    remindSubject: 'Les teves reserves a {venue}',
    remindIntro: 'Aquestes són les teves properes reserves a {venue}:',
    remindNone: 'No tens reserves properes a {venue}.',
    calendarSummary: 'Reserva a {venue} ({pax} persones)',
    footer: 'Aquest enllaç és personal: no el comparteixis.',
  },
  it: {
    subject: 'Prenotazione confermata da {venue}: {date} alle {time}',
    greeting: 'Ciao {name},',
    reference: 'Codice prenotazione',
    confirmed: 'La tua prenotazione da {venue} è confermata.',
    date: 'Data',
    time: 'Ora',
    people: 'Persone',
    room: 'Sala',
    comments: 'Commenti',
    qr: "Mostra questo codice QR all'arrivo: il chiosco all'ingresso ti porterà al tuo tavolo.",
    calendar: 'Ti alleghiamo la prenotazione per aggiungerla al tuo calendario.',
    manage: 'Vedi o modifica la prenotazione',
    cancel: 'Non puoi venire? Annulla la prenotazione',
    remindSubject: 'Le tue prenotazioni da {venue}',
    remindIntro: 'Queste sono le tue prossime prenotazioni da {venue}:',
    remindNone: 'Non hai prenotazioni in programma da {venue}.',
    calendarSummary: 'Prenotazione da {venue} ({pax} persone)',
    footer: 'Questo link è personale: non condividerlo.',
  },
  gl: {
    subject: 'Reserva confirmada en {venue}: {date} ás {time}',
    greeting: 'Ola, {name}:',
    reference: 'Localizador',
    confirmed: 'A túa reserva en {venue} está confirmada.',
    date: 'Data',
    time: 'Hora',
    people: 'Persoas',
    room: 'Sala',
    comments: 'Comentarios',
    qr: 'Amosa este código QR ao chegar: o quiosco da entrada levarate á túa mesa.',
    calendar: 'Achegamos a reserva para que a engadas ao teu calendario.',
    manage: 'Ver ou cambiar a reserva',
    cancel: 'Non podes vir? Cancela a reserva',
    remindSubject: 'As túas reservas en {venue}',
    remindIntro: 'Estas son as túas próximas reservas en {venue}:',
    remindNone: 'Non tes reservas próximas en {venue}.',
    calendarSummary: 'Reserva en {venue} ({pax} persoas)',
    footer: 'Esta ligazón é persoal: non a compartas.',
  },
  pt: {
    subject: 'Reserva confirmada em {venue}: {date} às {time}',
    greeting: 'Olá, {name}:',
    reference: 'Referência da reserva',
    confirmed: 'A sua reserva em {venue} está confirmada.',
    date: 'Data',
    time: 'Hora',
    people: 'Pessoas',
    room: 'Sala',
    comments: 'Comentários',
    qr: 'Mostre este código QR quando chegar: o quiosque da entrada leva-o à sua mesa.',
    calendar: 'Juntamos a reserva para a adicionar ao seu calendário.',
    manage: 'Ver ou alterar a reserva',
    cancel: 'Não pode vir? Cancele a reserva',
    remindSubject: 'As suas reservas em {venue}',
    remindIntro: 'Estas são as suas próximas reservas em {venue}:',
    remindNone: 'Não tem reservas próximas em {venue}.',
    calendarSummary: 'Reserva em {venue} ({pax} pessoas)',
    footer: 'Esta ligação é pessoal: não a partilhe.',
  },
};

function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}

/** The guest's language for messages: theirs when it is one of ours, else Spanish. */
export function emailLocale(locale: string | null | undefined): Locale {
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}

/** A service date written the guest's way ("sábado, 21 de noviembre de 2026"). */
export function formatDateFor(date: string, locale: Locale): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const noonUtc = new Date(Date.UTC(year, month - 1, day, 12));
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(noonUtc);
  } catch {
    return date;
  }
}

/** The calendar file of a reservation (see calendar.ts). */
export function reservationCalendar(
  reservation: ReservationView,
  startsAt: Date,
  endsAt: Date,
  options: { host: string; origin: string; locale: Locale; now: Date },
): string {
  const texts = TEXTS[options.locale];
  const details = [
    `${texts.date}: ${formatDateFor(reservation.date, options.locale)}`,
    `${texts.time}: ${reservation.timeSlot}`,
    `${texts.people}: ${reservation.pax}`,
    ...(reservation.roomName ? [`${texts.room}: ${reservation.roomName}`] : []),
  ];
  return buildCalendar({
    uid: `${reservation.wid}@${options.host}`,
    startsAt,
    endsAt,
    stampedAt: options.now,
    summary: fill(texts.calendarSummary, { venue: reservation.venue.business_name, pax: reservation.pax }),
    description: details.join('\n'),
    location: reservation.venue.business_name,
    url: `${options.origin}/reservar`,
    status: reservation.state === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
  });
}

/** The QR of the check-in code, as an SVG document or a PNG (error correction M). */
export function qrSvg(payload: string): Promise<string> {
  return QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}
export function qrPng(payload: string, width = 320): Promise<Buffer> {
  return QRCode.toBuffer(payload, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width });
}

const QR_CID = 'reservation-qr@sobremesa';

/**
 * The confirmation email: details in the guest's language, the check-in QR inline (`cid:`), the .ics
 * attached, and links to manage and cancel that carry the guest's capability.
 */
export async function confirmationEmail(input: {
  to: string;
  reservation: ReservationView;
  access: GuestAccess;
  startsAt: Date;
  endsAt: Date;
  origin: string;
  host: string;
  locale: Locale;
  now: Date;
}): Promise<MailMessage> {
  const { reservation, access, locale } = input;
  const texts = TEXTS[locale];
  const venue = reservation.venue.business_name;
  const longDate = formatDateFor(reservation.date, locale);
  const params = { venue, name: reservation.name, date: longDate, time: reservation.timeSlot };
  const rows: [string, string][] = [
    // The short reference the guest reads out on the phone (decision 029); older bookings have none.
    ...(reservation.reference ? ([[texts.reference, reservation.reference]] as [string, string][]) : []),
    [texts.date, longDate],
    [texts.time, reservation.timeSlot],
    [texts.people, String(reservation.pax)],
    ...(reservation.roomName ? ([[texts.room, reservation.roomName]] as [string, string][]) : []),
    ...(reservation.comments ? ([[texts.comments, reservation.comments]] as [string, string][]) : []),
  ];
  const text = [
    fill(texts.greeting, params),
    '',
    fill(texts.confirmed, params),
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    texts.qr,
    texts.calendar,
    '',
    `${texts.manage}: ${access.links.manage}`,
    `${texts.cancel}: ${access.links.cancel}`,
    '',
    texts.footer,
  ].join('\n');
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(fill(texts.subject, params))}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2328;max-width:560px;margin:0 auto;padding:24px">
<p>${escapeHtml(fill(texts.greeting, params))}</p>
<p><strong>${escapeHtml(fill(texts.confirmed, params))}</strong></p>
<table role="presentation" style="border-collapse:collapse;margin:16px 0">
${rows.map(([label, value]) => `<tr><th style="text-align:left;padding:4px 16px 4px 0">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
<p>${escapeHtml(texts.qr)}</p>
<p><img src="cid:${QR_CID}" width="240" height="240" alt="QR"></p>
<p>${escapeHtml(texts.calendar)}</p>
<p><a href="${escapeHtml(access.links.manage)}">${escapeHtml(texts.manage)}</a></p>
<p><a href="${escapeHtml(access.links.cancel)}">${escapeHtml(texts.cancel)}</a></p>
<p style="color:#57606a;font-size:12px">${escapeHtml(texts.footer)}</p>
</body></html>`;
  return {
    to: input.to,
    subject: fill(texts.subject, params),
    text,
    html,
    language: locale,
    attachments: [
      {
        filename: 'reserva-qr.png',
        content: await qrPng(access.qrPayload),
        contentType: 'image/png',
        cid: QR_CID,
      },
      {
        filename: 'reserva.ics',
        content: reservationCalendar(reservation, input.startsAt, input.endsAt, input),
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
    ],
  };
}

/** The reminder of `remindnumber`: the guest's upcoming reservations, each with a fresh link. */
export function reminderEmail(input: {
  to: string;
  venueName: string;
  entries: readonly { reservation: ReservationView; manageLink: string }[];
  locale: Locale;
}): MailMessage {
  const texts = TEXTS[input.locale];
  const params = { venue: input.venueName };
  const lines = input.entries.map(
    ({ reservation }) =>
      `${formatDateFor(reservation.date, input.locale)} ${reservation.timeSlot} · ${texts.people}: ${reservation.pax}`,
  );
  const text = [
    fill(texts.remindIntro, params),
    '',
    ...input.entries.flatMap((entry, index) => [
      lines[index] ?? '',
      `${texts.manage}: ${entry.manageLink}`,
      '',
    ]),
    texts.footer,
  ].join('\n');
  const html = `<!doctype html>
<html lang="${input.locale}"><head><meta charset="utf-8"></head>
<body style="font-family:system-ui,sans-serif;max-width:560px;margin:0 auto;padding:24px">
<p>${escapeHtml(fill(texts.remindIntro, params))}</p>
<ul>
${input.entries.map((entry, index) => `<li>${escapeHtml(lines[index] ?? '')} — <a href="${escapeHtml(entry.manageLink)}">${escapeHtml(texts.manage)}</a></li>`).join('\n')}
</ul>
<p style="color:#57606a;font-size:12px">${escapeHtml(texts.footer)}</p>
</body></html>`;
  return { to: input.to, subject: fill(texts.remindSubject, params), text, html, language: input.locale };
}
