import type { Locale } from '@sobremesa/domain';

/** The guest pages a search engine may list, by first path segment (`/carta` is `/menu` by another name). */
export const INDEXABLE_PAGES = ['home', 'menu', 'carta', 'reservar', 'takeaway-delivery'] as const;
export type IndexablePage = (typeof INDEXABLE_PAGES)[number];

type PageText = Record<'home' | 'menu' | 'reservar' | 'takeaway-delivery', string>;

/**
 * A search result's and a link preview's line for each guest page, `{venue}` standing for the venue's name. Short
 * enough (under ~155 characters with a long name) that a results page does not cut it.
 */
const DESCRIPTIONS: Record<Locale, PageText> = {
  es: {
    home: '{venue}: reserva mesa, consulta la carta y pide para llevar.',
    menu: 'La carta de {venue}: platos, precios y alérgenos, siempre al día.',
    reservar:
      'Reserva mesa en {venue}: elige día, hora y número de personas y recibe la confirmación al momento.',
    'takeaway-delivery': 'Pide en {venue} para recoger o a domicilio.',
  },
  en: {
    home: '{venue}: book a table, see the menu and order takeaway.',
    menu: "{venue}'s menu: dishes, prices and allergens, always up to date.",
    reservar: 'Book a table at {venue}: pick the day, time and party size and get your confirmation at once.',
    'takeaway-delivery': 'Order from {venue} for pick-up or delivery.',
  },
  de: {
    home: '{venue}: Tisch reservieren, Speisekarte ansehen und zum Mitnehmen bestellen.',
    menu: 'Die Speisekarte von {venue}: Gerichte, Preise und Allergene, immer aktuell.',
    reservar:
      'Tisch reservieren bei {venue}: Tag, Uhrzeit und Personenzahl wählen und sofort die Bestätigung erhalten.',
    'takeaway-delivery': 'Bei {venue} zum Abholen oder mit Lieferung bestellen.',
  },
  fr: {
    home: '{venue} : réservez une table, consultez la carte et commandez à emporter.',
    menu: 'La carte de {venue} : plats, prix et allergènes, toujours à jour.',
    reservar:
      'Réservez une table chez {venue} : choisissez le jour, l’heure et le nombre de personnes, confirmation immédiate.',
    'takeaway-delivery': 'Commandez chez {venue} à emporter ou en livraison.',
  },
  eu: {
    home: '{venue}: mahaia erreserbatu, karta ikusi eta eraman beharrekoa eskatu.',
    menu: '{venue}(e)ko karta: platerak, prezioak eta alergenoak, beti eguneratuta.',
    reservar:
      'Erreserbatu mahaia {venue}(e)n: aukeratu eguna, ordua eta pertsona kopurua, eta jaso berehala baieztapena.',
    'takeaway-delivery': 'Eskatu {venue}(e)n jasotzeko edo etxera eramateko.',
  },
  ca: {
    home: '{venue}: reserva taula, consulta la carta i demana per emportar.',
    menu: 'La carta de {venue}: plats, preus i al·lèrgens, sempre al dia.',
    reservar:
      'Reserva taula a {venue}: tria dia, hora i nombre de persones i rep la confirmació a l’instant.',
    'takeaway-delivery': 'Demana a {venue} per recollir o a domicili.',
  },
  it: {
    home: '{venue}: prenota un tavolo, consulta il menù e ordina da asporto.',
    menu: 'Il menù di {venue}: piatti, prezzi e allergeni, sempre aggiornati.',
    reservar:
      'Prenota un tavolo da {venue}: scegli giorno, ora e numero di persone e ricevi subito la conferma.',
    'takeaway-delivery': 'Ordina da {venue} da asporto o con consegna a domicilio.',
  },
  gl: {
    home: '{venue}: reserva mesa, consulta a carta e pide para levar.',
    menu: 'A carta de {venue}: pratos, prezos e alérxenos, sempre ao día.',
    reservar:
      'Reserva mesa en {venue}: escolle día, hora e número de persoas e recibe a confirmación ao momento.',
    'takeaway-delivery': 'Pide en {venue} para recoller ou a domicilio.',
  },
  pt: {
    home: '{venue}: reserve mesa, veja a ementa e encomende para levar.',
    menu: 'A ementa de {venue}: pratos, preços e alergénios, sempre atualizados.',
    reservar:
      'Reserve mesa em {venue}: escolha o dia, a hora e o número de pessoas e receba logo a confirmação.',
    'takeaway-delivery': 'Encomende em {venue} para levantar ou com entrega ao domicílio.',
  },
};

/** The page's description in `locale`, with the venue's name in it. */
export function pageDescription(page: IndexablePage, locale: Locale, venueName: string): string {
  return DESCRIPTIONS[locale][page === 'carta' ? 'menu' : page].replaceAll('{venue}', venueName);
}
