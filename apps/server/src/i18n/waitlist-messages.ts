import type { Catalog } from './catalog.ts';

/** Server messages of the walk-in waitlist (issue 18 item 9, decision 037). */
export const WAITLIST_MESSAGES = {
  waitlist_not_waiting: {
    es: 'Este grupo ya no está en la lista de espera.',
    en: 'This party is no longer on the waitlist.',
    de: 'Diese Gruppe steht nicht mehr auf der Warteliste.',
    fr: "Ce groupe n'est plus sur la liste d'attente.",
    eu: 'Talde hau ez dago jada itxaron-zerrendan.',
    ca: "Aquest grup ja no és a la llista d'espera.",
    it: "Questo gruppo non è più nella lista d'attesa.",
    gl: 'Este grupo xa non está na lista de espera.',
    pt: 'Este grupo já não está na lista de espera.',
  },
  waitlist_party_too_large: {
    es: 'Ninguna mesa del local sienta a {pax} personas: elige mesas libres para sentarlos.',
    en: 'No table of the venue seats {pax} people: choose free tables to seat them.',
    de: 'Kein Tisch des Lokals bietet {pax} Personen Platz: Wählen Sie freie Tische.',
    fr: 'Aucune table du restaurant ne reçoit {pax} personnes : choisissez des tables libres.',
    eu: 'Lokaleko mahai batean ere ez dira {pax} pertsona esertzen: aukeratu mahai libreak.',
    ca: 'Cap taula del local no asseu {pax} persones: tria taules lliures per asseure-les.',
    it: 'Nessun tavolo del locale ospita {pax} persone: scegli tavoli liberi per farle sedere.',
    gl: 'Ningunha mesa do local senta a {pax} persoas: escolle mesas libres para sentalas.',
    pt: 'Nenhuma mesa do local senta {pax} pessoas: escolha mesas livres para as sentar.',
  },
  waitlist_entry_not_found: {
    es: 'No encontramos a ese grupo en la lista de espera.',
    en: 'That party is not on the waitlist.',
    de: 'Diese Gruppe ist nicht auf der Warteliste.',
    fr: "Ce groupe n'est pas sur la liste d'attente.",
    eu: 'Talde hori ez dago itxaron-zerrendan.',
    ca: "Aquest grup no és a la llista d'espera.",
    it: "Quel gruppo non è nella lista d'attesa.",
    gl: 'Ese grupo non está na lista de espera.',
    pt: 'Esse grupo não está na lista de espera.',
  },
} as const satisfies Record<string, Catalog>;
