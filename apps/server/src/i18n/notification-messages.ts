import type { Catalog } from './catalog.ts';

/** Server messages of staff notifications (issue 8). */
export const NOTIFICATION_MESSAGES = {
  notification_not_for_role: {
    es: 'Este aviso no es para tu rol.',
    en: 'This notification is not for your role.',
    de: 'Diese Benachrichtigung ist nicht für deine Rolle.',
    fr: "Cette notification n'est pas pour ton rôle.",
    eu: 'Abisu hau ez da zure rolarentzat.',
    ca: 'Aquest avís no és per al teu rol.',
    it: 'Questo avviso non è per il tuo ruolo.',
    gl: 'Este aviso non é para o teu rol.',
    pt: 'Este aviso não é para a tua função.',
  },
} as const satisfies Record<string, Catalog>;
