import type { Catalog } from './catalog.ts';

/** Server messages of VERI*FACTU records (issue 23, decision 032). Spanish first: they reach the TPV. */
export const FISCAL_MESSAGES = {
  fiscal_clock_behind: {
    es: 'No se puede registrar la factura: la hora del sistema ({now}) va por detrás del último registro fiscal ({last}). Corrige la hora del equipo.',
    en: 'The invoice cannot be recorded: the system time ({now}) is behind the last fiscal record ({last}). Correct the device clock.',
    de: 'Die Rechnung kann nicht erfasst werden: Die Systemzeit ({now}) liegt vor dem letzten Steuerdatensatz ({last}). Bitte die Uhr des Geräts korrigieren.',
    fr: "La facture ne peut pas être enregistrée : l'heure du système ({now}) est antérieure au dernier enregistrement fiscal ({last}). Corrigez l'horloge de l'appareil.",
    eu: 'Ezin da faktura erregistratu: sistemaren ordua ({now}) azken erregistro fiskalaren ({last}) atzetik doa. Zuzendu gailuaren ordua.',
    ca: "No es pot registrar la factura: l'hora del sistema ({now}) va per darrere de l'últim registre fiscal ({last}). Corregeix l'hora de l'equip.",
    it: "Impossibile registrare la fattura: l'ora del sistema ({now}) è indietro rispetto all'ultimo record fiscale ({last}). Correggi l'orologio del dispositivo.",
    gl: 'Non se pode rexistrar a factura: a hora do sistema ({now}) vai por detrás do último rexistro fiscal ({last}). Corrixe a hora do equipo.',
    pt: 'Não é possível registar a fatura: a hora do sistema ({now}) está atrasada em relação ao último registo fiscal ({last}). Corrija o relógio do equipamento.',
  },
  fiscal_chain_broken: {
    es: 'No se puede registrar la factura: el último registro fiscal no cuadra con su huella. Avisa al responsable.',
    en: 'The invoice cannot be recorded: the last fiscal record does not match its hash. Tell the person in charge.',
    de: 'Die Rechnung kann nicht erfasst werden: Der letzte Steuerdatensatz passt nicht zu seinem Hash. Bitte die verantwortliche Person informieren.',
    fr: 'La facture ne peut pas être enregistrée : le dernier enregistrement fiscal ne correspond pas à son empreinte. Prévenez le responsable.',
    eu: 'Ezin da faktura erregistratu: azken erregistro fiskala ez dator bat bere aztarnarekin. Abisatu arduradunari.',
    ca: "No es pot registrar la factura: l'últim registre fiscal no quadra amb la seva empremta. Avisa el responsable.",
    it: "Impossibile registrare la fattura: l'ultimo record fiscale non corrisponde alla sua impronta. Avvisa il responsabile.",
    gl: 'Non se pode rexistrar a factura: o último rexistro fiscal non cadra coa súa pegada. Avisa ao responsable.',
    pt: 'Não é possível registar a fatura: o último registo fiscal não corresponde à sua impressão digital. Avise o responsável.',
  },
  fiscal_invalid_period: {
    es: 'El periodo no es válido: indica from y to como AAAA-MM-DD, con from no posterior a to y como mucho un año.',
    en: 'The period is not valid: give from and to as YYYY-MM-DD, from not after to, one year at most.',
    de: 'Der Zeitraum ist ungültig: from und to als JJJJ-MM-TT angeben, from nicht nach to, höchstens ein Jahr.',
    fr: "La période n'est pas valide : indiquez from et to au format AAAA-MM-JJ, from au plus tard à to, un an au maximum.",
    eu: 'Aldia ez da baliozkoa: adierazi from eta to UUUU-HH-EE gisa, from ez to baino geroago, urtebete gehienez.',
    ca: 'El període no és vàlid: indica from i to com a AAAA-MM-DD, amb from no posterior a to i com a molt un any.',
    it: 'Il periodo non è valido: indica from e to come AAAA-MM-GG, con from non successivo a to e al massimo un anno.',
    gl: 'O período non é válido: indica from e to como AAAA-MM-DD, con from non posterior a to e como moito un ano.',
    pt: 'O período não é válido: indique from e to como AAAA-MM-DD, com from não posterior a to e no máximo um ano.',
  },
} as const satisfies Record<string, Catalog>;
