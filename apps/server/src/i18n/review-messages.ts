import type { Catalog } from './catalog.ts';

/** Server messages of guest reviews and the paid guest's receipt (issue 26 item 6, issue 18 item 6). */
export const REVIEW_MESSAGES = {
  review_not_paid: {
    es: 'Podrás valorar tu visita cuando la cuenta esté pagada.',
    en: 'You can rate your visit once the bill is paid.',
    de: 'Du kannst deinen Besuch bewerten, sobald die Rechnung bezahlt ist.',
    fr: 'Vous pourrez noter votre visite une fois l’addition réglée.',
    eu: 'Kontua ordaindutakoan baloratu ahal izango duzu zure bisita.',
    ca: 'Podràs valorar la teva visita quan el compte estigui pagat.',
    it: 'Potrai valutare la tua visita quando il conto sarà pagato.',
    gl: 'Poderás valorar a túa visita cando a conta estea pagada.',
    pt: 'Poderá avaliar a sua visita quando a conta estiver paga.',
  },
  review_rating_first: {
    es: 'Elige primero una puntuación.',
    en: 'Choose a rating first.',
    de: 'Wähle zuerst eine Bewertung.',
    fr: 'Choisissez d’abord une note.',
    eu: 'Aukeratu lehenik puntuazio bat.',
    ca: 'Tria primer una puntuació.',
    it: 'Scegli prima un punteggio.',
    gl: 'Escolle primeiro unha puntuación.',
    pt: 'Escolha primeiro uma pontuação.',
  },
  receipt_not_paid: {
    es: 'El tique estará disponible cuando la cuenta esté pagada.',
    en: 'The receipt will be available once the bill is paid.',
    de: 'Der Beleg ist verfügbar, sobald die Rechnung bezahlt ist.',
    fr: 'Le ticket sera disponible une fois l’addition réglée.',
    eu: 'Tiketa eskuragarri egongo da kontua ordaindutakoan.',
    ca: 'El tiquet estarà disponible quan el compte estigui pagat.',
    it: 'Lo scontrino sarà disponibile quando il conto sarà pagato.',
    gl: 'O tíquet estará dispoñible cando a conta estea pagada.',
    pt: 'O talão estará disponível quando a conta estiver paga.',
  },
} as const satisfies Record<string, Catalog>;
