import type { Locale } from '@sobremesa/domain';

/**
 * The demo venue's menus: a carta, a drinks menu, a menú del día and breakfast, as a Spanish restaurant would
 * print them. Data only; demo-seed.ts inserts it. Prices are VAT-included cents.
 */

/** A text in all nine languages (menus, categories, dish classes). */
export type AllLocales = Record<Locale, string>;
/** A text in Spanish and English at least (products, options). */
export type SomeLocales = Partial<Record<Locale, string>> & { es: string; en: string };

/** 10 % for food and soft drinks, 21 % for alcohol, as the venue configures (issue on bills). */
export const FOOD_VAT_BP = 1000;
export const ALCOHOL_VAT_BP = 2100;

/** Codes of the allergens table (EU Regulation 1169/2011 annex II). */
export type AllergenCode =
  | 'gluten'
  | 'crustaceans'
  | 'eggs'
  | 'fish'
  | 'peanuts'
  | 'soybeans'
  | 'milk'
  | 'nuts'
  | 'celery'
  | 'mustard'
  | 'sesame'
  | 'sulphites'
  | 'lupin'
  | 'molluscs';

export type DishClassKey = 'bebidas' | 'primeros' | 'segundos' | 'postres';

export const DEMO_DISH_CLASSES: readonly { key: DishClassKey; name: AllLocales }[] = [
  {
    key: 'bebidas',
    name: {
      es: 'Bebidas',
      en: 'Drinks',
      de: 'Getränke',
      fr: 'Boissons',
      eu: 'Edariak',
      ca: 'Begudes',
      it: 'Bevande',
      gl: 'Bebidas',
      pt: 'Bebidas',
    },
  },
  {
    key: 'primeros',
    name: {
      es: 'Primeros',
      en: 'First courses',
      de: 'Vorspeisen',
      fr: 'Entrées',
      eu: 'Lehen platerak',
      ca: 'Primers',
      it: 'Primi',
      gl: 'Primeiros',
      pt: 'Primeiros pratos',
    },
  },
  {
    key: 'segundos',
    name: {
      es: 'Segundos',
      en: 'Main courses',
      de: 'Hauptgerichte',
      fr: 'Plats principaux',
      eu: 'Bigarren platerak',
      ca: 'Segons',
      it: 'Secondi',
      gl: 'Segundos',
      pt: 'Pratos principais',
    },
  },
  {
    key: 'postres',
    name: {
      es: 'Postres',
      en: 'Desserts',
      de: 'Desserts',
      fr: 'Desserts',
      eu: 'Postreak',
      ca: 'Postres',
      it: 'Dolci',
      gl: 'Sobremesas',
      pt: 'Sobremesas',
    },
  },
];

/** Elaboration stations by key; the venue data (demo-venue.ts) defines them. */
export type StationKey = 'fogones' | 'parrilla' | 'cuarto-frio' | 'obrador' | 'barra' | 'cafetera';

export type OptionTypeKey =
  | 'punto-carne'
  | 'guarnicion'
  | 'salsa'
  | 'extras-hamburguesa'
  | 'punto-tortilla'
  | 'tamano-cerveza'
  | 'tamano-agua'
  | 'tamano-zumo'
  | 'formato-vino'
  | 'tipo-leche'
  | 'ginebra'
  | 'pan-tostada'
  | 'untar-tostada'
  | 'extras-tostada'
  | 'cafe-desayuno'
  | 'leche-desayuno'
  | 'zumo-desayuno';

export interface DemoOptionType {
  readonly key: OptionTypeKey;
  readonly name: SomeLocales;
  readonly minChoices: number;
  readonly maxChoices: number;
  readonly options: readonly { name: SomeLocales; priceModifierCents: number }[];
}

export const DEMO_OPTION_TYPES: readonly DemoOptionType[] = [
  {
    key: 'punto-carne',
    name: { es: 'Punto de la carne', en: 'How would you like it cooked?', fr: 'Cuisson', de: 'Garstufe' },
    minChoices: 1,
    maxChoices: 1,
    options: [
      { name: { es: 'Poco hecha', en: 'Rare', fr: 'Saignant', de: 'Blutig' }, priceModifierCents: 0 },
      { name: { es: 'Al punto', en: 'Medium', fr: 'À point', de: 'Medium' }, priceModifierCents: 0 },
      { name: { es: 'Hecha', en: 'Well done', fr: 'Bien cuit', de: 'Durchgebraten' }, priceModifierCents: 0 },
    ],
  },
  {
    key: 'guarnicion',
    name: { es: 'Guarnición', en: 'Side', fr: 'Accompagnement', de: 'Beilage' },
    minChoices: 1,
    maxChoices: 1,
    options: [
      {
        name: { es: 'Patatas fritas', en: 'Chips', fr: 'Frites', de: 'Pommes frites' },
        priceModifierCents: 0,
      },
      {
        name: { es: 'Ensalada verde', en: 'Green salad', fr: 'Salade verte', de: 'Grüner Salat' },
        priceModifierCents: 0,
      },
      {
        name: {
          es: 'Pimientos de Padrón',
          en: 'Padrón peppers',
          fr: 'Piments de Padrón',
          de: 'Padrón-Paprika',
        },
        priceModifierCents: 150,
      },
    ],
  },
  {
    key: 'salsa',
    name: { es: 'Salsa', en: 'Sauce', fr: 'Sauce', de: 'Soße' },
    minChoices: 0,
    maxChoices: 1,
    options: [
      {
        name: { es: 'A la pimienta', en: 'Pepper sauce', fr: 'Au poivre', de: 'Pfeffersoße' },
        priceModifierCents: 150,
      },
      {
        name: { es: 'Al roquefort', en: 'Roquefort sauce', fr: 'Au roquefort', de: 'Roquefortsoße' },
        priceModifierCents: 150,
      },
    ],
  },
  {
    key: 'extras-hamburguesa',
    name: { es: 'Extras', en: 'Extras', fr: 'Suppléments', de: 'Extras' },
    minChoices: 0,
    maxChoices: 3,
    options: [
      { name: { es: 'Bacon', en: 'Bacon', fr: 'Bacon', de: 'Speck' }, priceModifierCents: 150 },
      {
        name: { es: 'Huevo frito', en: 'Fried egg', fr: 'Œuf au plat', de: 'Spiegelei' },
        priceModifierCents: 100,
      },
      {
        name: { es: 'Queso extra', en: 'Extra cheese', fr: 'Supplément fromage', de: 'Extra Käse' },
        priceModifierCents: 100,
      },
    ],
  },
  {
    key: 'punto-tortilla',
    name: {
      es: 'Punto de la tortilla',
      en: 'Omelette texture',
      fr: "Cuisson de l'omelette",
      de: 'Garstufe der Tortilla',
    },
    minChoices: 1,
    maxChoices: 1,
    options: [
      { name: { es: 'Jugosa', en: 'Runny', fr: 'Baveuse', de: 'Saftig' }, priceModifierCents: 0 },
      { name: { es: 'Cuajada', en: 'Set', fr: 'Bien prise', de: 'Durchgegart' }, priceModifierCents: 0 },
    ],
  },
  {
    key: 'tamano-cerveza',
    name: { es: 'Tamaño', en: 'Size', fr: 'Taille', de: 'Größe' },
    minChoices: 1,
    maxChoices: 1,
    options: [
      {
        name: { es: 'Caña', en: 'Small (20 cl)', fr: 'Demi (20 cl)', de: 'Klein (0,2 l)' },
        priceModifierCents: 0,
      },
      {
        name: { es: 'Doble', en: 'Large (33 cl)', fr: 'Grand (33 cl)', de: 'Groß (0,33 l)' },
        priceModifierCents: 100,
      },
      {
        name: { es: 'Jarra', en: 'Pint (50 cl)', fr: 'Chope (50 cl)', de: 'Krug (0,5 l)' },
        priceModifierCents: 250,
      },
    ],
  },
  {
    key: 'tamano-agua',
    name: {
      es: 'Tamaño de la botella',
      en: 'Bottle size',
      fr: 'Taille de la bouteille',
      de: 'Flaschengröße',
    },
    minChoices: 1,
    maxChoices: 1,
    options: [
      { name: { es: '50 cl', en: '50 cl', fr: '50 cl', de: '0,5 l' }, priceModifierCents: 0 },
      { name: { es: '1 litro', en: '1 litre', fr: '1 litre', de: '1 Liter' }, priceModifierCents: 150 },
    ],
  },
  {
    key: 'tamano-zumo',
    name: { es: 'Tamaño', en: 'Size', fr: 'Taille', de: 'Größe' },
    minChoices: 1,
    maxChoices: 1,
    options: [
      { name: { es: 'Pequeño', en: 'Small', fr: 'Petit', de: 'Klein' }, priceModifierCents: 0 },
      { name: { es: 'Grande', en: 'Large', fr: 'Grand', de: 'Groß' }, priceModifierCents: 150 },
    ],
  },
  {
    key: 'formato-vino',
    name: { es: 'Formato', en: 'Serving', fr: 'Format', de: 'Ausschank' },
    minChoices: 1,
    maxChoices: 1,
    options: [
      { name: { es: 'Copa', en: 'Glass', fr: 'Verre', de: 'Glas' }, priceModifierCents: 0 },
      { name: { es: 'Botella', en: 'Bottle', fr: 'Bouteille', de: 'Flasche' }, priceModifierCents: 1500 },
    ],
  },
  {
    key: 'tipo-leche',
    name: { es: 'Leche', en: 'Milk', fr: 'Lait', de: 'Milch' },
    minChoices: 1,
    maxChoices: 1,
    options: [
      { name: { es: 'Entera', en: 'Whole', fr: 'Entier', de: 'Vollmilch' }, priceModifierCents: 0 },
      { name: { es: 'Desnatada', en: 'Skimmed', fr: 'Écrémé', de: 'Magermilch' }, priceModifierCents: 0 },
      {
        name: { es: 'Sin lactosa', en: 'Lactose-free', fr: 'Sans lactose', de: 'Laktosefrei' },
        priceModifierCents: 0,
      },
      { name: { es: 'De avena', en: 'Oat', fr: "D'avoine", de: 'Hafermilch' }, priceModifierCents: 30 },
    ],
  },
  {
    key: 'ginebra',
    name: { es: 'Ginebra', en: 'Gin', fr: 'Gin', de: 'Gin' },
    minChoices: 1,
    maxChoices: 1,
    options: [
      { name: { es: 'Beefeater', en: 'Beefeater' }, priceModifierCents: 0 },
      { name: { es: 'Tanqueray Ten', en: 'Tanqueray Ten' }, priceModifierCents: 250 },
      { name: { es: "Hendrick's", en: "Hendrick's" }, priceModifierCents: 300 },
    ],
  },
  {
    key: 'pan-tostada',
    name: {
      es: 'Pan',
      en: 'Bread',
      de: 'Brot',
      fr: 'Pain',
      eu: 'Ogia',
      ca: 'Pa',
      it: 'Pane',
      gl: 'Pan',
      pt: 'Pão',
    },
    minChoices: 1,
    maxChoices: 1,
    options: [
      {
        name: {
          es: 'Blanco',
          en: 'White',
          de: 'Weißbrot',
          fr: 'Blanc',
          eu: 'Zuria',
          ca: 'Blanc',
          it: 'Bianco',
          gl: 'Branco',
          pt: 'Branco',
        },
        priceModifierCents: 0,
      },
      {
        name: {
          es: 'Integral',
          en: 'Wholemeal',
          de: 'Vollkorn',
          fr: 'Complet',
          eu: 'Osoa',
          ca: 'Integral',
          it: 'Integrale',
          gl: 'Integral',
          pt: 'Integral',
        },
        priceModifierCents: 0,
      },
      {
        name: {
          es: 'Sin gluten',
          en: 'Gluten-free',
          de: 'Glutenfrei',
          fr: 'Sans gluten',
          eu: 'Glutenik gabe',
          ca: 'Sense gluten',
          it: 'Senza glutine',
          gl: 'Sen glute',
          pt: 'Sem glúten',
        },
        priceModifierCents: 50,
      },
    ],
  },
  {
    key: 'untar-tostada',
    name: {
      es: 'Para untar',
      en: 'Topping',
      de: 'Belag',
      fr: 'Garniture',
      eu: 'Gainekoa',
      ca: 'Per untar',
      it: 'Da spalmare',
      gl: 'Para untar',
      pt: 'Para barrar',
    },
    minChoices: 1,
    maxChoices: 1,
    options: [
      {
        name: {
          es: 'Tomate y aceite',
          en: 'Tomato and olive oil',
          de: 'Tomate und Olivenöl',
          fr: "Tomate et huile d'olive",
          eu: 'Tomatea eta olioa',
          ca: 'Tomàquet i oli',
          it: 'Pomodoro e olio',
          gl: 'Tomate e aceite',
          pt: 'Tomate e azeite',
        },
        priceModifierCents: 0,
      },
      {
        name: {
          es: 'Mantequilla y mermelada',
          en: 'Butter and jam',
          de: 'Butter und Marmelade',
          fr: 'Beurre et confiture',
          eu: 'Gurina eta marmelada',
          ca: 'Mantega i melmelada',
          it: 'Burro e marmellata',
          gl: 'Manteiga e marmelada',
          pt: 'Manteiga e compota',
        },
        priceModifierCents: 0,
      },
      {
        name: {
          es: 'Tomate y jamón',
          en: 'Tomato and ham',
          de: 'Tomate und Schinken',
          fr: 'Tomate et jambon',
          eu: 'Tomatea eta urdaiazpikoa',
          ca: 'Tomàquet i pernil',
          it: 'Pomodoro e prosciutto',
          gl: 'Tomate e xamón',
          pt: 'Tomate e presunto',
        },
        priceModifierCents: 150,
      },
    ],
  },
  {
    key: 'extras-tostada',
    name: {
      es: 'Extras',
      en: 'Extras',
      de: 'Extras',
      fr: 'Suppléments',
      eu: 'Gehigarriak',
      ca: 'Extres',
      it: 'Extra',
      gl: 'Extras',
      pt: 'Extras',
    },
    minChoices: 0,
    maxChoices: 2,
    options: [
      {
        name: {
          es: 'Aguacate',
          en: 'Avocado',
          de: 'Avocado',
          fr: 'Avocat',
          eu: 'Ahuakatea',
          ca: 'Alvocat',
          it: 'Avocado',
          gl: 'Aguacate',
          pt: 'Abacate',
        },
        priceModifierCents: 120,
      },
      {
        name: {
          es: 'Huevo a la plancha',
          en: 'Griddled egg',
          de: 'Gebratenes Ei',
          fr: 'Œuf à la plancha',
          eu: 'Arrautza plantxan',
          ca: 'Ou a la planxa',
          it: 'Uovo alla piastra',
          gl: 'Ovo á prancha',
          pt: 'Ovo grelhado',
        },
        priceModifierCents: 100,
      },
    ],
  },
  {
    key: 'cafe-desayuno',
    name: {
      es: 'Café',
      en: 'Coffee',
      de: 'Kaffee',
      fr: 'Café',
      eu: 'Kafea',
      ca: 'Cafè',
      it: 'Caffè',
      gl: 'Café',
      pt: 'Café',
    },
    minChoices: 1,
    maxChoices: 1,
    options: [
      {
        name: {
          es: 'Solo',
          en: 'Espresso',
          de: 'Espresso',
          fr: 'Expresso',
          eu: 'Hutsa',
          ca: 'Sol',
          it: 'Espresso',
          gl: 'Só',
          pt: 'Expresso',
        },
        priceModifierCents: 0,
      },
      {
        name: {
          es: 'Cortado',
          en: 'Cortado (with a dash of milk)',
          de: 'Cortado (mit etwas Milch)',
          fr: 'Noisette',
          eu: 'Ebakia',
          ca: 'Tallat',
          it: 'Macchiato',
          gl: 'Cortado',
          pt: 'Pingo',
        },
        priceModifierCents: 0,
      },
      {
        name: {
          es: 'Con leche',
          en: 'White coffee',
          de: 'Milchkaffee',
          fr: 'Café au lait',
          eu: 'Esnearekin',
          ca: 'Amb llet',
          it: 'Caffellatte',
          gl: 'Con leite',
          pt: 'Com leite',
        },
        priceModifierCents: 0,
      },
    ],
  },
  {
    key: 'leche-desayuno',
    name: {
      es: 'Leche',
      en: 'Milk',
      de: 'Milch',
      fr: 'Lait',
      eu: 'Esnea',
      ca: 'Llet',
      it: 'Latte',
      gl: 'Leite',
      pt: 'Leite',
    },
    minChoices: 0,
    maxChoices: 1,
    options: [
      {
        name: {
          es: 'Entera',
          en: 'Whole',
          de: 'Vollmilch',
          fr: 'Entier',
          eu: 'Osoa',
          ca: 'Sencera',
          it: 'Intero',
          gl: 'Enteira',
          pt: 'Gordo',
        },
        priceModifierCents: 0,
      },
      {
        name: {
          es: 'Desnatada',
          en: 'Skimmed',
          de: 'Magermilch',
          fr: 'Écrémé',
          eu: 'Gaingabetua',
          ca: 'Desnatada',
          it: 'Scremato',
          gl: 'Desnatado',
          pt: 'Magro',
        },
        priceModifierCents: 0,
      },
      {
        name: {
          es: 'De avena',
          en: 'Oat',
          de: 'Hafermilch',
          fr: "D'avoine",
          eu: 'Oloa',
          ca: 'De civada',
          it: 'Di avena',
          gl: 'De avea',
          pt: 'De aveia',
        },
        priceModifierCents: 30,
      },
    ],
  },
  {
    key: 'zumo-desayuno',
    name: {
      es: 'Zumo',
      en: 'Juice',
      de: 'Saft',
      fr: 'Jus',
      eu: 'Zukua',
      ca: 'Suc',
      it: 'Succo',
      gl: 'Zume',
      pt: 'Sumo',
    },
    minChoices: 0,
    maxChoices: 1,
    options: [
      {
        name: {
          es: 'Naranja natural',
          en: 'Fresh orange juice',
          de: 'Frisch gepresster Orangensaft',
          fr: "Jus d'orange pressée",
          eu: 'Laranja zuku naturala',
          ca: 'Suc de taronja natural',
          it: "Spremuta d'arancia",
          gl: 'Zume de laranxa natural',
          pt: 'Sumo de laranja natural',
        },
        priceModifierCents: 150,
      },
    ],
  },
];

export type CategoryKey =
  | 'entrantes'
  | 'ensaladas'
  | 'arroces'
  | 'pescados'
  | 'carnes'
  | 'postres'
  | 'refrescos'
  | 'cervezas'
  | 'vinos'
  | 'cafes'
  | 'vermut'
  | 'menu-del-dia'
  | 'desayunos';

export interface DemoMenu {
  readonly name: AllLocales;
  readonly menuTypeName: string;
  readonly isDayMenu: boolean;
  /** Staff screens list drinks first (the bar opens every table); guests see food first. */
  readonly sortOrder: number;
  readonly sortOrderCustomer: number;
  readonly categories: readonly { key: CategoryKey; name: AllLocales }[];
}

export const DEMO_MENUS: readonly DemoMenu[] = [
  {
    name: {
      es: 'Carta',
      en: 'À la carte',
      de: 'Speisekarte',
      fr: 'La carte',
      eu: 'Karta',
      ca: 'Carta',
      it: 'Menù alla carta',
      gl: 'Carta',
      pt: 'Ementa',
    },
    menuTypeName: 'carta',
    isDayMenu: false,
    sortOrder: 2,
    sortOrderCustomer: 1,
    categories: [
      {
        key: 'entrantes',
        name: {
          es: 'Entrantes y raciones',
          en: 'Starters and sharing plates',
          de: 'Vorspeisen und Raciones',
          fr: 'Entrées et plats à partager',
          eu: 'Sarrerak eta errazioak',
          ca: 'Entrants i racions',
          it: 'Antipasti e porzioni',
          gl: 'Entrantes e racións',
          pt: 'Entradas e porções',
        },
      },
      {
        key: 'ensaladas',
        name: {
          es: 'Ensaladas y platos fríos',
          en: 'Salads and cold dishes',
          de: 'Salate und kalte Gerichte',
          fr: 'Salades et plats froids',
          eu: 'Entsaladak eta plater hotzak',
          ca: 'Amanides i plats freds',
          it: 'Insalate e piatti freddi',
          gl: 'Ensaladas e pratos fríos',
          pt: 'Saladas e pratos frios',
        },
      },
      {
        key: 'arroces',
        name: {
          es: 'Arroces (mínimo 2 personas)',
          en: 'Rice dishes (for 2 or more)',
          de: 'Reisgerichte (ab 2 Personen)',
          fr: 'Riz (2 personnes minimum)',
          eu: 'Arrozak (gutxienez 2 lagun)',
          ca: 'Arrossos (mínim 2 persones)',
          it: 'Risi (minimo 2 persone)',
          gl: 'Arroces (mínimo 2 persoas)',
          pt: 'Arrozes (mínimo 2 pessoas)',
        },
      },
      {
        key: 'pescados',
        name: {
          es: 'Pescados',
          en: 'Fish',
          de: 'Fisch',
          fr: 'Poissons',
          eu: 'Arrainak',
          ca: 'Peixos',
          it: 'Pesce',
          gl: 'Peixes',
          pt: 'Peixe',
        },
      },
      {
        key: 'carnes',
        name: {
          es: 'Carnes',
          en: 'Meat',
          de: 'Fleisch',
          fr: 'Viandes',
          eu: 'Haragiak',
          ca: 'Carns',
          it: 'Carni',
          gl: 'Carnes',
          pt: 'Carnes',
        },
      },
      {
        key: 'postres',
        name: {
          es: 'Postres caseros',
          en: 'Homemade desserts',
          de: 'Hausgemachte Desserts',
          fr: 'Desserts maison',
          eu: 'Etxeko postreak',
          ca: 'Postres casolanes',
          it: 'Dolci fatti in casa',
          gl: 'Sobremesas caseiras',
          pt: 'Sobremesas caseiras',
        },
      },
    ],
  },
  {
    name: {
      es: 'Bebidas',
      en: 'Drinks',
      de: 'Getränke',
      fr: 'Boissons',
      eu: 'Edariak',
      ca: 'Begudes',
      it: 'Bevande',
      gl: 'Bebidas',
      pt: 'Bebidas',
    },
    menuTypeName: 'bebida',
    isDayMenu: false,
    sortOrder: 1,
    sortOrderCustomer: 3,
    categories: [
      {
        key: 'refrescos',
        name: {
          es: 'Refrescos y aguas',
          en: 'Soft drinks and water',
          de: 'Erfrischungsgetränke und Wasser',
          fr: 'Sodas et eaux',
          eu: 'Freskagarriak eta urak',
          ca: 'Refrescos i aigües',
          it: 'Bibite e acque',
          gl: 'Refrescos e augas',
          pt: 'Refrigerantes e águas',
        },
      },
      {
        key: 'cervezas',
        name: {
          es: 'Cervezas',
          en: 'Beers',
          de: 'Biere',
          fr: 'Bières',
          eu: 'Garagardoak',
          ca: 'Cerveses',
          it: 'Birre',
          gl: 'Cervexas',
          pt: 'Cervejas',
        },
      },
      {
        key: 'vinos',
        name: {
          es: 'Vinos',
          en: 'Wines',
          de: 'Weine',
          fr: 'Vins',
          eu: 'Ardoak',
          ca: 'Vins',
          it: 'Vini',
          gl: 'Viños',
          pt: 'Vinhos',
        },
      },
      {
        key: 'vermut',
        name: {
          es: 'Vermut, cócteles y licores',
          en: 'Vermouth, cocktails and liqueurs',
          de: 'Wermut, Cocktails und Liköre',
          fr: 'Vermouth, cocktails et liqueurs',
          eu: 'Bermuta, koktelak eta likoreak',
          ca: 'Vermut, còctels i licors',
          it: 'Vermut, cocktail e liquori',
          gl: 'Vermú, cócteles e licores',
          pt: 'Vermute, cocktails e licores',
        },
      },
      {
        key: 'cafes',
        name: {
          es: 'Cafés e infusiones',
          en: 'Coffee and tea',
          de: 'Kaffee und Tee',
          fr: 'Cafés et infusions',
          eu: 'Kafeak eta infusioak',
          ca: 'Cafès i infusions',
          it: 'Caffè e tisane',
          gl: 'Cafés e infusións',
          pt: 'Cafés e infusões',
        },
      },
    ],
  },
  {
    name: {
      es: 'Menú del día',
      en: 'Set menu of the day',
      de: 'Tagesmenü',
      fr: 'Menu du jour',
      eu: 'Eguneko menua',
      ca: 'Menú del dia',
      it: 'Menù del giorno',
      gl: 'Menú do día',
      pt: 'Menu do dia',
    },
    menuTypeName: 'menu del dia',
    isDayMenu: true,
    sortOrder: 3,
    sortOrderCustomer: 2,
    categories: [
      {
        key: 'menu-del-dia',
        name: {
          es: 'Menú del día: primero, segundo, postre o café, pan y bebida',
          en: 'Set menu: first course, main course, dessert or coffee, bread and a drink',
          de: 'Tagesmenü: Vorspeise, Hauptgericht, Dessert oder Kaffee, Brot und ein Getränk',
          fr: 'Menu du jour : entrée, plat, dessert ou café, pain et boisson',
          eu: 'Eguneko menua: lehena, bigarrena, postrea edo kafea, ogia eta edaria',
          ca: 'Menú del dia: primer, segon, postres o cafè, pa i beguda',
          it: 'Menù del giorno: primo, secondo, dolce o caffè, pane e bevanda',
          gl: 'Menú do día: primeiro, segundo, sobremesa ou café, pan e bebida',
          pt: 'Menu do dia: entrada, prato principal, sobremesa ou café, pão e bebida',
        },
      },
    ],
  },
  {
    name: {
      es: 'Desayunos',
      en: 'Breakfast',
      de: 'Frühstück',
      fr: 'Petit-déjeuner',
      eu: 'Gosariak',
      ca: 'Esmorzars',
      it: 'Colazioni',
      gl: 'Almorzos',
      pt: 'Pequenos-almoços',
    },
    // Decision 058: a menu of this type is breakfast, and its dishes with options open the commander's
    // step-by-step breakfast overlay.
    menuTypeName: 'desayuno',
    isDayMenu: false,
    sortOrder: 4,
    sortOrderCustomer: 4,
    categories: [
      {
        key: 'desayunos',
        name: {
          es: 'Tostadas y desayunos',
          en: 'Toast and breakfasts',
          de: 'Toast und Frühstück',
          fr: 'Tartines et petits-déjeuners',
          eu: 'Ogi txigortuak eta gosariak',
          ca: 'Torrades i esmorzars',
          it: 'Pane tostato e colazioni',
          gl: 'Torradas e almorzos',
          pt: 'Torradas e pequenos-almoços',
        },
      },
    ],
  },
];

export interface DemoProduct {
  readonly sku: string;
  readonly name: SomeLocales;
  readonly description?: SomeLocales;
  /** Categories it is listed in; none for dishes offered only inside the menú del día. */
  readonly categories: readonly CategoryKey[];
  readonly priceCents: number;
  readonly vatRateBp: number;
  readonly type: 'comida' | 'bebida';
  /** The course it is fired with; none for the menú del día itself (its dishes carry theirs). */
  readonly dishClass: DishClassKey | null;
  readonly stations: readonly StationKey[];
  readonly allergens: readonly AllergenCode[];
  readonly traces?: readonly AllergenCode[];
  readonly options?: readonly OptionTypeKey[];
  /** Sold by the piece or per person: starts at `min`, grows by `increment`. */
  readonly unitary?: { min: number; increment: number };
  readonly shareable?: boolean;
  readonly topChoice?: boolean;
  readonly isMenu?: boolean;
  readonly visible?: boolean;
}

const food = { vatRateBp: FOOD_VAT_BP, type: 'comida' } as const;
const softDrink = { vatRateBp: FOOD_VAT_BP, type: 'bebida', dishClass: 'bebidas' } as const;
const alcohol = { vatRateBp: ALCOHOL_VAT_BP, type: 'bebida', dishClass: 'bebidas' } as const;

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  // Entrantes y raciones
  {
    sku: 'ENT-01',
    name: {
      es: 'Croquetas de jamón ibérico',
      en: 'Iberian ham croquettes',
      fr: 'Croquettes au jambon ibérique',
    },
    description: {
      es: 'Caseras, de bechamel cremosa. Precio por unidad, mínimo 4.',
      en: 'Homemade with a creamy béchamel. Price per piece, 4 minimum.',
    },
    categories: ['entrantes'],
    priceCents: 200,
    ...food,
    dishClass: 'primeros',
    stations: ['fogones'],
    allergens: ['gluten', 'milk', 'eggs'],
    unitary: { min: 4, increment: 1 },
    shareable: true,
    topChoice: true,
  },
  {
    sku: 'ENT-02',
    name: { es: 'Patatas bravas', en: 'Patatas bravas (spicy potatoes)' },
    categories: ['entrantes'],
    priceCents: 650,
    ...food,
    dishClass: 'primeros',
    stations: ['fogones'],
    allergens: ['eggs'],
    shareable: true,
  },
  {
    sku: 'ENT-03',
    name: { es: 'Pimientos de Padrón', en: 'Padrón peppers' },
    categories: ['entrantes'],
    priceCents: 750,
    ...food,
    dishClass: 'primeros',
    stations: ['fogones'],
    allergens: [],
    shareable: true,
  },
  {
    sku: 'ENT-04',
    name: { es: 'Jamón ibérico de bellota', en: 'Acorn-fed Iberian ham' },
    description: { es: 'Cortado a cuchillo, con pan con tomate.', en: 'Hand-carved, with tomato bread.' },
    categories: ['entrantes'],
    priceCents: 2400,
    ...food,
    dishClass: 'primeros',
    stations: ['cuarto-frio'],
    allergens: ['gluten'],
    shareable: true,
    topChoice: true,
  },
  {
    sku: 'ENT-05',
    name: { es: 'Tabla de quesos manchegos', en: 'Manchego cheese board' },
    categories: ['entrantes'],
    priceCents: 1600,
    ...food,
    dishClass: 'primeros',
    stations: ['cuarto-frio'],
    allergens: ['milk'],
    traces: ['nuts'],
    shareable: true,
  },
  {
    sku: 'ENT-06',
    name: { es: 'Pulpo a la gallega', en: 'Galician-style octopus' },
    categories: ['entrantes'],
    priceCents: 2200,
    ...food,
    dishClass: 'primeros',
    stations: ['fogones'],
    allergens: ['molluscs'],
    shareable: true,
  },
  {
    sku: 'ENT-07',
    name: { es: 'Gambas al ajillo', en: 'Garlic prawns' },
    categories: ['entrantes'],
    priceCents: 1700,
    ...food,
    dishClass: 'primeros',
    stations: ['fogones'],
    allergens: ['crustaceans'],
    shareable: true,
  },
  {
    sku: 'ENT-08',
    name: { es: 'Calamares a la andaluza', en: 'Andalusian-style fried squid' },
    categories: ['entrantes'],
    priceCents: 1400,
    ...food,
    dishClass: 'primeros',
    stations: ['fogones'],
    allergens: ['molluscs', 'gluten'],
    shareable: true,
  },
  {
    sku: 'ENT-09',
    name: { es: 'Tortilla de patatas', en: 'Spanish potato omelette' },
    categories: ['entrantes'],
    priceCents: 900,
    ...food,
    dishClass: 'primeros',
    stations: ['fogones'],
    allergens: ['eggs'],
    options: ['punto-tortilla'],
    shareable: true,
  },
  {
    sku: 'ENT-10',
    name: { es: 'Boquerones en vinagre', en: 'Anchovies marinated in vinegar' },
    categories: ['entrantes'],
    priceCents: 950,
    ...food,
    dishClass: 'primeros',
    stations: ['cuarto-frio'],
    allergens: ['fish', 'sulphites'],
    shareable: true,
  },
  {
    sku: 'ENT-11',
    name: { es: 'Altramuces', en: 'Lupin beans (altramuces)' },
    description: { es: 'La tapa de siempre, en salmuera.', en: 'The classic bar snack, in brine.' },
    categories: ['entrantes'],
    priceCents: 300,
    ...food,
    dishClass: 'primeros',
    stations: ['barra'],
    allergens: ['lupin'],
    shareable: true,
  },
  // Ensaladas y platos fríos
  {
    sku: 'ENS-01',
    name: { es: 'Ensalada mixta', en: 'Mixed salad with tuna and egg' },
    categories: ['ensaladas'],
    priceCents: 900,
    ...food,
    dishClass: 'primeros',
    stations: ['cuarto-frio'],
    allergens: ['eggs', 'fish'],
  },
  {
    sku: 'ENS-02',
    name: { es: 'Salmorejo cordobés', en: 'Salmorejo (cold tomato soup from Córdoba)' },
    categories: ['ensaladas'],
    priceCents: 800,
    ...food,
    dishClass: 'primeros',
    stations: ['cuarto-frio'],
    allergens: ['gluten', 'eggs'],
  },
  {
    sku: 'ENS-03',
    name: { es: 'Burrata con tomate de temporada', en: 'Burrata with seasonal tomatoes' },
    categories: ['ensaladas'],
    priceCents: 1300,
    ...food,
    dishClass: 'primeros',
    stations: ['cuarto-frio'],
    allergens: ['milk', 'nuts'],
  },
  {
    sku: 'ENS-04',
    name: { es: 'Ensaladilla rusa', en: 'Russian salad' },
    categories: ['ensaladas'],
    priceCents: 850,
    ...food,
    dishClass: 'primeros',
    stations: ['cuarto-frio'],
    allergens: ['eggs', 'fish'],
    shareable: true,
  },
  // Arroces
  {
    sku: 'ARR-01',
    name: { es: 'Paella valenciana', en: 'Valencian paella with chicken and rabbit' },
    description: { es: 'Precio por persona.', en: 'Price per person.' },
    categories: ['arroces'],
    priceCents: 1800,
    ...food,
    dishClass: 'segundos',
    stations: ['fogones'],
    allergens: ['celery'],
    unitary: { min: 2, increment: 1 },
  },
  {
    sku: 'ARR-02',
    name: { es: 'Arroz negro con alioli', en: 'Black rice with aioli' },
    description: { es: 'Precio por persona.', en: 'Price per person.' },
    categories: ['arroces'],
    priceCents: 1900,
    ...food,
    dishClass: 'segundos',
    stations: ['fogones'],
    allergens: ['molluscs', 'crustaceans', 'fish', 'eggs'],
    unitary: { min: 2, increment: 1 },
  },
  {
    sku: 'ARR-03',
    name: { es: 'Arroz caldoso con bogavante', en: 'Soupy rice with lobster' },
    description: { es: 'Precio por persona.', en: 'Price per person.' },
    categories: ['arroces'],
    priceCents: 2800,
    ...food,
    dishClass: 'segundos',
    stations: ['fogones'],
    allergens: ['crustaceans', 'fish', 'celery'],
    unitary: { min: 2, increment: 1 },
  },
  // Pescados
  {
    sku: 'PES-01',
    name: { es: 'Merluza a la vasca', en: 'Basque-style hake with clams' },
    categories: ['pescados'],
    priceCents: 2100,
    ...food,
    dishClass: 'segundos',
    stations: ['fogones'],
    allergens: ['fish', 'molluscs', 'gluten'],
  },
  {
    sku: 'PES-02',
    name: { es: 'Bacalao al pil-pil', en: 'Cod pil-pil' },
    categories: ['pescados'],
    priceCents: 2300,
    ...food,
    dishClass: 'segundos',
    stations: ['fogones'],
    allergens: ['fish'],
  },
  {
    sku: 'PES-03',
    name: { es: 'Lubina a la espalda', en: 'Butterflied sea bass' },
    categories: ['pescados'],
    priceCents: 2200,
    ...food,
    dishClass: 'segundos',
    stations: ['parrilla'],
    allergens: ['fish'],
  },
  // Carnes
  {
    sku: 'CAR-01',
    name: { es: 'Chuletón de vaca madurada (1 kg)', en: 'Dry-aged beef rib steak (1 kg)' },
    categories: ['carnes'],
    priceCents: 6500,
    ...food,
    dishClass: 'segundos',
    stations: ['parrilla'],
    allergens: [],
    options: ['punto-carne', 'guarnicion'],
    shareable: true,
    topChoice: true,
  },
  {
    sku: 'CAR-02',
    name: { es: 'Solomillo de ternera', en: 'Beef tenderloin' },
    categories: ['carnes'],
    priceCents: 2600,
    ...food,
    dishClass: 'segundos',
    stations: ['parrilla'],
    allergens: ['milk'],
    options: ['punto-carne', 'guarnicion', 'salsa'],
  },
  {
    sku: 'CAR-03',
    name: { es: 'Secreto ibérico a la brasa', en: 'Chargrilled Iberian pork secreto' },
    categories: ['carnes'],
    priceCents: 1900,
    ...food,
    dishClass: 'segundos',
    stations: ['parrilla'],
    allergens: [],
    options: ['guarnicion'],
  },
  {
    sku: 'CAR-04',
    name: { es: 'Cochinillo asado', en: 'Roast suckling pig' },
    categories: ['carnes'],
    priceCents: 2800,
    ...food,
    dishClass: 'segundos',
    stations: ['fogones'],
    allergens: [],
  },
  {
    sku: 'CAR-05',
    name: { es: 'Rabo de toro estofado', en: 'Braised oxtail' },
    categories: ['carnes'],
    priceCents: 2200,
    ...food,
    dishClass: 'segundos',
    stations: ['fogones'],
    allergens: ['celery', 'sulphites'],
  },
  {
    sku: 'CAR-06',
    name: { es: 'Hamburguesa de vaca rubia gallega', en: 'Galician blond beef burger' },
    categories: ['carnes'],
    priceCents: 1600,
    ...food,
    dishClass: 'segundos',
    stations: ['parrilla'],
    allergens: ['gluten', 'milk', 'eggs', 'sesame', 'mustard'],
    options: ['punto-carne', 'extras-hamburguesa'],
  },
  // Postres
  {
    sku: 'POS-01',
    name: { es: 'Tarta de queso al horno', en: 'Baked cheesecake' },
    categories: ['postres'],
    priceCents: 650,
    ...food,
    dishClass: 'postres',
    stations: ['obrador'],
    allergens: ['milk', 'eggs', 'gluten'],
    topChoice: true,
  },
  {
    sku: 'POS-02',
    name: { es: 'Crema catalana', en: 'Crema catalana (Catalan custard)' },
    categories: ['postres'],
    priceCents: 600,
    ...food,
    dishClass: 'postres',
    stations: ['obrador'],
    allergens: ['milk', 'eggs'],
  },
  {
    sku: 'POS-03',
    name: { es: 'Torrija caramelizada', en: 'Caramelised torrija (Spanish French toast)' },
    categories: ['postres'],
    priceCents: 650,
    ...food,
    dishClass: 'postres',
    stations: ['obrador'],
    allergens: ['gluten', 'milk', 'eggs'],
  },
  {
    sku: 'POS-04',
    name: { es: 'Flan casero', en: 'Homemade crème caramel' },
    categories: ['postres'],
    priceCents: 500,
    ...food,
    dishClass: 'postres',
    stations: ['obrador'],
    allergens: ['milk', 'eggs'],
  },
  {
    sku: 'POS-05',
    name: { es: 'Coulant de chocolate con helado', en: 'Chocolate lava cake with ice cream' },
    categories: ['postres'],
    priceCents: 700,
    ...food,
    dishClass: 'postres',
    stations: ['obrador'],
    allergens: ['gluten', 'milk', 'eggs', 'soybeans'],
    traces: ['nuts', 'peanuts'],
  },
  // Refrescos y aguas
  {
    sku: 'BEB-01',
    name: { es: 'Agua mineral', en: 'Still mineral water' },
    categories: ['refrescos'],
    priceCents: 250,
    ...softDrink,
    stations: ['barra'],
    allergens: [],
    options: ['tamano-agua'],
  },
  {
    sku: 'BEB-02',
    name: { es: 'Agua con gas', en: 'Sparkling water' },
    categories: ['refrescos'],
    priceCents: 300,
    ...softDrink,
    stations: ['barra'],
    allergens: [],
  },
  {
    sku: 'BEB-03',
    name: { es: 'Coca-Cola', en: 'Coca-Cola' },
    categories: ['refrescos'],
    priceCents: 300,
    ...softDrink,
    stations: ['barra'],
    allergens: [],
  },
  {
    sku: 'BEB-04',
    name: { es: 'Coca-Cola Zero', en: 'Coca-Cola Zero' },
    categories: ['refrescos'],
    priceCents: 300,
    ...softDrink,
    stations: ['barra'],
    allergens: [],
  },
  {
    sku: 'BEB-05',
    name: { es: 'Refresco de naranja', en: 'Orange soda' },
    categories: ['refrescos'],
    priceCents: 300,
    ...softDrink,
    stations: ['barra'],
    allergens: [],
  },
  {
    sku: 'BEB-06',
    name: { es: 'Zumo de naranja natural', en: 'Freshly squeezed orange juice' },
    categories: ['refrescos'],
    priceCents: 400,
    ...softDrink,
    stations: ['barra'],
    allergens: [],
    options: ['tamano-zumo'],
  },
  {
    sku: 'BEB-07',
    name: { es: 'Tónica', en: 'Tonic water' },
    categories: ['refrescos'],
    priceCents: 300,
    ...softDrink,
    stations: ['barra'],
    allergens: [],
  },
  // Cervezas
  {
    sku: 'CER-01',
    name: { es: 'Cerveza de barril', en: 'Draught beer' },
    categories: ['cervezas'],
    priceCents: 250,
    ...alcohol,
    stations: ['barra'],
    allergens: ['gluten'],
    options: ['tamano-cerveza'],
    topChoice: true,
  },
  {
    sku: 'CER-02',
    name: { es: 'Cerveza sin alcohol', en: 'Alcohol-free beer' },
    categories: ['cervezas'],
    priceCents: 300,
    ...softDrink,
    stations: ['barra'],
    allergens: ['gluten'],
  },
  {
    sku: 'CER-03',
    name: { es: 'Cerveza gallega (tercio)', en: 'Galician bottled beer (33 cl)' },
    categories: ['cervezas'],
    priceCents: 350,
    ...alcohol,
    stations: ['barra'],
    allergens: ['gluten'],
  },
  {
    sku: 'CER-04',
    name: { es: 'Clara con limón', en: 'Shandy with lemon' },
    categories: ['cervezas'],
    priceCents: 280,
    ...alcohol,
    stations: ['barra'],
    allergens: ['gluten'],
  },
  // Vinos
  {
    sku: 'VIN-01',
    name: { es: 'Rioja crianza', en: 'Rioja crianza (red)' },
    categories: ['vinos'],
    priceCents: 400,
    ...alcohol,
    stations: ['barra'],
    allergens: ['sulphites'],
    options: ['formato-vino'],
    topChoice: true,
  },
  {
    sku: 'VIN-02',
    name: { es: 'Ribera del Duero roble', en: 'Ribera del Duero roble (red)' },
    categories: ['vinos'],
    priceCents: 450,
    ...alcohol,
    stations: ['barra'],
    allergens: ['sulphites'],
    options: ['formato-vino'],
  },
  {
    sku: 'VIN-03',
    name: { es: 'Albariño Rías Baixas', en: 'Albariño Rías Baixas (white)' },
    categories: ['vinos'],
    priceCents: 450,
    ...alcohol,
    stations: ['barra'],
    allergens: ['sulphites'],
    options: ['formato-vino'],
  },
  {
    sku: 'VIN-04',
    name: { es: 'Verdejo Rueda', en: 'Verdejo Rueda (white)' },
    categories: ['vinos'],
    priceCents: 350,
    ...alcohol,
    stations: ['barra'],
    allergens: ['sulphites'],
    options: ['formato-vino'],
  },
  {
    sku: 'VIN-05',
    name: { es: 'Cava brut nature (copa)', en: 'Cava brut nature (glass)' },
    categories: ['vinos'],
    priceCents: 400,
    ...alcohol,
    stations: ['barra'],
    allergens: ['sulphites'],
  },
  {
    sku: 'VIN-06',
    name: { es: 'Sangría (jarra de 1 litro)', en: 'Sangria (1 litre jug)' },
    categories: ['vinos'],
    priceCents: 1400,
    ...alcohol,
    stations: ['barra'],
    allergens: ['sulphites'],
    shareable: true,
  },
  // Vermut, cócteles y licores
  {
    sku: 'VER-01',
    name: { es: 'Vermut de grifo', en: 'Vermouth on tap' },
    categories: ['vermut'],
    priceCents: 300,
    ...alcohol,
    stations: ['barra'],
    allergens: ['sulphites'],
  },
  {
    sku: 'VER-02',
    name: { es: 'Gin tonic', en: 'Gin and tonic' },
    categories: ['vermut'],
    priceCents: 900,
    ...alcohol,
    stations: ['barra'],
    allergens: [],
    options: ['ginebra'],
  },
  {
    sku: 'VER-03',
    name: { es: 'Tinto de verano', en: 'Tinto de verano (red wine with lemon soda)' },
    categories: ['vermut'],
    priceCents: 350,
    ...alcohol,
    stations: ['barra'],
    allergens: ['sulphites'],
  },
  {
    sku: 'VER-04',
    name: { es: 'Pacharán', en: 'Pacharán (sloe liqueur)' },
    categories: ['vermut'],
    priceCents: 400,
    ...alcohol,
    stations: ['barra'],
    allergens: [],
  },
  // Cafés e infusiones
  {
    sku: 'CAF-01',
    name: { es: 'Café solo', en: 'Espresso' },
    categories: ['cafes'],
    priceCents: 150,
    ...softDrink,
    stations: ['cafetera'],
    allergens: [],
  },
  {
    sku: 'CAF-02',
    name: { es: 'Café con leche', en: 'Café con leche (white coffee)' },
    categories: ['cafes'],
    priceCents: 180,
    ...softDrink,
    stations: ['cafetera'],
    allergens: ['milk'],
    options: ['tipo-leche'],
  },
  {
    sku: 'CAF-03',
    name: { es: 'Cortado', en: 'Cortado (espresso with a dash of milk)' },
    categories: ['cafes'],
    priceCents: 160,
    ...softDrink,
    stations: ['cafetera'],
    allergens: ['milk'],
    options: ['tipo-leche'],
  },
  {
    sku: 'CAF-04',
    name: { es: 'Infusión', en: 'Herbal tea' },
    categories: ['cafes'],
    priceCents: 180,
    ...softDrink,
    stations: ['cafetera'],
    allergens: [],
  },
  {
    sku: 'CAF-05',
    name: { es: 'Carajillo', en: 'Carajillo (espresso with brandy)' },
    categories: ['cafes'],
    priceCents: 250,
    ...alcohol,
    stations: ['cafetera'],
    allergens: [],
  },
  // Menú del día: the menu itself, then dishes it alone offers (not listed on their own).
  {
    sku: 'MDD-00',
    name: { es: 'Menú del día', en: 'Set menu of the day' },
    description: {
      es: 'Primero, segundo, postre o café, pan y una bebida. De martes a viernes al mediodía.',
      en: 'First course, main course, dessert or coffee, bread and a drink. Tuesday to Friday at lunch.',
    },
    categories: ['menu-del-dia'],
    priceCents: 1450,
    ...food,
    dishClass: null,
    stations: [],
    allergens: [],
    isMenu: true,
    topChoice: true,
  },
  {
    sku: 'MDD-01',
    name: { es: 'Lentejas estofadas', en: 'Lentil stew' },
    categories: [],
    priceCents: 650,
    ...food,
    dishClass: 'primeros',
    stations: ['fogones'],
    allergens: ['celery'],
    visible: false,
  },
  {
    sku: 'MDD-02',
    name: { es: 'Crema de calabaza', en: 'Cream of pumpkin soup' },
    categories: [],
    priceCents: 600,
    ...food,
    dishClass: 'primeros',
    stations: ['fogones'],
    allergens: ['milk', 'celery'],
    visible: false,
  },
  {
    sku: 'MDD-03',
    name: { es: 'Pollo al ajillo', en: 'Garlic chicken' },
    categories: [],
    priceCents: 900,
    ...food,
    dishClass: 'segundos',
    stations: ['fogones'],
    allergens: ['sulphites'],
    visible: false,
  },
  {
    sku: 'MDD-04',
    name: { es: 'Merluza a la romana', en: 'Battered hake' },
    categories: [],
    priceCents: 1000,
    ...food,
    dishClass: 'segundos',
    stations: ['fogones'],
    allergens: ['fish', 'gluten', 'eggs'],
    visible: false,
  },
  {
    sku: 'MDD-05',
    name: { es: 'Fruta del tiempo', en: 'Seasonal fruit' },
    categories: [],
    priceCents: 350,
    ...food,
    dishClass: 'postres',
    stations: ['cuarto-frio'],
    allergens: [],
    visible: false,
  },
  // Desayunos (decision 058)
  {
    sku: 'DES-01',
    name: {
      es: 'Tostada',
      en: 'Toast',
      de: 'Toast',
      fr: 'Tartine grillée',
      eu: 'Ogi txigortua',
      ca: 'Torrada',
      it: 'Pane tostato',
      gl: 'Torrada',
      pt: 'Torrada',
    },
    categories: ['desayunos'],
    priceCents: 250,
    ...food,
    dishClass: 'primeros',
    stations: ['barra'],
    allergens: ['gluten'],
    options: ['pan-tostada', 'untar-tostada', 'extras-tostada'],
  },
  {
    sku: 'DES-02',
    name: {
      es: 'Desayuno completo',
      en: 'Full breakfast',
      de: 'Komplettes Frühstück',
      fr: 'Petit-déjeuner complet',
      eu: 'Gosari osoa',
      ca: 'Esmorzar complet',
      it: 'Colazione completa',
      gl: 'Almorzo completo',
      pt: 'Pequeno-almoço completo',
    },
    description: {
      es: 'Café y tostada; zumo de naranja natural si lo quieres.',
      en: 'Coffee and toast; fresh orange juice if you like.',
      de: 'Kaffee und Toast; auf Wunsch frisch gepresster Orangensaft.',
      fr: "Café et tartine ; jus d'orange pressée si vous le souhaitez.",
      eu: 'Kafea eta ogi txigortua; nahi baduzu, laranja zuku naturala.',
      ca: 'Cafè i torrada; suc de taronja natural si en vols.',
      it: "Caffè e pane tostato; spremuta d'arancia se la desideri.",
      gl: 'Café e torrada; zume de laranxa natural se o queres.',
      pt: 'Café e torrada; sumo de laranja natural se quiser.',
    },
    categories: ['desayunos'],
    priceCents: 450,
    ...food,
    dishClass: 'primeros',
    stations: ['cafetera', 'barra'],
    allergens: ['gluten', 'milk'],
    options: ['cafe-desayuno', 'leche-desayuno', 'zumo-desayuno', 'pan-tostada', 'untar-tostada'],
  },
];

/** The courses of the menú del día (product MDD-00): one choice each, some with a supplement. */
export const DEMO_DAY_MENU_COURSES: readonly {
  name: SomeLocales;
  dishClass: DishClassKey;
  items: readonly { sku: string; supplementCents?: number }[];
}[] = [
  {
    name: { es: 'Primero', en: 'First course' },
    dishClass: 'primeros',
    items: [{ sku: 'MDD-01' }, { sku: 'MDD-02' }, { sku: 'ENS-01' }, { sku: 'ENS-02' }],
  },
  {
    name: { es: 'Segundo', en: 'Main course' },
    dishClass: 'segundos',
    items: [{ sku: 'MDD-03' }, { sku: 'MDD-04' }, { sku: 'CAR-03', supplementCents: 300 }],
  },
  {
    name: { es: 'Postre o café', en: 'Dessert or coffee' },
    dishClass: 'postres',
    items: [{ sku: 'POS-04' }, { sku: 'MDD-05' }, { sku: 'CAF-01' }, { sku: 'POS-01', supplementCents: 150 }],
  },
  {
    name: { es: 'Bebida', en: 'Drink' },
    dishClass: 'bebidas',
    items: [{ sku: 'BEB-01' }, { sku: 'CER-01' }, { sku: 'VIN-01' }, { sku: 'BEB-03' }],
  },
];
