import type { Menu, MenuProduct } from '@sobremesa/contracts';
import { describe, expect, it } from 'vitest';
import { product as dish } from '../../lib/guest-menu/menu-fixtures.ts';
import {
  categoriesOf,
  categoryOptions,
  centsToInput,
  dayMenuProducts,
  findProducts,
  priceInputToCents,
} from './menu-admin-rules.ts';

const product = (id: number, name: string, available = true): MenuProduct =>
  dish({ id, sku: `P-${id}`, name, priceCents: 500, available });

const lentejas = product(1, 'Lentejas estofadas');
const pollo = product(2, 'Pollo al ajillo', false);
const cana = product(3, 'Caña');
const menuDelDia: MenuProduct = {
  ...product(4, 'Menú del día'),
  isMenu: 'SI',
  menuCourses: [
    {
      id: 1,
      name: 'Primero',
      dishClass: null,
      minChoices: 1,
      maxChoices: 1,
      items: [{ productId: 1, sku: 'P-1', name: 'Lentejas', supplementCents: 0, available: true }],
    },
  ],
};
const menus: Menu[] = [
  {
    id: 1,
    name: 'Carta',
    menuTypeName: 'comida',
    isDayMenu: false,
    sortOrder: 0,
    sortOrderCustomer: 0,
    menuCategories: [{ id: 10, name: 'Bebidas', sortOrder: 0, products: [cana], children: [] }],
  },
  {
    id: 2,
    name: 'Menú del día',
    menuTypeName: 'comida',
    isDayMenu: true,
    sortOrder: 1,
    sortOrderCustomer: 1,
    menuCategories: [
      {
        id: 20,
        name: 'Menú',
        sortOrder: 0,
        products: [menuDelDia],
        children: [{ id: 21, name: 'Segundos', sortOrder: 0, products: [pollo], children: [] }],
      },
    ],
  },
];

describe('the menu tools', () => {
  it('finds products by any word, accents aside, sold-out ones first', () => {
    const all = [lentejas, pollo, cana, menuDelDia];
    expect(findProducts(all, '').map((entry) => entry.id)).toEqual([2, 3, 1, 4]);
    expect(findProducts(all, 'cana').map((entry) => entry.id)).toEqual([3]);
    expect(findProducts(all, 'ajillo POLLO').map((entry) => entry.id)).toEqual([2]);
  });
  it('reads prices typed with a comma or a point, and refuses what is not a price', () => {
    expect(priceInputToCents('12,50')).toBe(1250);
    expect(priceInputToCents('12.5')).toBe(1250);
    expect(priceInputToCents(' 9 ')).toBe(900);
    expect(priceInputToCents('0,07')).toBe(7);
    expect(priceInputToCents('-1')).toBeNull();
    expect(priceInputToCents('1,234')).toBeNull();
    expect(priceInputToCents('')).toBeNull();
    expect(priceInputToCents('100001')).toBeNull();
    expect(centsToInput(1250)).toBe('12,50');
    expect(centsToInput(7)).toBe('0,07');
  });
  it('lists categories day menus first and knows where a product is listed', () => {
    expect(categoryOptions(menus).map((entry) => entry.name)).toEqual(['Menú', 'Menú · Segundos', 'Bebidas']);
    expect(categoriesOf(menus, 2)).toEqual([21]);
    expect(categoriesOf(menus, 3)).toEqual([10]);
  });
  it('offers the day menus’ products and course dishes before a search', () => {
    expect(dayMenuProducts(menus, [lentejas, pollo, cana, menuDelDia]).map((entry) => entry.id)).toEqual([
      1, 2, 4,
    ]);
  });
});
