import type { Catalog } from './catalog.ts';

/** Server messages of the kiosk and the door log (issue 26). */
export const KIOSK_MESSAGES = {
  door_log_period: {
    es: 'El periodo no es válido: la fecha de inicio debe ser anterior a la de fin y abarcar como mucho 31 días.',
    en: 'The period is not valid: the start must come before the end and cover at most 31 days.',
    de: 'Der Zeitraum ist ungültig: Der Beginn muss vor dem Ende liegen und höchstens 31 Tage umfassen.',
    fr: "La période n'est pas valide : le début doit précéder la fin et couvrir 31 jours au plus.",
    eu: 'Epea ez da baliozkoa: hasierak amaiera baino lehenagokoa izan behar du eta gehienez 31 egun hartu.',
    ca: "El període no és vàlid: l'inici ha de ser anterior al final i abastar com a màxim 31 dies.",
    it: "Il periodo non è valido: l'inizio deve precedere la fine e coprire al massimo 31 giorni.",
    gl: 'O período non é válido: o inicio debe ser anterior ao final e abarcar como moito 31 días.',
    pt: 'O período não é válido: o início deve ser anterior ao fim e abranger no máximo 31 dias.',
  },
} as const satisfies Record<string, Catalog>;
