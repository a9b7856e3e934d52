import { describe, expect, it } from 'vitest';
import { beer, menuReply } from './menu-fixtures.ts';
import {
  applyProductChange,
  enabledOptionTypes,
  guestMenus,
  menuSections,
  searchMenus,
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
});
