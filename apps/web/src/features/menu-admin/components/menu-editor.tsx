import type { MenuGetResponse, MenuProduct } from '@sobremesa/contracts';
import { QueryFallback } from './query-fallback.tsx';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { toast } from '../../../components/toast/toast-store.ts';
import { StaffTextField } from '../../../components/staff-text-field.tsx';
import { serverMessage } from '../../../lib/api-client.ts';
import {
  menuAdminCalls,
  useMenuToolsWrite,
  menuProductsQuery,
  menuTreeQuery,
} from '../api/menu-admin-api.ts';
import {
  categoriesOf,
  categoryOptions,
  centsToInput,
  dayMenuProducts,
  findProducts,
  priceInputToCents,
} from '../menu-admin-rules.ts';

/**
 * The edit menus overlay (spec §2): day-menu editing for the roles allowed (decision 009's
 * `editMenuProduct`): which categories of the menus list a product, its name and its price (a price
 * change is audited by the server).
 */
export function MenuEditor({ roleId }: { readonly roleId: number | null }) {
  const products = useQuery(menuProductsQuery(roleId));
  const tree = useQuery(menuTreeQuery(roleId));
  if (!products.data || !tree.data)
    return (
      <QueryFallback
        failed={products.isError || tree.isError}
        onRetry={() => void Promise.all([products.refetch(), tree.refetch()])}
      />
    );
  return <Editor roleId={roleId} products={products.data.menuProducts} tree={tree.data} />;
}

function Editor(props: {
  readonly roleId: number | null;
  readonly products: readonly MenuProduct[];
  readonly tree: MenuGetResponse;
}) {
  const { roleId, tree } = props;
  const { t } = useTranslation('commander');
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const list = query.trim()
    ? findProducts(props.products, query)
    : dayMenuProducts(tree.menus, props.products);
  const product = props.products.find((entry) => entry.id === selected);

  return (
    <div className="menu-editor">
      <div className="menu-editor__pick">
        <StaffTextField label={t('editor.search')} value={query} onChange={setQuery} />
        <ul className="menu-editor__list">
          {list.map((entry) => (
            <li key={entry.id}>
              <button
                type="button"
                className="button button--block menu-editor__product"
                aria-pressed={entry.id === selected}
                onClick={() => setSelected(entry.id)}
              >
                {entry.name}
              </button>
            </li>
          ))}
        </ul>
      </div>
      {product ? (
        <ProductForm
          key={`${product.id}-${product.priceCents}-${product.name}`}
          product={product}
          roleId={roleId}
          initialCategories={categoriesOf(tree.menus, product.id)}
          categories={categoryOptions(tree.menus)}
        />
      ) : (
        <p className="commander-hint">{t('editor.pick')}</p>
      )}
    </div>
  );
}

function ProductForm(props: {
  readonly product: MenuProduct;
  readonly roleId: number | null;
  readonly initialCategories: readonly number[];
  readonly categories: ReturnType<typeof categoryOptions>;
}) {
  const { product, roleId } = props;
  const { t } = useTranslation('commander');
  const { write, busy } = useMenuToolsWrite('taken');
  const [name, setName] = useState(product.name);
  const [price, setPrice] = useState(centsToInput(product.priceCents));
  const [visible, setVisible] = useState(product.isVisible);
  const [listed, setListed] = useState<number[]>([...props.initialCategories]);
  const nameId = useId();
  const priceId = useId();
  const priceCents = priceInputToCents(price);
  const menus = [...new Set(props.categories.map((entry) => entry.menuName))];

  async function save(event: FormEvent) {
    event.preventDefault();
    if (priceCents === null || !name.trim()) return;
    const sameCategories =
      listed.length === props.initialCategories.length &&
      listed.every((id) => props.initialCategories.includes(id));
    try {
      const edit = {
        id: product.id,
        ...(name.trim() !== product.name ? { name: name.trim() } : {}),
        ...(priceCents !== product.priceCents ? { priceCents } : {}),
        ...(visible !== product.isVisible ? { isVisible: visible } : {}),
        ...(sameCategories ? {} : { categoryIds: listed }),
      };
      await write(() => menuAdminCalls(roleId).update(edit));
      toast.success(t('editor.saved', { name: name.trim() }));
    } catch (error) {
      toast.error(serverMessage(error, t('errors.network')));
    }
  }

  return (
    <form className="menu-editor__form" onSubmit={(event) => void save(event)}>
      <label className="commander-field" htmlFor={nameId}>
        {t('editor.name')}
      </label>
      <input
        id={nameId}
        className="commander-search"
        value={name}
        maxLength={200}
        required
        onChange={(event) => setName(event.target.value)}
      />
      <label className="commander-field" htmlFor={priceId}>
        {t('editor.price')}
      </label>
      <input
        id={priceId}
        className="commander-search"
        inputMode="decimal"
        value={price}
        aria-invalid={priceCents === null}
        aria-describedby={priceCents === null ? `${priceId}-error` : undefined}
        onChange={(event) => setPrice(event.target.value)}
      />
      {priceCents === null && (
        <p id={`${priceId}-error`} className="commander-product__missing">
          {t('editor.badPrice')}
        </p>
      )}
      <label className="commander-choice">
        <input type="checkbox" checked={visible} onChange={(event) => setVisible(event.target.checked)} />
        <span>{t('editor.visible')}</span>
      </label>
      {menus.map((menuName) => (
        <fieldset key={menuName} className="commander-choices">
          <legend>{t('editor.listedIn', { menu: menuName })}</legend>
          <div className="commander-choices__options">
            {props.categories
              .filter((entry) => entry.menuName === menuName)
              .map((entry) => (
                <label key={entry.id} className="commander-choice">
                  <input
                    type="checkbox"
                    checked={listed.includes(entry.id)}
                    onChange={(event) =>
                      setListed((current) =>
                        event.target.checked
                          ? [...current, entry.id]
                          : current.filter((id) => id !== entry.id),
                      )
                    }
                  />
                  <span>{entry.name}</span>
                </label>
              ))}
          </div>
        </fieldset>
      ))}
      <button
        type="submit"
        className="button button--primary button--large"
        disabled={busy || priceCents === null || !name.trim()}
      >
        {t('save')}
      </button>
    </form>
  );
}
