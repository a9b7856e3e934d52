import type { AdminMenusResponse } from '@sobremesa/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Link } from 'react-router';
import { AdminSection } from '../../../components/admin/admin-section.tsx';
import { toast } from '../../../components/toast/toast-store.ts';
import { ImageUploadField } from '../../../components/image-upload-field.tsx';
import { mediaCalls } from '../../../lib/media-api.ts';
import { categoryTree, centsToInput, productsIn, unlistedProducts } from '../admin-menus-model.ts';
import { adminMenuCalls, adminMenusQuery, useAdminMenusWrite } from '../api/admin-menus-api.ts';
import { CoursesForm } from './courses-form.tsx';
import { failureOf } from './menu-field.tsx';
import { OptionTypeForm } from './option-type-form.tsx';
import { ProductForm } from './product-form.tsx';
import { OrderedRow } from './reorder-controls.tsx';
import { CategoryForm, MenuForm } from './structure-forms.tsx';
import { TranslationsPanel } from './translations-panel.tsx';

type ProductChoice = number | 'new' | null;

/** The row the translations panel edits: the product when one is open, else the category, else the menu. */
function translatedFields(
  data: AdminMenusResponse,
  t: (key: string) => string,
  menuId: number | null,
  categoryId: number | null,
  productId: ProductChoice,
) {
  const product =
    typeof productId === 'number' ? data.products.find((row) => row.id === productId) : undefined;
  if (product)
    return {
      title: product.name,
      fields: [
        { key: `product.${product.id}.name`, label: t('product.name') },
        { key: `product.${product.id}.description`, label: t('product.description'), multiline: true },
      ],
    };
  const category = data.categories.find((row) => row.id === categoryId);
  if (category)
    return {
      title: category.name,
      fields: [{ key: `category.${category.id}.name`, label: t('categories.name') }],
    };
  const menu = data.menus.find((row) => row.id === menuId);
  if (menu) return { title: menu.name, fields: [{ key: `menu.${menu.id}.name`, label: t('menus.name') }] };
  return null;
}

/**
 * /ebitdata/carta (issue 22 item 4, decision 060): the venue's menus, their category trees and products,
 * each product's form, the option types, the translations of what is open, and a preview as guests see
 * it. Lists reorder by dragging or with each row's move buttons.
 */
export function AdminMenus() {
  const { t } = useTranslation('adminMenus');
  const { write, busy } = useAdminMenusWrite();
  const { data } = useSuspenseQuery(adminMenusQuery);
  const [menuId, setMenuId] = useState<number | null>(data.menus[0]?.id ?? null);
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [productId, setProductId] = useState<ProductChoice>(null);

  const menu = data.menus.find((row) => row.id === menuId) ?? null;
  const tree = menu ? categoryTree(data.categories, menu.id) : [];
  const category = tree.find((node) => node.category.id === categoryId)?.category ?? null;
  const listed = category ? productsIn(data, category.id) : [];
  const product =
    typeof productId === 'number' ? (data.products.find((row) => row.id === productId) ?? null) : null;
  const translated = translatedFields(data, t as never, menu?.id ?? null, category?.id ?? null, productId);
  const menuIds = data.menus.map((row) => row.id);

  async function reorder(body: object) {
    try {
      await write(() => adminMenuCalls.reorder(body));
      toast.success(t('move.done'));
    } catch (error) {
      toast.error(failureOf(error, t).message);
    }
  }

  return (
    <div className="admin-page admin-menus">
      <h1 className="admin-page__title">{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      <p className="admin-section__actions">
        <a className="button" href="/menu" target="_blank" rel="noreferrer">
          {t('preview')}
        </a>
        <Link className="button" to="/ebitdata/carta/importar">
          {t('csv')}
        </Link>
      </p>

      <div className="admin-menus__columns">
        <AdminSection id="admin-menus-menus" title={t('menus.title')}>
          <ul className="admin-menus__list">
            {data.menus.map((row) => (
              <OrderedRow
                key={row.id}
                list="menus"
                id={row.id}
                name={row.name}
                detail={t(`menus.kinds.${row.kind}` as never)}
                hidden={!row.enabled}
                siblings={menuIds}
                reorder={(ids) => void reorder({ list: 'menus', ids })}
                busy={busy}
                picked={row.id === menuId}
                pick={() => {
                  setMenuId(row.id);
                  setCategoryId(null);
                  setProductId(null);
                }}
              />
            ))}
          </ul>
          {menu && <MenuForm key={`menu-${menu.id}`} menu={menu} />}
          <MenuForm key="menu-new" menu={null} done={setMenuId} />
        </AdminSection>

        {menu && (
          <AdminSection id="admin-menus-categories" title={t('categories.title', { menu: menu.name })}>
            {tree.length === 0 && <p className="muted">{t('categories.empty')}</p>}
            <ul className="admin-menus__list">
              {tree.map((node) => {
                const move = (ids: number[]) =>
                  void reorder({
                    list: 'categories',
                    menuId: menu.id,
                    parentId: node.category.parentId,
                    ids,
                  });
                return (
                  <OrderedRow
                    key={node.category.id}
                    list={`categories:${node.category.parentId ?? 0}`}
                    id={node.category.id}
                    name={node.category.name}
                    detail={t('categories.products', { count: node.category.productIds.length })}
                    hidden={!node.category.enabled}
                    siblings={node.siblings}
                    reorder={move}
                    busy={busy}
                    picked={node.category.id === categoryId}
                    pick={() => {
                      setCategoryId(node.category.id);
                      setProductId(null);
                    }}
                    depth={Math.min(node.depth, 4)}
                  />
                );
              })}
            </ul>
            {category && (
              <CategoryForm
                key={`category-${category.id}`}
                menuId={menu.id}
                category={category}
                tree={tree}
              />
            )}
            <CategoryForm
              key={`category-new-${menu.id}`}
              menuId={menu.id}
              category={null}
              tree={tree}
              done={setCategoryId}
            />
          </AdminSection>
        )}

        {category && (
          <AdminSection id="admin-menus-products" title={t('products.title', { category: category.name })}>
            {listed.length === 0 && <p className="muted">{t('products.empty')}</p>}
            <ul className="admin-menus__list">
              {listed.map((row) => {
                const ids = listed.map((entry) => entry.id);
                const move = (next: number[]) =>
                  void reorder({ list: 'products', categoryId: category.id, ids: next });
                return (
                  <OrderedRow
                    key={row.id}
                    list={`products:${category.id}`}
                    id={row.id}
                    name={row.name}
                    detail={`${centsToInput(row.priceCents)} €`}
                    hidden={!row.isVisible}
                    siblings={ids}
                    reorder={move}
                    busy={busy}
                    picked={row.id === productId}
                    pick={() => setProductId(row.id)}
                  />
                );
              })}
            </ul>
            <button type="button" className="button" onClick={() => setProductId('new')}>
              {t('products.new')}
            </button>
          </AdminSection>
        )}
      </div>

      {productId !== null && (
        <AdminSection
          id="admin-menus-product"
          title={product ? t('product.title', { name: product.name }) : t('product.newTitle')}
        >
          <ProductForm
            key={product ? `${product.id}:${product.version}` : `new-${category?.id ?? 0}`}
            data={data}
            product={product}
            categoryId={category?.id ?? null}
            done={setProductId}
          />
          {/* Outside the form, which is drawn anew for each stored version: an upload under way stays. */}
          {product ? (
            <ImageUploadField
              key={product.id}
              label={t('product.photo')}
              hint={t('product.photoHint')}
              currentUrl={product.pictureUrl || null}
              upload={(file, onProgress) =>
                write(() => mediaCalls.uploadProductPhoto(product.id, file, onProgress))
              }
              remove={() => write(() => mediaCalls.removeProductPhoto(product.id))}
            />
          ) : (
            <p className="muted">{t('product.photoAfterSave')}</p>
          )}
        </AdminSection>
      )}

      {product?.isMenu && (
        <AdminSection
          id="admin-menus-courses"
          title={t('courses.title', { name: product.name })}
          intro={t('courses.intro')}
        >
          <CoursesForm
            key={`${product.id}:${JSON.stringify(product.courses)}`}
            data={data}
            product={product}
          />
        </AdminSection>
      )}

      {translated && (
        <TranslationsPanel
          title={translated.title}
          fields={translated.fields}
          translations={data.translations}
        />
      )}

      {unlistedProducts(data).length > 0 && (
        <AdminSection id="admin-menus-unlisted" title={t('products.unlisted')}>
          <ul className="admin-menus__list">
            {unlistedProducts(data).map((row) => (
              <li key={row.id} className="admin-menus__row">
                <button
                  type="button"
                  className="button button--quiet admin-menus__pick"
                  onClick={() => setProductId(row.id)}
                >
                  {row.name}
                </button>
              </li>
            ))}
          </ul>
        </AdminSection>
      )}

      <AdminSection id="admin-menus-options" title={t('optionTypes.title')} intro={t('optionTypes.intro')}>
        {data.optionTypes.map((type) => (
          // Folded: a venue has many types, each with its whole list of options.
          <details key={type.id} className="admin-menus__details">
            <summary className="admin-menus__summary">
              {type.name}
              <span className="muted"> · {t('optionTypes.count', { count: type.options.length })}</span>
            </summary>
            <OptionTypeForm key={JSON.stringify(type)} type={type} />
          </details>
        ))}
        <h3 className="admin-section__title">{t('optionTypes.new')}</h3>
        <OptionTypeForm key="new" type={null} />
      </AdminSection>
    </div>
  );
}
