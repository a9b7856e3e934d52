import type { MenuGetResponse, MenuProduct } from '@sobremesa/contracts';

/** A product of `menu/get` as the unit tests need it; only what a test names differs from a plain dish. */
export function product(
  overrides: Partial<MenuProduct> & Pick<MenuProduct, 'id' | 'sku' | 'name'>,
): MenuProduct {
  return {
    description: '',
    priceCents: 1000,
    vatRateBp: 1000,
    isMenu: 'NO',
    topChoice: 'NO',
    isUnitary: 'NO',
    servingQtyMin: 1,
    unitaryIncrement: 1,
    productOptions: [],
    menuCourses: [],
    dishClass: null,
    modifyDishClass: false,
    isShareable: false,
    type: 'comida',
    isVisible: true,
    available: true,
    pictureUrl: null,
    allergens: [],
    sortOrder: 0,
    ...overrides,
  };
}

export const croquettes = product({
  id: 1,
  sku: 'ENT-01',
  name: 'Croquetas de jamón',
  priceCents: 200,
  isUnitary: 'SI',
  servingQtyMin: 4,
  unitaryIncrement: 2,
});

export const beer = product({
  id: 2,
  sku: 'CER-01',
  name: 'Caña',
  priceCents: 250,
  type: 'bebida',
  productOptions: [
    {
      id: 6,
      name: 'Tamaño',
      minChoices: 1,
      maxChoices: 1,
      sortOrder: 0,
      options: [
        { id: 14, name: 'Pequeña', priceModifierCents: 0, enabled: 1, sortOrder: 0 },
        { id: 16, name: 'Pinta', priceModifierCents: 250, enabled: 1, sortOrder: 1 },
        { id: 17, name: 'Jarra', priceModifierCents: 600, enabled: 0, sortOrder: 2 },
      ],
    },
    { id: 7, name: 'Sin opciones', minChoices: 0, maxChoices: 1, sortOrder: 1, options: [] },
  ],
});

export const dayMenu = product({
  id: 3,
  sku: 'MDD-00',
  name: 'Menú del día',
  priceCents: 1450,
  isMenu: 'SI',
  menuCourses: [
    {
      id: 1,
      name: 'Primero',
      dishClass: 2,
      minChoices: 1,
      maxChoices: 1,
      items: [
        { productId: 60, sku: 'MDD-01', name: 'Lentejas', supplementCents: 0, available: true },
        { productId: 61, sku: 'MDD-02', name: 'Crema', supplementCents: 0, available: true },
      ],
    },
    {
      id: 2,
      name: 'Segundo',
      dishClass: 3,
      minChoices: 1,
      maxChoices: 1,
      items: [{ productId: 62, sku: 'MDD-03', name: 'Entrecot', supplementCents: 300, available: true }],
    },
  ],
});

export function menuReply(): MenuGetResponse {
  return {
    result: 0,
    menuOrderEnabled: 1,
    dishClasses: [],
    optionTypePriceModifiers: [],
    menus: [
      {
        id: 1,
        name: 'Carta',
        menuTypeName: 'carta',
        isDayMenu: false,
        sortOrder: 0,
        sortOrderCustomer: 0,
        menuCategories: [
          { id: 10, name: 'Entrantes', sortOrder: 1, products: [croquettes], children: [] },
          {
            id: 11,
            name: 'Bebidas',
            sortOrder: 0,
            products: [beer],
            children: [{ id: 12, name: 'Vacía', sortOrder: 0, products: [], children: [] }],
          },
          {
            id: 13,
            name: 'Oculta',
            sortOrder: 2,
            products: [product({ id: 9, sku: 'X', name: 'Café', isVisible: false })],
            children: [],
          },
        ],
      },
      {
        id: 2,
        name: 'Menú del día',
        menuTypeName: 'menu del dia',
        isDayMenu: true,
        sortOrder: 1,
        sortOrderCustomer: 1,
        menuCategories: [{ id: 20, name: 'Menú', sortOrder: 0, products: [dayMenu], children: [] }],
      },
    ],
  };
}
