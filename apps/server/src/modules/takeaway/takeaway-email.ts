import { formatLocalDateTime, type Locale } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import { escapeHtml } from '../../http/html.ts';
import type { MailLog, MailMessage } from '../../lib/mailer.ts';
import { emailLocale, formatDateFor } from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import type { TakeawayOrderRow } from './takeaway.repository.ts';

/** A move of an order the guest hears of by email (decision 041): accepted, ready, refused. */
export interface TakeawayNews {
  readonly order: TakeawayOrderRow;
  readonly name: string;
}

type Mailed = 'accepted' | 'ready' | 'refused';

interface Texts {
  readonly subject: Record<Mailed, string>;
  readonly greeting: string;
  readonly accepted: string;
  readonly readyPickup: string;
  readonly readyDelivery: string;
  readonly refused: string;
  readonly reason: string;
  readonly number: string;
  readonly pickupAt: string;
  readonly deliveryAt: string;
  readonly sayNumber: string;
}

/** The order emails in the nine languages; `{name}` placeholders are filled in. */
const TEXTS: Record<Locale, Texts> = {
  es: {
    subject: {
      accepted: 'Pedido {number} aceptado en {venue}',
      ready: 'Tu pedido {number} de {venue} está listo',
      refused: 'No podemos preparar tu pedido {number} de {venue}',
    },
    greeting: 'Hola, {name}:',
    accepted: '{venue} ha aceptado tu pedido y la cocina lo tendrá listo a su hora.',
    readyPickup: 'Tu pedido está listo: puedes pasar a recogerlo.',
    readyDelivery: 'Tu pedido está listo y sale enseguida hacia tu dirección.',
    refused: 'Lo sentimos: {venue} no puede preparar tu pedido y no se te cobrará nada.',
    reason: 'Motivo',
    number: 'Número de pedido',
    pickupAt: 'Recogida',
    deliveryAt: 'Entrega',
    sayNumber: 'Di este número en el mostrador.',
  },
  en: {
    subject: {
      accepted: 'Order {number} accepted at {venue}',
      ready: 'Your order {number} from {venue} is ready',
      refused: 'We cannot prepare your order {number} from {venue}',
    },
    greeting: 'Hello {name},',
    accepted: '{venue} has accepted your order and the kitchen will have it ready on time.',
    readyPickup: 'Your order is ready: you can come and pick it up.',
    readyDelivery: 'Your order is ready and leaves for your address right away.',
    refused: 'We are sorry: {venue} cannot prepare your order and you will not be charged.',
    reason: 'Reason',
    number: 'Order number',
    pickupAt: 'Pickup',
    deliveryAt: 'Delivery',
    sayNumber: 'Give this number at the counter.',
  },
  de: {
    subject: {
      accepted: 'Bestellung {number} bei {venue} angenommen',
      ready: 'Deine Bestellung {number} bei {venue} ist fertig',
      refused: 'Wir können deine Bestellung {number} bei {venue} nicht zubereiten',
    },
    greeting: 'Hallo {name},',
    accepted: '{venue} hat deine Bestellung angenommen, die Küche hat sie pünktlich fertig.',
    readyPickup: 'Deine Bestellung ist fertig: Du kannst sie abholen.',
    readyDelivery: 'Deine Bestellung ist fertig und geht gleich an deine Adresse.',
    refused: 'Es tut uns leid: {venue} kann deine Bestellung nicht zubereiten, dir wird nichts berechnet.',
    reason: 'Grund',
    number: 'Bestellnummer',
    pickupAt: 'Abholung',
    deliveryAt: 'Lieferung',
    sayNumber: 'Nenne diese Nummer an der Theke.',
  },
  fr: {
    subject: {
      accepted: 'Commande {number} acceptée chez {venue}',
      ready: 'Votre commande {number} chez {venue} est prête',
      refused: 'Nous ne pouvons pas préparer votre commande {number} chez {venue}',
    },
    greeting: 'Bonjour {name},',
    accepted: '{venue} a accepté votre commande et la cuisine l’aura prête à l’heure.',
    readyPickup: 'Votre commande est prête : vous pouvez venir la retirer.',
    readyDelivery: 'Votre commande est prête et part tout de suite à votre adresse.',
    refused: 'Nous sommes désolés : {venue} ne peut pas préparer votre commande, rien ne vous sera facturé.',
    reason: 'Motif',
    number: 'Numéro de commande',
    pickupAt: 'Retrait',
    deliveryAt: 'Livraison',
    sayNumber: 'Donnez ce numéro au comptoir.',
  },
  eu: {
    subject: {
      accepted: '{number}. eskaera onartua {venue}-n',
      ready: '{venue}-ko zure {number}. eskaera prest dago',
      refused: 'Ezin dugu prestatu {venue}-ko zure {number}. eskaera',
    },
    greeting: 'Kaixo, {name}:',
    accepted: '{venue}-k zure eskaera onartu du eta sukaldeak garaiz izango du prest.',
    readyPickup: 'Zure eskaera prest dago: jasotzera etor zaitezke.',
    readyDelivery: 'Zure eskaera prest dago eta berehala aterako da zure helbidera.',
    refused: 'Sentitzen dugu: {venue}-k ezin du zure eskaera prestatu, eta ez zaizu ezer kobratuko.',
    reason: 'Arrazoia',
    number: 'Eskaera-zenbakia',
    pickupAt: 'Jasotzea',
    deliveryAt: 'Entrega',
    sayNumber: 'Esan zenbaki hau mostradorean.',
  },
  ca: {
    subject: {
      accepted: 'Comanda {number} acceptada a {venue}',
      ready: 'La teva comanda {number} de {venue} és a punt',
      refused: 'No podem preparar la teva comanda {number} de {venue}',
    },
    greeting: 'Hola, {name}:',
    accepted: '{venue} ha acceptat la teva comanda i la cuina la tindrà a punt a l’hora.',
    readyPickup: 'La teva comanda és a punt: ja pots passar a recollir-la.',
    readyDelivery: 'La teva comanda és a punt i surt de seguida cap a la teva adreça.',
    refused: 'Ho sentim: {venue} no pot preparar la teva comanda i no se’t cobrarà res.',
    reason: 'Motiu',
    number: 'Número de comanda',
    pickupAt: 'Recollida',
    deliveryAt: 'Entrega',
    sayNumber: 'Digues aquest número al taulell.',
  },
  it: {
    subject: {
      accepted: 'Ordine {number} accettato da {venue}',
      ready: 'Il tuo ordine {number} da {venue} è pronto',
      refused: 'Non possiamo preparare il tuo ordine {number} da {venue}',
    },
    greeting: 'Ciao {name},',
    accepted: '{venue} ha accettato il tuo ordine e la cucina lo avrà pronto in orario.',
    readyPickup: 'Il tuo ordine è pronto: puoi passare a ritirarlo.',
    readyDelivery: 'Il tuo ordine è pronto e parte subito verso il tuo indirizzo.',
    refused: 'Ci dispiace: {venue} non può preparare il tuo ordine e non ti verrà addebitato nulla.',
    reason: 'Motivo',
    number: 'Numero d’ordine',
    pickupAt: 'Ritiro',
    deliveryAt: 'Consegna',
    sayNumber: 'Di’ questo numero al banco.',
  },
  gl: {
    subject: {
      accepted: 'Pedido {number} aceptado en {venue}',
      ready: 'O teu pedido {number} de {venue} está listo',
      refused: 'Non podemos preparar o teu pedido {number} de {venue}',
    },
    greeting: 'Ola, {name}:',
    accepted: '{venue} aceptou o teu pedido e a cociña terao listo á súa hora.',
    readyPickup: 'O teu pedido está listo: podes pasar a recollelo.',
    readyDelivery: 'O teu pedido está listo e sae axiña cara ao teu enderezo.',
    refused: 'Sentímolo: {venue} non pode preparar o teu pedido e non se che cobrará nada.',
    reason: 'Motivo',
    number: 'Número de pedido',
    pickupAt: 'Recollida',
    deliveryAt: 'Entrega',
    sayNumber: 'Di este número no mostrador.',
  },
  pt: {
    subject: {
      accepted: 'Pedido {number} aceite em {venue}',
      ready: 'O seu pedido {number} de {venue} está pronto',
      refused: 'Não podemos preparar o seu pedido {number} de {venue}',
    },
    greeting: 'Olá, {name}:',
    accepted: '{venue} aceitou o seu pedido e a cozinha terá-o pronto a horas.',
    readyPickup: 'O seu pedido está pronto: pode vir levantá-lo.',
    readyDelivery: 'O seu pedido está pronto e sai já para a sua morada.',
    refused: 'Lamentamos: {venue} não pode preparar o seu pedido e não lhe será cobrado nada.',
    reason: 'Motivo',
    number: 'Número do pedido',
    pickupAt: 'Levantamento',
    deliveryAt: 'Entrega',
    sayNumber: 'Diga este número ao balcão.',
  },
};

function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) =>
    key in params ? String(params[key]) : match,
  );
}

const isMailed = (status: string): status is Mailed =>
  status === 'accepted' || status === 'ready' || status === 'refused';

/** The email of an order's move in the guest's language, or null for a move that sends none. */
export function takeawayEmail(venue: Venue, news: TakeawayNews): MailMessage | null {
  const { order } = news;
  if (!isMailed(order.status)) return null;
  const locale = emailLocale(order.locale);
  const texts = TEXTS[locale];
  const params = { venue: venue.businessName, name: news.name, number: order.number };
  const local = formatLocalDateTime(order.pickupAt, venue.timeZone);
  const delivery = order.mode === 'delivery';
  const when = `${formatDateFor(local.slice(0, 10), locale)} ${local.slice(11, 16)}`;
  const body =
    order.status === 'accepted'
      ? texts.accepted
      : order.status === 'ready'
        ? delivery
          ? texts.readyDelivery
          : texts.readyPickup
        : texts.refused;
  const rows: [string, string][] = [
    [texts.number, String(order.number)],
    [delivery ? texts.deliveryAt : texts.pickupAt, when],
    ...(order.status === 'refused' && order.refusalReason
      ? ([[texts.reason, order.refusalReason]] as [string, string][])
      : []),
  ];
  const subject = fill(texts.subject[order.status], params);
  const closing = !delivery && order.status !== 'refused' ? [texts.sayNumber] : [];
  const text = [
    fill(texts.greeting, params),
    '',
    fill(body, params),
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...(closing.length > 0 ? ['', ...closing] : []),
  ].join('\n');
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2328;max-width:560px;margin:0 auto;padding:24px">
<p>${escapeHtml(fill(texts.greeting, params))}</p>
<p><strong>${escapeHtml(fill(body, params))}</strong></p>
<p style="font-size:48px;font-weight:700;margin:16px 0">${order.number}</p>
<table role="presentation" style="border-collapse:collapse;margin:16px 0">
${rows.map(([label, value]) => `<tr><th style="text-align:left;padding:4px 16px 4px 0">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
${closing.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
</body></html>`;
  return { to: order.email, subject, text, html, language: locale };
}

/** Sends the emails of committed moves (never before the commit: a rolled-back move tells no one). */
export function mailTakeawayNews(
  ctx: AppContext,
  venue: Venue,
  news: readonly TakeawayNews[],
  log: MailLog,
): void {
  if (!ctx.mailer.enabled) return;
  for (const item of news) {
    const message = takeawayEmail(venue, item);
    if (message)
      ctx.mailer.sendInBackground(message, log, {
        takeawayOrderId: item.order.id,
        status: item.order.status,
      });
  }
}
