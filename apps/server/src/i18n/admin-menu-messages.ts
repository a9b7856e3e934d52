import type { Catalog } from './catalog.ts';

/** Server messages of the admin menu editor (/ebitdata/carta, decision 060). */
export const ADMIN_MENU_MESSAGES = {
  admin_menu_stale: {
    es: 'Alguien ha cambiado este producto mientras lo editabas. Recarga para ver sus datos y vuelve a guardar.',
    en: 'Someone changed this product while you were editing it. Reload to see its data and save again.',
    de: 'Jemand hat dieses Produkt geändert, während du es bearbeitet hast. Lade neu, um die Daten zu sehen, und speichere erneut.',
    fr: 'Quelqu’un a modifié ce produit pendant que vous le modifiiez. Rechargez pour voir ses données et enregistrez à nouveau.',
    eu: 'Norbaitek produktu hau aldatu du editatzen ari zinen bitartean. Kargatu berriro datuak ikusteko eta gorde berriro.',
    ca: 'Algú ha canviat aquest producte mentre l’editaves. Torna a carregar per veure’n les dades i desa de nou.',
    it: 'Qualcuno ha modificato questo prodotto mentre lo stavi modificando. Ricarica per vederne i dati e salva di nuovo.',
    gl: 'Alguén cambiou este produto mentres o editabas. Recarga para ver os seus datos e garda de novo.',
    pt: 'Alguém alterou este produto enquanto o editava. Recarregue para ver os dados e guarde de novo.',
  },
  admin_menu_invalid: {
    es: 'Revisa los campos marcados.',
    en: 'Check the marked fields.',
    de: 'Prüfe die markierten Felder.',
    fr: 'Vérifiez les champs signalés.',
    eu: 'Berrikusi markatutako eremuak.',
    ca: 'Revisa els camps marcats.',
    it: 'Controlla i campi evidenziati.',
    gl: 'Revisa os campos marcados.',
    pt: 'Reveja os campos assinalados.',
  },
} as const satisfies Record<string, Catalog>;
