// A menu change refused when it would let a dish be ordered below 0 € (decision 078).
import {
  formatAmount,
  productsBelowZero,
  type FloorOptionType,
  type ProductBelowZero,
} from '@sobremesa/domain';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { lockVenueMenuPrices, priceFloorMenu, productIdsOffering } from './price-floor.repository.ts';

export type { ProductBelowZero };
export { lockVenueMenuPrices };

/** A product as a change would leave it; what it leaves out stays as stored. */
export interface ProductProposal {
  /** null: a product not written yet. */
  readonly id: number | null;
  readonly name?: string | undefined;
  readonly priceCents?: number | undefined;
  readonly optionTypeIds?: readonly number[] | undefined;
}

/** A change to the menu, checked before it is written. */
export interface MenuProposal {
  readonly products?: readonly ProductProposal[];
  /** An option type as it would be saved, options without an id yet included (any id no row has). */
  readonly optionType?: FloorOptionType;
  readonly removedOptionTypeId?: number;
}

/** The id a product not written yet has in the check: no row has it. */
const NEW_PRODUCT_ID = 0;

/**
 * The products the change touches (those it names, those offering the option type it changes) that some
 * allowed choice of options would price below 0 € once it is written, cheapest first. Called in the writing
 * transaction before it writes: from here to its commit, the venue's other such changes wait their turn.
 */
export async function productsBelowZeroWith(
  db: Executor,
  venueId: number,
  proposal: MenuProposal,
): Promise<ProductBelowZero[]> {
  await lockVenueMenuPrices(db, venueId);
  const changedTypeId = proposal.optionType?.id ?? proposal.removedOptionTypeId;
  const offering = changedTypeId === undefined ? [] : await productIdsOffering(db, venueId, changedTypeId);
  const proposed = proposal.products ?? [];
  const idOf = (product: ProductProposal) => product.id ?? NEW_PRODUCT_ID;
  const byId = new Map(proposed.map((product) => [idOf(product), product]));
  const stored = await priceFloorMenu(
    db,
    venueId,
    [...new Set([...offering, ...proposed.flatMap((product) => (product.id === null ? [] : [product.id]))])],
    proposed.flatMap((product) => product.optionTypeIds ?? []),
  );
  const relinked = new Set(
    proposed.filter((product) => product.optionTypeIds !== undefined).map((product) => idOf(product)),
  );
  return productsBelowZero({
    products: [
      ...stored.products.map((row) => ({
        id: row.id,
        name: byId.get(row.id)?.name ?? row.name,
        priceCents: byId.get(row.id)?.priceCents ?? row.priceCents,
      })),
      ...proposed
        .filter((product) => product.id === null)
        .map((product) => ({
          id: NEW_PRODUCT_ID,
          name: product.name ?? '',
          priceCents: product.priceCents ?? 0,
        })),
    ],
    links: [
      ...stored.links.filter((link) => !relinked.has(link.productId)),
      ...proposed.flatMap((product) =>
        (product.optionTypeIds ?? []).map((optionTypeId) => ({ productId: idOf(product), optionTypeId })),
      ),
    ].filter((link) => link.optionTypeId !== proposal.removedOptionTypeId),
    optionTypes: [
      ...stored.optionTypes.filter((type) => type.id !== proposal.optionType?.id),
      ...(proposal.optionType ? [proposal.optionType] : []),
    ],
  });
}

/** An amount as the refusal names it: "-935,00 €". */
export const belowZeroPrice = (product: ProductBelowZero) => `${formatAmount(product.lowest.cents)} €`;

/**
 * The refusal of a change that lets `product` be ordered below 0 €: a 409, as the change is fine on its
 * own and clashes with what the menu holds; the product and its lowest price in the caller's language,
 * and the same at each of `paths`, the fields of the form that made it so.
 */
export function priceBelowZero(product: ProductBelowZero, paths: readonly string[]): AppError {
  const message = `Con estas opciones, «${product.name}» podría costar menos de 0 €`;
  return new AppError(409, 'CONFLICT', 'menu_price_below_zero', {
    params: { name: product.name, price: belowZeroPrice(product) },
    fields: paths.map((path) => ({ path, message })),
  });
}
