import type { MenuGetResponse, MenuProduct } from '@sobremesa/contracts';
import { memo, useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from '../../../i18n/use-translation.ts';
import {
  guestMenus,
  limitSections,
  menuSections,
  productCount,
  searchMenus,
} from '../../../lib/guest-menu/menu-model.ts';
import { useProgressiveLimit } from '../use-progressive-limit.ts';
import { CategoryNav, sectionAnchor } from './category-nav.tsx';
import type { MenuVenue } from './menu-screen.tsx';
import { prefetchSheets } from './menu-sheets.tsx';
import { ProductCard, useProductCardLabels } from './product-card.tsx';

interface MenuBrowseProps {
  readonly reply: MenuGetResponse;
  readonly venue: MenuVenue;
  readonly canOrder: boolean;
  readonly money: (cents: number) => string;
  /** Opens a dish's sheet. */
  readonly onOpen: (product: MenuProduct) => void;
}

/**
 * What the guest browses: the search and its results, or the menus, their categories and dishes. Kept as it is
 * while the screen around it changes (the cart, the guest's table and order arriving after the page is taken
 * over): its props change only with the menu, so the 200 dishes are not walked again for each of those.
 */
export const MenuBrowse = memo(function MenuBrowse({
  reply,
  venue,
  canOrder,
  money,
  onOpen,
}: MenuBrowseProps) {
  const { t } = useTranslation('menu');
  const searchId = useId();
  const menus = useMemo(() => guestMenus(reply), [reply]);
  const [menuId, setMenuId] = useState<number | null>(null);
  const openMenu = menus.find((entry) => entry.id === menuId) ?? menus[0];
  const sections = useMemo(() => (openMenu ? menuSections(openMenu) : []), [openMenu]);
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [query, setQuery] = useState('');
  // The field answers each key at once; the results follow as a low-priority render React drops for the next key.
  const deferredQuery = useDeferredValue(query);
  const search = useMemo(() => searchMenus(reply, deferredQuery), [reply, deferredQuery]);

  const shownSections = useMemo(
    () =>
      venue.enableCategoryScroll || sections.length === 0
        ? sections
        : sections.filter((section) => section.id === (categoryId ?? sections[0]?.id)),
    [venue.enableCategoryScroll, sections, categoryId],
  );
  // A long carta is drawn from the top in batches, so the first dishes answer a tap at once (decision 017).
  const dishCount = productCount(shownSections);
  const { limit, showAll } = useProgressiveLimit(dishCount);
  const drawnSections = useMemo(() => limitSections(shownSections, limit), [shownSections, limit]);
  const drawnAll = limit >= dishCount;
  useEffect(() => {
    if (drawnAll) prefetchSheets();
  }, [drawnAll]);
  const cardLabels = useProductCardLabels();
  // One dish's card, alike in the search results and in its section.
  const card = (product: MenuProduct) => (
    <ProductCard
      key={product.id}
      product={product}
      showLargePicture={venue.showLargeProductPicture}
      canOrder={canOrder}
      price={money(product.priceCents)}
      labels={cardLabels}
      onOpen={onOpen}
    />
  );

  return (
    <>
      <div className="guest-menu__search field">
        <label className="field__label" htmlFor={searchId}>
          {t('search.label')}
        </label>
        <input
          id={searchId}
          className="input"
          type="search"
          value={query}
          autoComplete="off"
          aria-describedby={`${searchId}-status`}
          onChange={(event) => setQuery(event.target.value)}
        />
        <p id={`${searchId}-status`} className="guest-menu__search-status" role="status">
          {search.status === 'too-short' && t('search.tooShort')}
          {search.status === 'done' && t('search.results', { count: search.products.length })}
        </p>
      </div>

      {search.status === 'done' ? (
        <ul className="menu-products" aria-label={t('search.resultsLabel')}>
          {search.products.map(card)}
        </ul>
      ) : (
        <>
          {menus.length > 1 && (
            <div className="guest-menu__menus" role="group" aria-label={t('menus')}>
              {menus.map((entry) => (
                <button
                  key={entry.id}
                  type="button"
                  className="guest-menu__menu"
                  aria-pressed={entry.id === openMenu?.id}
                  onClick={() => {
                    setMenuId(entry.id);
                    setCategoryId(null);
                  }}
                >
                  {entry.name}
                </button>
              ))}
            </div>
          )}
          {sections.length > 1 && (
            <CategoryNav
              sections={sections}
              scroll={venue.enableCategoryScroll}
              selected={categoryId ?? sections[0]?.id ?? null}
              drawn={drawnSections.length}
              onSelect={setCategoryId}
              onBeforeJump={() => flushSync(showAll)}
            />
          )}
          {drawnSections.map((section) => (
            <section
              key={section.id}
              id={sectionAnchor(section.id)}
              data-section={section.id}
              className="guest-menu__section"
              aria-labelledby={`${sectionAnchor(section.id)}-title`}
            >
              <h2 id={`${sectionAnchor(section.id)}-title`} className="guest-menu__section-title">
                {section.name}
              </h2>
              <ul className="menu-products">{section.products.map(card)}</ul>
            </section>
          ))}
          {menus.length === 0 && <p className="muted">{t('emptyMenu')}</p>}
        </>
      )}
    </>
  );
});
