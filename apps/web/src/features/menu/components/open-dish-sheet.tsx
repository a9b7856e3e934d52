import type { MenuProduct } from '@sobremesa/contracts';
import { useOpenDish, type OpenDish } from '../open-dish.ts';
import { ProductSheet, type ProductChoice } from '../../../components/product-sheet/product-sheet.tsx';

interface DishSheetProps {
  readonly store: OpenDish;
  readonly bySku: ReadonlyMap<string, MenuProduct>;
  readonly canOrder: boolean;
  readonly showLargePicture: boolean;
  readonly formatMoney: (cents: number) => string;
  readonly onAdd: (product: MenuProduct, choice: ProductChoice) => void;
}

/** The open dish's sheet; the only part of the screen that renders when a dish is opened or closed. */
export function DishSheet({ store, bySku, onAdd, ...sheet }: DishSheetProps) {
  const open = useOpenDish(store);
  // The dish as the menu has it now (a staff change may have sold it out meanwhile).
  const product = open ? (bySku.get(open.sku) ?? open) : null;
  if (!product) return null;
  return (
    <ProductSheet
      {...sheet}
      product={product}
      onAdd={(choice) => onAdd(product, choice)}
      onClose={store.close}
    />
  );
}
