import type { MenuProduct } from '@sobremesa/contracts';
import { memo, useMemo } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { cardPictureUrl } from '../card-picture-url.ts';

/** The words every card shows, translated once for the whole list instead of once per dish. */
export interface ProductCardLabels {
  readonly add: string;
  readonly info: string;
  readonly soldOut: string;
  readonly topChoice: string;
  readonly perPiece: string;
  readonly allergens: string;
  readonly addNamed: (name: string) => string;
  readonly infoNamed: (name: string) => string;
}

export function useProductCardLabels(): ProductCardLabels {
  const { t } = useTranslation('menu');
  return useMemo(
    () => ({
      add: t('product.add'),
      info: t('product.info'),
      soldOut: t('product.soldOut'),
      topChoice: t('product.topChoice'),
      perPiece: t('product.perPiece'),
      allergens: t('product.allergens'),
      addNamed: (name) => t('product.addNamed', { name }),
      infoNamed: (name) => t('product.infoNamed', { name }),
    }),
    [t],
  );
}

interface ProductCardProps {
  readonly product: MenuProduct;
  readonly showLargePicture: boolean;
  readonly canOrder: boolean;
  readonly price: string;
  readonly labels: ProductCardLabels;
  readonly onOpen: (product: MenuProduct) => void;
}

/**
 * One dish in the list. A sold-out dish stays, greyed and labelled "Agotado" (decision 014), so the guest
 * sees why it cannot be ordered; opening it still shows its information.
 */
export const ProductCard = memo(function ProductCard({
  product,
  showLargePicture,
  canOrder,
  price,
  labels,
  onOpen,
}: ProductCardProps) {
  const soldOut = !product.available;
  const unitary = product.isUnitary === 'SI';
  const orderable = canOrder && !soldOut;
  return (
    <li className={`menu-product${soldOut ? ' menu-product--sold-out' : ''}`} data-sku={product.sku}>
      {product.pictureUrl && (
        <img
          className={showLargePicture ? 'menu-product__picture--large' : 'menu-product__picture'}
          src={showLargePicture ? product.pictureUrl : cardPictureUrl(product.pictureUrl)}
          alt=""
          loading="lazy"
        />
      )}
      <div className="menu-product__body">
        <h3 className="menu-product__name">
          {product.name}
          {product.topChoice === 'SI' && <span className="menu-product__badge">{labels.topChoice}</span>}
        </h3>
        {product.description && <p className="menu-product__description">{product.description}</p>}
        {product.allergens.length > 0 && (
          <p className="menu-product__allergens">
            <span className="visually-hidden">{labels.allergens}: </span>
            {product.allergens.map((allergen) => allergen.name).join(' · ')}
          </p>
        )}
        <div className="menu-product__foot">
          <span className="menu-product__price">
            {price}
            {unitary && ` ${labels.perPiece}`}
          </span>
          {soldOut ? <span className="menu-product__sold-out">{labels.soldOut}</span> : null}
          <button
            type="button"
            className={`button${orderable ? ' button--primary' : ''} menu-product__open`}
            onClick={() => onOpen(product)}
            aria-label={orderable ? labels.addNamed(product.name) : labels.infoNamed(product.name)}
          >
            {orderable ? labels.add : labels.info}
          </button>
        </div>
      </div>
    </li>
  );
});
