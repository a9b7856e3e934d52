import type { Locale } from '@sobremesa/domain';
import type { Executor } from '../../db/database.ts';
import type { Venue } from '../venues/venues.service.ts';
import { mintReviewToken, reviewPageUrl } from './review-token.ts';

/** The line above the review QR on a ticket, in the venue's language (plain enough for CP858 printers). */
const REVIEW_QR_CAPTION: Readonly<Record<Locale, string>> = {
  es: 'Valora tu visita',
  en: 'Rate your visit',
  de: 'Bewerte deinen Besuch',
  fr: 'Évaluez votre visite',
  eu: 'Baloratu zure bisita',
  ca: 'Valora la teva visita',
  it: 'Valuta la tua visita',
  gl: 'Valora a túa visita',
  pt: 'Avalie a sua visita',
};

export interface TicketReviewQr {
  readonly url: string;
  readonly caption: string;
}

/**
 * The review QR a paid bill's ticket and PDF carry below the fiscal block (issue 26 item 6): the review
 * page of the bill's account. A pre-bill ("cuenta", type 0) has none: a review is taken once paid.
 */
export async function ticketReviewQr(
  db: Executor,
  venue: Venue,
  bill: { readonly type: number; readonly reservationId: number },
  origin: string,
  now: Date,
): Promise<TicketReviewQr | null> {
  if (bill.type === 0) return null;
  const token = await mintReviewToken(db, venue.id, bill.reservationId, now);
  const caption = REVIEW_QR_CAPTION[venue.defaultLocale as Locale] ?? REVIEW_QR_CAPTION.es;
  return { url: reviewPageUrl(origin, token), caption };
}
