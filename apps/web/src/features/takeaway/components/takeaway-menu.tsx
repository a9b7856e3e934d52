import type { MenuGetResponse, MenuProduct } from '@sobremesa/contracts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { formatEuros } from '../../../i18n/euro-format.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { menuSections } from '../../../lib/guest-menu/menu-model.ts';
import { hasChoices, isOrderable, unitsOf, type TakeawayCart } from '../takeaway-cart.ts';

interface TakeawayMenuProps {
  readonly menu: MenuGetResponse;
  readonly cart: TakeawayCart;
  /** "+": a plain dish goes in; a dish with options opens its sheet to choose them. */
  readonly onAdd: (product: MenuProduct) => void;
  /** "−" of a plain dish. */
  readonly onRemove: (product: MenuProduct) => void;
}

/**
 * The dishes a guest can order for takeaway, by category: only those on sale, so a dish staff mark sold
 * out leaves the list (and the cart) as the menu's stream tells.
 */
export function TakeawayMenu({ menu, cart, onAdd, onRemove }: TakeawayMenuProps) {
  const { t } = useTranslation('takeaway');
  const { locale } = useLocale();
  const sections = menu.menus
    .flatMap((entry) => menuSections(entry))
    .map((section) => ({ ...section, products: section.products.filter(isOrderable) }))
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
                  units={unitsOf(cart, product.sku)}
                  price={formatEuros(product.priceCents, locale)}
                  onAdd={onAdd}
                  onRemove={onRemove}
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
  onAdd: (product: MenuProduct) => void;
  onRemove: (product: MenuProduct) => void;
}) {
  const { t } = useTranslation('takeaway');
  const { product, units } = props;
  // A dish with options has a line per choice: the cart takes each away, the list only adds.
  const choices = hasChoices(product);
  return (
    <li className="takeaway__dish">
      <span className="takeaway__dish-name">{product.name}</span>
      <span className="takeaway__dish-price">{props.price}</span>
      <span className="takeaway__dish-actions">
        {units > 0 && (
          <>
            {!choices && (
              <button
                type="button"
                className="takeaway__step"
                aria-label={t('menu.remove', { name: product.name })}
                onClick={() => props.onRemove(product)}
              >
                −
              </button>
            )}
            <span className="takeaway__units" aria-label={t('menu.inCart', { count: units })}>
              {units}
            </span>
          </>
        )}
        <button
          type="button"
          className="takeaway__step"
          aria-label={t(choices ? 'menu.choose' : 'menu.add', { name: product.name })}
          aria-haspopup={choices ? 'dialog' : undefined}
          onClick={() => props.onAdd(product)}
        >
          +
        </button>
      </span>
    </li>
  );
}
