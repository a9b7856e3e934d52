import type { MenuProduct } from '@sobremesa/contracts';
import { QueryFallback } from './query-fallback.tsx';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { toast } from '../../../components/toast/toast-store.ts';
import { StaffTextField } from '../../../components/staff-text-field.tsx';
import { serverMessage } from '../../../lib/api-client.ts';
import { menuAdminCalls, useMenuToolsWrite, menuProductsQuery } from '../api/menu-admin-api.ts';
import { findProducts } from '../menu-admin-rules.ts';

export interface AvailabilityManagerProps {
  readonly roleId: number | null;
  readonly canAvailability: boolean;
  readonly canTopChoice: boolean;
}

/**
 * The product availability manager (spec §2 overlay): find a product, mark it sold out or back (every
 * open menu and commander follows at once, and new orders for it are refused) and, for the roles that
 * may, mark it a top choice.
 */
export function AvailabilityManager(props: AvailabilityManagerProps) {
  const query = useQuery(menuProductsQuery(props.roleId));
  if (!query.data) return <QueryFallback failed={query.isError} onRetry={() => void query.refetch()} />;
  return <ProductList {...props} products={query.data.menuProducts} />;
}

function ProductList({
  roleId,
  canAvailability,
  canTopChoice,
  products: all,
}: AvailabilityManagerProps & { readonly products: readonly MenuProduct[] }) {
  const { t } = useTranslation('commander');
  // A refused toggle may mean the list was stale: it is read again either way.
  const { write } = useMenuToolsWrite('answered');
  const [query, setQuery] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  const calls = menuAdminCalls(roleId);
  const products = findProducts(all, query);

  async function run(product: MenuProduct, work: () => Promise<unknown>, done: string) {
    setBusy(product.id);
    try {
      await write(work);
      toast.success(done);
    } catch (error) {
      toast.error(serverMessage(error, t('errors.network')));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="availability">
      <StaffTextField label={t('availability.search')} value={query} onChange={setQuery} autoFocus />
      {products.length === 0 && <p className="commander-hint">{t('search.none')}</p>}
      <ul className="availability__list">
        {products.map((product) => (
          <li
            key={product.id}
            className={`availability__row${product.available ? '' : ' availability__row--off'}`}
          >
            <div className="availability__name">
              <p>{product.name}</p>
              <p className="availability__state">
                {product.available ? t('availability.available') : t('soldOut')}
                {product.topChoice === 'SI' && ` · ★ ${t('topChoice')}`}
              </p>
            </div>
            {canAvailability && (
              <button
                type="button"
                className={`button button--large${product.available ? '' : ' button--primary'}`}
                disabled={busy === product.id}
                onClick={() =>
                  void run(
                    product,
                    () => calls.setAvailable(product.id, !product.available),
                    product.available
                      ? t('availability.doneSoldOut', { name: product.name })
                      : t('availability.doneAvailable', { name: product.name }),
                  )
                }
              >
                {product.available ? t('availability.soldOutAction') : t('availability.availableAction')}
                {/* The dish for the ear only: the row shows it, and the name starts with what the button shows. */}
                <span className="visually-hidden"> {product.name}</span>
              </button>
            )}
            {canTopChoice && (
              <button
                type="button"
                className="button button--large"
                aria-pressed={product.topChoice === 'SI'}
                disabled={busy === product.id}
                onClick={() =>
                  void run(
                    product,
                    () => calls.setTopChoice(product.id, product.topChoice !== 'SI'),
                    t('availability.doneTopChoice', { name: product.name }),
                  )
                }
              >
                <span aria-hidden="true">★ </span>
                {t('topChoice')}
                <span className="visually-hidden"> {product.name}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
