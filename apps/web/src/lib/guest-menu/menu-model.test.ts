import { describe, expect, it } from 'vitest';
import { beer, menuReply } from './menu-fixtures.ts';
import {
  applyProductChange,
  enabledOptionTypes,
  guestMenus,
  limitSections,
  menuSections,
  productCount,
  searchMenus,
  type MenuSection,
} from './menu-model.ts';

describe('guest menu model', () => {
  it('lists categories in order and hides empty ones and hidden dishes', () => {
    const [carta] = guestMenus(menuReply());
    expect(menuSections(carta!).map((section) => section.name)).toEqual(['Bebidas', 'Entrantes']);
  });

  it('offers only options enabled at least once and drops option types left empty', () => {
    const types = enabledOptionTypes(beer);
    expect(types.map((type) => type.name)).toEqual(['Tamaño']);
    expect(types[0]!.options.map((option) => option.name)).toEqual(['Pequeña', 'Pinta']);
  });

  it('searches from three characters, ignoring accents and case', () => {
    const reply = menuReply();
    expect(searchMenus(reply, '')).toEqual({ status: 'idle' });
    expect(searchMenus(reply, ' cr ')).toEqual({ status: 'too-short' });
    const found = searchMenus(reply, 'JAMON');
    expect(found.status === 'done' && found.products.map((product) => product.sku)).toEqual(['ENT-01']);
    // A hidden dish is not found either.
    const hidden = searchMenus(reply, 'café');
    expect(hidden.status === 'done' && hidden.products).toEqual([]);
  });

  it('applies a staff change to the dish and to the menú del día courses that offer it', () => {
    const sold = applyProductChange(menuReply(), {
      productId: 60,
      available: false,
      isVisible: true,
      topChoice: false,
      priceCents: 0,
    });
    expect(sold.found).toBe(false);
    const course = sold.reply.menus[1]!.menuCategories[0]!.products[0]!.menuCourses[0]!;
    expect(course.items.map((item) => item.available)).toEqual([false, true]);

    const beerSold = applyProductChange(menuReply(), {
      productId: beer.id,
      available: false,
      isVisible: true,
      topChoice: true,
      priceCents: 300,
    });
    expect(beerSold.found).toBe(true);
    expect(beerSold.reply.menus[0]!.menuCategories[1]!.products[0]).toMatchObject({
      available: false,
      topChoice: 'SI',
      priceCents: 300,
    });
  });

  it('draws a long carta from the top: the first products, in order, with their sections', () => {
    const section = (id: number, skus: string[]): MenuSection => ({
      id,
      name: `S${id}`,
      products: skus.map((sku) => ({ ...beer, sku })),
    });
    const sections = [section(1, ['a', 'b']), section(2, ['c', 'd', 'e']), section(3, ['f'])];
    const skus = (shown: MenuSection[]) => shown.map((entry) => entry.products.map((product) => product.sku));
    expect(productCount(sections)).toBe(6);
    expect(skus(limitSections(sections, 3))).toEqual([['a', 'b'], ['c']]);
    expect(skus(limitSections(sections, 2))).toEqual([['a', 'b']]);
    expect(skus(limitSections(sections, 0))).toEqual([]);
    // Enough for everything: the same sections, untouched, so memoised cards are not redrawn.
    const all = limitSections(sections, 99);
    expect(all).toEqual(sections);
    expect(all[1]).toBe(sections[1]);
  });
});
