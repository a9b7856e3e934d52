import type { MenuGetResponse, MenuProduct } from '@sobremesa/contracts';
import { useTranslation } from 'react-i18next';
import { formatEuros } from '../../../i18n/euro-format.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { menuSections } from '../../menu/menu-model.ts';
import { isOrderableAlone, type TakeawayCart } from '../takeaway-cart.ts';

interface TakeawayMenuProps {
  readonly menu: MenuGetResponse;
  readonly cart: TakeawayCart;
  readonly onChange: (sku: string, delta: number) => void;
}

/**
 * The dishes a guest can order for takeaway, by category: only those on sale, so a dish staff mark sold
 * out leaves the list (and the cart) as the menu's stream tells.
 */
export function TakeawayMenu({ menu, cart, onChange }: TakeawayMenuProps) {
  const { t } = useTranslation('takeaway');
  const { locale } = useLocale();
  const sections = menu.menus
    .flatMap((entry) => menuSections(entry))
    .map((section) => ({ ...section, products: section.products.filter(isOrderableAlone) }))
    .filter((section) => section.products.length > 0);
  const seen = new Set<number>();
  return (
    <section className="takeaway__section" aria-labelledby="takeaway-menu-heading">
      <h2 id="takeaway-menu-heading">{t('menu.heading')}</h2>
      {sections.map((section) => {
        const products = section.products.filter((product) => !seen.has(product.id));
        for (const product of products) seen.add(product.id);
        if (products.length === 0) return null;
        return (
          <div key={section.id} className="takeaway__category">
            <h3>{section.name}</h3>
            <ul className="takeaway__dishes">
              {products.map((product) => (
                <Dish
                  key={product.id}
                  product={product}
                  units={cart.get(product.sku) ?? 0}
                  price={formatEuros(product.priceCents, locale)}
                  onChange={onChange}
                />
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}

function Dish(props: {
  product: MenuProduct;
  units: number;
  price: string;
  onChange: (sku: string, delta: number) => void;
}) {
  const { t } = useTranslation('takeaway');
  const { product, units } = props;
  return (
    <li className="takeaway__dish">
      <span className="takeaway__dish-name">{product.name}</span>
      <span className="takeaway__dish-price">{props.price}</span>
      <span className="takeaway__dish-actions">
        {units > 0 && (
          <>
            <button
              type="button"
              className="takeaway__step"
              aria-label={t('menu.remove', { name: product.name })}
              onClick={() => props.onChange(product.sku, -1)}
            >
              −
            </button>
            <span className="takeaway__units" aria-label={t('menu.inCart', { count: units })}>
              {units}
            </span>
          </>
        )}
        <button
          type="button"
          className="takeaway__step"
          aria-label={t('menu.add', { name: product.name })}
          onClick={() => props.onChange(product.sku, 1)}
        >
          +
        </button>
      </span>
    </li>
  );
}
