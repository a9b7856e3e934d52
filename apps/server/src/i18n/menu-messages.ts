import type { Catalog } from './catalog.ts';

/** Server messages of the guest menu and the commander (issue 6). */
export const MENU_MESSAGES = {
  order_price_below_zero: {
    es: '«{name}» no se puede pedir con estas opciones: costaría menos de 0 €. Avisa al encargado para que revise sus opciones en la carta.',
    en: '“{name}” cannot be ordered with these options: it would cost less than €0. Ask the manager to check its options on the menu.',
    de: '„{name}“ kann mit diesen Optionen nicht bestellt werden: Es würde weniger als 0 € kosten. Bitte die Leitung, seine Optionen in der Karte zu prüfen.',
    fr: '« {name} » ne peut pas être commandé avec ces options : il coûterait moins de 0 €. Demandez au responsable de vérifier ses options sur la carte.',
    eu: '«{name}» ezin da aukera hauekin eskatu: 0 € baino gutxiago balioko luke. Esan arduradunari kartako bere aukerak berrikusteko.',
    ca: '«{name}» no es pot demanar amb aquestes opcions: costaria menys de 0 €. Avisa l’encarregat perquè en revisi les opcions a la carta.',
    it: '«{name}» non si può ordinare con queste opzioni: costerebbe meno di 0 €. Chiedi al responsabile di controllarne le opzioni nel menù.',
    gl: '«{name}» non se pode pedir con estas opcións: custaría menos de 0 €. Avisa o encargado para que revise as súas opcións na carta.',
    pt: '«{name}» não pode ser pedido com estas opções: custaria menos de 0 €. Peça ao responsável que reveja as suas opções na carta.',
  },
} as const satisfies Record<string, Catalog>;
