import type { Catalog } from './catalog.ts';

/** Server messages of the admin area (/ebitdata, issue 22). */
export const ADMIN_MESSAGES = {
  admin_address_taken: {
    es: 'Esa dirección ya la usa otro local. Elige otra.',
    en: 'Another venue already uses that address. Choose another one.',
    de: 'Diese Adresse verwendet bereits ein anderes Lokal. Wähle eine andere.',
    fr: 'Un autre établissement utilise déjà cette adresse. Choisissez-en une autre.',
    eu: 'Beste lokal batek erabiltzen du helbide hori. Aukeratu beste bat.',
    ca: 'Aquesta adreça ja la fa servir un altre local. Tria’n una altra.',
    it: 'Un altro locale usa già questo indirizzo. Scegline un altro.',
    gl: 'Ese enderezo xa o usa outro local. Escolle outro.',
    pt: 'Outro estabelecimento já usa esse endereço. Escolha outro.',
  },
  admin_drawer_open_shift: {
    es: 'Este cajón tiene un turno abierto. Ciérralo en la caja antes de quitarlo.',
    en: 'This drawer has an open shift. Close it at the till before removing the drawer.',
    de: 'Diese Kasse hat eine offene Schicht. Schließe sie an der Kasse, bevor du sie entfernst.',
    fr: 'Ce tiroir a un service ouvert. Clôturez-le à la caisse avant de le supprimer.',
    eu: 'Kutxa honek txanda bat irekita du. Itxi kutxan kendu aurretik.',
    ca: 'Aquest calaix té un torn obert. Tanca’l a la caixa abans de treure’l.',
    it: 'Questo cassetto ha un turno aperto. Chiudilo alla cassa prima di rimuoverlo.',
    gl: 'Este caixón ten unha quenda aberta. Péchaa na caixa antes de quitalo.',
    pt: 'Esta gaveta tem um turno aberto. Feche-o na caixa antes de a remover.',
  },
  admin_device_in_use: {
    es: 'Este dispositivo ya aparece en cobros o arqueos, que deben conservarse. Cámbiale el nombre en lugar de quitarlo.',
    en: 'This device already appears in payments or cash counts, which must be kept. Rename it instead of removing it.',
    de: 'Dieses Gerät erscheint bereits in Zahlungen oder Kassenzählungen, die erhalten bleiben müssen. Benenne es um, statt es zu entfernen.',
    fr: 'Cet appareil figure déjà dans des paiements ou des comptages de caisse, qui doivent être conservés. Renommez-le au lieu de le supprimer.',
    eu: 'Gailu hau dagoeneko ordainketetan edo kutxa-kontaketetan agertzen da, eta horiek gorde behar dira. Aldatu izena kendu beharrean.',
    ca: 'Aquest dispositiu ja apareix en cobraments o arqueigs, que s’han de conservar. Canvia-li el nom en lloc de treure’l.',
    it: 'Questo dispositivo compare già in pagamenti o conteggi di cassa, che vanno conservati. Rinominalo invece di rimuoverlo.',
    gl: 'Este dispositivo xa aparece en cobros ou arqueos, que deben conservarse. Cámbialle o nome en vez de quitalo.',
    pt: 'Este dispositivo já aparece em pagamentos ou contagens de caixa, que devem ser conservados. Mude-lhe o nome em vez de o remover.',
  },
} as const satisfies Record<string, Catalog>;
