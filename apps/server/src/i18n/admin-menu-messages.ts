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
  menu_price_below_zero: {
    es: 'Con sus opciones, «{name}» podría costar {price}, y un plato nunca cuesta menos de 0 €. Sube su precio o rebaja el descuento de la opción.',
    en: 'With its options, “{name}” could cost {price}, and a dish never costs less than €0. Raise its price or lower the option’s discount.',
    de: 'Mit seinen Optionen könnte „{name}“ {price} kosten, und ein Gericht kostet nie weniger als 0 €. Erhöhe seinen Preis oder verringere den Rabatt der Option.',
    fr: 'Avec ses options, « {name} » pourrait coûter {price}, et un plat ne coûte jamais moins de 0 €. Augmentez son prix ou réduisez la remise de l’option.',
    eu: 'Bere aukerekin, «{name}» platerak {price} balio lezake, eta plater batek ez du inoiz 0 € baino gutxiago balio. Igo bere prezioa edo jaitsi aukeraren deskontua.',
    ca: 'Amb les seves opcions, «{name}» podria costar {price}, i un plat mai no costa menys de 0 €. Apuja’n el preu o rebaixa el descompte de l’opció.',
    it: 'Con le sue opzioni, «{name}» potrebbe costare {price}, e un piatto non costa mai meno di 0 €. Alza il suo prezzo o riduci lo sconto dell’opzione.',
    gl: 'Coas súas opcións, «{name}» podería custar {price}, e un prato nunca custa menos de 0 €. Sobe o seu prezo ou rebaixa o desconto da opción.',
    pt: 'Com as suas opções, «{name}» poderia custar {price}, e um prato nunca custa menos de 0 €. Aumente o preço ou reduza o desconto da opção.',
  },
} as const satisfies Record<string, Catalog>;
