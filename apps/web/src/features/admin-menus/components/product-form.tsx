import type { AdminMenusResponse, AdminProduct } from '@sobremesa/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { draftOf, emptyDraft, inputOf, type ProductDraft } from '../admin-menus-model.ts';
import { adminMenuCalls } from '../api/admin-menus-api.ts';
import { MenuCheck, MenuField, MenuIdSelect, MenuInput, useFieldError } from './menu-field.tsx';
import { MenuFormActions } from './menu-form-actions.tsx';
import { useMenuWrite } from './use-menu-write.ts';

interface ProductFormProps {
  readonly data: AdminMenusResponse;
  /** The product edited; null for a new one, listed in `categoryId`. */
  readonly product: AdminProduct | null;
  readonly categoryId: number | null;
  /** After a save or a removal: refetches, and names the product to show next. */
  /** Told the product stored (none after a removal), to select it. */
  readonly done: (productId: number | null) => void;
}

const percent = (bp: number) => `${(bp / 100).toLocaleString()} %`;

/**
 * Every field of a product (issue 22 item 4). A save carries the version the form was opened on, so
 * another admin's change meanwhile is a 409 shown here, not overwritten. The photo is uploaded beside it
 * (decision 061), once the product exists.
 */
export function ProductForm({ data, product, categoryId, done }: ProductFormProps) {
  const { t } = useTranslation('adminMenus');
  const [draft, setDraft] = useState<ProductDraft>(() =>
    product
      ? draftOf(product)
      : emptyDraft(categoryId, data.vatRatesBp.includes(1000) ? 1000 : data.vatRatesBp[0]!),
  );
  const { run, busy: saving, failure } = useMenuWrite();
  const fieldError = useFieldError(failure);
  const id = (field: string) => `product-${product?.id ?? 'new'}-${field}`;
  const set = (patch: Partial<ProductDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const menuName = new Map(data.menus.map((menu) => [menu.id, menu.name]));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const saved = await run(
      () =>
        product
          ? adminMenuCalls.products.update(product.id, inputOf(draft, product.version))
          : adminMenuCalls.products.create(inputOf(draft, undefined)),
      () => t('product.saved', { name: draft.name }),
    );
    if (saved) done(saved.id ?? null);
  }

  async function remove() {
    if (!product) return;
    const removed = await run(
      () => adminMenuCalls.products.remove(product.id),
      (reply) =>
        t(reply.removal === 'archived' ? 'product.archived' : 'product.deleted', { name: product.name }),
    );
    if (removed) done(null);
  }

  const toggle = (list: readonly number[], value: number, on: boolean) =>
    on ? [...list, value] : list.filter((item) => item !== value);

  return (
    <form
      className="admin-section__form admin-menus__product"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <MenuInput
        id={id('name')}
        label={t('product.name')}
        error={fieldError('name')}
        value={draft.name}
        onChange={(name) => set({ name })}
      />
      <MenuField id={id('description')} label={t('product.description')} error={fieldError('description')}>
        {(props) => (
          <textarea
            {...props}
            className="input admin-field__textarea"
            value={draft.description}
            onChange={(event) => set({ description: event.target.value })}
          />
        )}
      </MenuField>
      <div className="admin-menus__pair">
        <MenuInput
          id={id('price')}
          label={t('product.price')}
          hint={t('product.priceHint')}
          error={fieldError('priceCents')}
          inputMode="decimal"
          value={draft.price}
          onChange={(price) => set({ price })}
        />
        <MenuField id={id('vat')} label={t('product.vat')} error={fieldError('vatRateBp')}>
          {(props) => (
            <select
              {...props}
              className="input"
              value={draft.vatRateBp}
              onChange={(event) => set({ vatRateBp: Number(event.target.value) })}
            >
              {data.vatRatesBp.map((bp) => (
                <option key={bp} value={bp}>
                  {percent(bp)}
                </option>
              ))}
            </select>
          )}
        </MenuField>
      </div>
      <div className="admin-menus__pair">
        <MenuField id={id('type')} label={t('product.type')} error={fieldError('type')}>
          {(props) => (
            <select
              {...props}
              className="input"
              value={draft.type}
              onChange={(event) => set({ type: event.target.value === 'bebida' ? 'bebida' : 'comida' })}
            >
              <option value="comida">{t('product.food')}</option>
              <option value="bebida">{t('product.drink')}</option>
            </select>
          )}
        </MenuField>
        <MenuIdSelect
          id={id('dishClass')}
          label={t('product.dishClass')}
          error={fieldError('dishClassId')}
          value={draft.dishClassId}
          onChange={(dishClassId) => set({ dishClassId })}
          none={t('product.noDishClass')}
          options={data.dishClasses}
        />
      </div>
      <MenuCheck
        id={id('visible')}
        label={t('product.visible')}
        checked={draft.isVisible}
        onChange={(isVisible) => set({ isVisible })}
      />
      <MenuCheck
        id={id('top')}
        label={t('product.topChoice')}
        checked={draft.topChoice}
        onChange={(topChoice) => set({ topChoice })}
      />
      <MenuCheck
        id={id('isMenu')}
        label={t('product.isMenu')}
        checked={draft.isMenu}
        onChange={(isMenu) => set({ isMenu })}
      />
      <MenuCheck
        id={id('unitary')}
        label={t('product.unitary')}
        checked={draft.isUnitary}
        onChange={(isUnitary) => set({ isUnitary })}
      />
      {fieldError('isUnitary') && <p className="admin-field__error">{fieldError('isUnitary')}</p>}
      {draft.isUnitary && (
        <div className="admin-menus__pair">
          <MenuInput
            id={id('min')}
            label={t('product.servingQtyMin')}
            error={fieldError('servingQtyMin')}
            inputMode="numeric"
            value={draft.servingQtyMin}
            onChange={(servingQtyMin) => set({ servingQtyMin })}
          />
          <MenuInput
            id={id('step')}
            label={t('product.unitaryIncrement')}
            error={fieldError('unitaryIncrement')}
            inputMode="numeric"
            value={draft.unitaryIncrement}
            onChange={(unitaryIncrement) => set({ unitaryIncrement })}
          />
        </div>
      )}

      <fieldset className="admin-choices">
        <legend className="field__label">{t('product.allergens')}</legend>
        <ul className="admin-menus__allergens">
          {data.allergens.map((allergen) => {
            const entry = draft.allergens.find((row) => row.allergenId === allergen.id);
            return (
              <li key={allergen.id} className="admin-menus__allergen">
                <MenuCheck
                  id={id(`allergen-${allergen.id}`)}
                  label={allergen.name}
                  checked={entry !== undefined}
                  onChange={(on) =>
                    set({
                      allergens: on
                        ? [...draft.allergens, { allergenId: allergen.id, mayContainTraces: false }]
                        : draft.allergens.filter((row) => row.allergenId !== allergen.id),
                    })
                  }
                />
                {entry && (
                  <MenuCheck
                    id={id(`traces-${allergen.id}`)}
                    label={t('product.traces', { name: allergen.name })}
                    checked={entry.mayContainTraces}
                    onChange={(mayContainTraces) =>
                      set({
                        allergens: draft.allergens.map((row) =>
                          row.allergenId === allergen.id ? { ...row, mayContainTraces } : row,
                        ),
                      })
                    }
                  />
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>

      <fieldset className="admin-choices">
        <legend className="field__label">{t('product.categories')}</legend>
        <ul className="admin-choices__list">
          {data.categories.map((category) => (
            <li key={category.id}>
              <MenuCheck
                id={id(`category-${category.id}`)}
                label={`${menuName.get(category.menuId) ?? ''} › ${category.name}`}
                checked={draft.categoryIds.includes(category.id)}
                onChange={(on) => set({ categoryIds: toggle(draft.categoryIds, category.id, on) })}
              />
            </li>
          ))}
        </ul>
      </fieldset>

      {data.optionTypes.length > 0 && (
        <fieldset
          className="admin-choices"
          aria-describedby={fieldError('optionTypeIds') ? id('optionTypes-error') : undefined}
        >
          <legend className="field__label">{t('product.optionTypes')}</legend>
          {fieldError('optionTypeIds') && (
            <p id={id('optionTypes-error')} className="admin-field__error">
              {fieldError('optionTypeIds')}
            </p>
          )}
          <ul className="admin-choices__list">
            {data.optionTypes.map((type) => (
              <li key={type.id}>
                <MenuCheck
                  id={id(`option-type-${type.id}`)}
                  label={type.name}
                  checked={draft.optionTypeIds.includes(type.id)}
                  onChange={(on) => set({ optionTypeIds: toggle(draft.optionTypeIds, type.id, on) })}
                />
              </li>
            ))}
          </ul>
        </fieldset>
      )}

      <MenuFormActions
        failure={failure}
        save={saving ? t('saving') : product ? t('save') : t('product.create')}
        busy={saving}
        remove={product && { label: t('product.remove', { name: product.name }), run: () => void remove() }}
      />
    </form>
  );
}
