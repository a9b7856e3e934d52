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
} as const satisfies Record<string, Catalog>;
