import type { Catalog } from './catalog.ts';

/** Server messages of the kitchen and bar (issue 7). The complete-menu failure is the spec's (§8). */
export const KITCHEN_MESSAGES = {
  line_state_conflict: {
    es: 'Esta comanda ya ha cambiado de estado en otro dispositivo. Actualiza la pantalla.',
    en: 'This order line has already changed on another device. Refresh the screen.',
    de: 'Diese Bestellposition wurde bereits auf einem anderen Gerät geändert. Aktualisiere die Ansicht.',
    fr: 'Cette ligne de commande a déjà changé sur un autre appareil. Actualise l’écran.',
    eu: 'Eskaera-lerro hau beste gailu batean aldatu da dagoeneko. Freskatu pantaila.',
    ca: 'Aquesta línia de comanda ja ha canviat en un altre dispositiu. Actualitza la pantalla.',
    it: 'Questa riga d’ordine è già cambiata su un altro dispositivo. Aggiorna lo schermo.',
    gl: 'Esta liña de comanda xa cambiou noutro dispositivo. Actualiza a pantalla.',
    pt: 'Esta linha do pedido já mudou noutro dispositivo. Atualiza o ecrã.',
  },
  write_off_needs_discount_role: {
    es: 'Este plato ya está en la cuenta: quitarlo es un descuento y solo puede hacerlo Sala, 1 en Sala, TPV o un administrador.',
    en: 'This dish is already on the bill: taking it off is a discount, which only Sala, 1 en Sala, TPV or an admin may give.',
    de: 'Dieses Gericht steht schon auf der Rechnung: Es zu streichen ist ein Rabatt, den nur Sala, 1 en Sala, TPV oder ein Admin geben darf.',
    fr: 'Ce plat est déjà sur l’addition : le retirer est une remise, que seuls Sala, 1 en Sala, TPV ou un administrateur peuvent accorder.',
    eu: 'Plater hau kontuan dago jada: kentzea deskontu bat da, eta Sala, 1 en Sala, TPV edo administratzaile batek bakarrik egin dezake.',
    ca: 'Aquest plat ja és al compte: treure’l és un descompte i només ho pot fer Sala, 1 en Sala, TPV o un administrador.',
    it: 'Questo piatto è già nel conto: toglierlo è uno sconto, che possono fare solo Sala, 1 en Sala, TPV o un amministratore.',
    gl: 'Este prato xa está na conta: quitalo é un desconto e só pode facelo Sala, 1 en Sala, TPV ou un administrador.',
    pt: 'Este prato já está na conta: retirá-lo é um desconto, que só Sala, 1 en Sala, TPV ou um administrador podem fazer.',
  },
  nothing_to_fire: {
    es: 'No hay ningún pase pendiente de marchar en esta mesa.',
    en: 'There is no held course to fire for this table.',
    de: 'Für diesen Tisch wartet kein Gang auf Abruf.',
    fr: 'Aucun plat en attente à envoyer pour cette table.',
    eu: 'Mahai honetan ez dago bidaltzeko zain dagoen txandarik.',
    ca: 'No hi ha cap plat pendent de marxar en aquesta taula.',
    it: 'Non ci sono portate in attesa da mandare per questo tavolo.',
    gl: 'Non hai ningún pase pendente de marchar nesta mesa.',
    pt: 'Não há nenhum prato em espera para enviar nesta mesa.',
  },
  menu_not_completed: {
    es: 'No se ha podido completar el menu',
    en: 'The menu could not be completed',
    de: 'Das Menü konnte nicht vervollständigt werden',
    fr: 'Le menu n’a pas pu être complété',
    eu: 'Ezin izan da menua osatu',
    ca: 'No s’ha pogut completar el menú',
    it: 'Non è stato possibile completare il menù',
    gl: 'Non se puido completar o menú',
    pt: 'Não foi possível completar o menu',
  },
} as const satisfies Record<string, Catalog>;
