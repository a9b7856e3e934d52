import type { MenuProduct } from '@sobremesa/contracts';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

interface ProductCardProps {
  readonly product: MenuProduct;
  readonly showLargePicture: boolean;
  readonly canOrder: boolean;
  readonly price: string;
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
  onOpen,
}: ProductCardProps) {
  const { t } = useTranslation('menu');
  const soldOut = !product.available;
  const unitary = product.isUnitary === 'SI';
  return (
    <li className={`menu-product${soldOut ? ' menu-product--sold-out' : ''}`} data-sku={product.sku}>
      {product.pictureUrl && (
        <img
          className={showLargePicture ? 'menu-product__picture--large' : 'menu-product__picture'}
          src={product.pictureUrl}
          alt=""
          loading="lazy"
        />
      )}
      <div className="menu-product__body">
        <h3 className="menu-product__name">
          {product.name}
          {product.topChoice === 'SI' && (
            <span className="menu-product__badge">{t('product.topChoice')}</span>
          )}
        </h3>
        {product.description && <p className="menu-product__description">{product.description}</p>}
        {product.allergens.length > 0 && (
          <p className="menu-product__allergens">
            <span className="visually-hidden">{t('product.allergens')}: </span>
            {product.allergens.map((allergen) => allergen.name).join(' · ')}
          </p>
        )}
        <div className="menu-product__foot">
          <span className="menu-product__price">
            {price}
            {unitary && ` ${t('product.perPiece')}`}
          </span>
          {soldOut ? <span className="menu-product__sold-out">{t('product.soldOut')}</span> : null}
          <button
            type="button"
            className={`button${canOrder && !soldOut ? ' button--primary' : ''} menu-product__open`}
            onClick={() => onOpen(product)}
            aria-label={
              canOrder && !soldOut
                ? t('product.addNamed', { name: product.name })
                : t('product.infoNamed', { name: product.name })
            }
          >
            {canOrder && !soldOut ? t('product.add') : t('product.info')}
          </button>
        </div>
      </div>
    </li>
  );
});
