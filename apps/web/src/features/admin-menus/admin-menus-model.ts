import type {
  AdminCategory,
  AdminMenusResponse,
  AdminProduct,
  AdminProductInput,
  FieldError,
} from '@sobremesa/contracts';

/**
 * What the menu editor (/ebitdata/carta, decision 060) computes without the server: the category tree
 * of a menu, the product form's draft and what it sends, money typed as euros, and where the server's
 * refusals go.
 */

/** A category with its depth in the tree, in the order the guest menu shows them. */
export interface CategoryNode {
  readonly category: AdminCategory;
  readonly depth: number;
  /** Its siblings' ids in order (what a move up or down reorders). */
  readonly siblings: readonly number[];
}

/** The categories of `menuId` depth first, each after its parent, siblings in their order. */
export function categoryTree(categories: readonly AdminCategory[], menuId: number): CategoryNode[] {
  const ofMenu = categories.filter((row) => row.menuId === menuId);
  const children = (parentId: number | null) =>
    ofMenu
      .filter((row) => row.parentId === parentId)
      .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
  const walk = (parentId: number | null, depth: number): CategoryNode[] => {
    const level = children(parentId);
    const siblings = level.map((row) => row.id);
    return level.flatMap((category) => [{ category, depth, siblings }, ...walk(category.id, depth + 1)]);
  };
  return walk(null, 0);
}

/** The product form's state: money as the admin types it (euros with a comma or a point). */
export interface ProductDraft {
  readonly name: string;
  readonly description: string;
  readonly price: string;
  readonly vatRateBp: number;
  readonly type: 'comida' | 'bebida';
  readonly isMenu: boolean;
  readonly dishClassId: number | null;
  readonly topChoice: boolean;
  readonly isVisible: boolean;
  readonly isUnitary: boolean;
  readonly servingQtyMin: string;
  readonly unitaryIncrement: string;
  readonly allergens: readonly { allergenId: number; mayContainTraces: boolean }[];
  readonly categoryIds: readonly number[];
  readonly optionTypeIds: readonly number[];
}

/** Money as the admin reads it: `12,50`. */
export function centsToInput(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  return `${sign}${(Math.abs(cents) / 100).toFixed(2).replace('.', ',')}`;
}

/** Euros as typed (`12`, `12,5`, `-1.20`) in cents; null for anything else. */
export function inputToCents(value: string): number | null {
  const match = /^\s*(-?)(\d{1,6})(?:[.,](\d{1,2}))?\s*$/.exec(value);
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
  return match[1] === '-' ? -cents : cents;
}

export function emptyDraft(categoryId: number | null, vatRateBp: number): ProductDraft {
  return {
    name: '',
    description: '',
    price: '',
    vatRateBp,
    type: 'comida',
    isMenu: false,
    dishClassId: null,
    topChoice: false,
    isVisible: true,
    isUnitary: false,
    servingQtyMin: '1',
    unitaryIncrement: '1',
    allergens: [],
    categoryIds: categoryId === null ? [] : [categoryId],
    optionTypeIds: [],
  };
}

export function draftOf(product: AdminProduct): ProductDraft {
  return {
    name: product.name,
    description: product.description,
    price: centsToInput(product.priceCents),
    vatRateBp: product.vatRateBp,
    type: product.type,
    isMenu: product.isMenu,
    dishClassId: product.dishClassId,
    topChoice: product.topChoice,
    isVisible: product.isVisible,
    isUnitary: product.isUnitary,
    servingQtyMin: String(product.servingQtyMin),
    unitaryIncrement: String(product.unitaryIncrement),
    allergens: product.allergens,
    categoryIds: product.categoryIds,
    optionTypeIds: product.optionTypeIds,
  };
}

/**
 * What the form sends. Numbers the admin typed badly go as they are (NaN becomes null) so the server
 * refuses them at their field, in one place, with every other refusal.
 */
export function inputOf(draft: ProductDraft, version: string | undefined): Record<string, unknown> {
  const whole = (value: string) => (/^\s*\d+\s*$/.test(value) ? Number(value) : value);
  return {
    ...(version === undefined ? {} : { version }),
    name: draft.name,
    description: draft.description,
    priceCents: inputToCents(draft.price) ?? draft.price,
    vatRateBp: draft.vatRateBp,
    type: draft.type,
    isMenu: draft.isMenu,
    dishClassId: draft.dishClassId,
    topChoice: draft.topChoice,
    isVisible: draft.isVisible,
    isUnitary: draft.isUnitary,
    servingQtyMin: draft.isUnitary ? whole(draft.servingQtyMin) : 1,
    unitaryIncrement: draft.isUnitary ? whole(draft.unitaryIncrement) : 1,
    allergens: draft.allergens,
    categoryIds: draft.categoryIds,
    optionTypeIds: draft.optionTypeIds,
  } satisfies Partial<Record<keyof AdminProductInput, unknown>>;
}

/** The form field a refusal belongs to (`allergens.2.allergenId` → `allergens`); null when none. */
export function fieldOf(error: FieldError, fields: readonly string[]): string | null {
  const head = error.path.split('.')[0] ?? '';
  return fields.includes(head) ? head : null;
}

/** Products of a category in their order, as the editor lists them. */
export function productsIn(
  data: Pick<AdminMenusResponse, 'categories' | 'products'>,
  categoryId: number,
): AdminProduct[] {
  const byId = new Map(data.products.map((row) => [row.id, row]));
  const category = data.categories.find((row) => row.id === categoryId);
  return (category?.productIds ?? []).flatMap((id) => {
    const product = byId.get(id);
    return product ? [product] : [];
  });
}

/** Products listed in no category: guests never see them, so the editor shows them apart. */
export function unlistedProducts(data: Pick<AdminMenusResponse, 'products'>): AdminProduct[] {
  return data.products.filter((row) => row.categoryIds.length === 0);
}
