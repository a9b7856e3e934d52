import type { AdminMenusResponse, AdminProduct } from '@sobremesa/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { centsToInput, inputToCents } from '../admin-menus-model.ts';
import { adminMenuCalls } from '../api/admin-menus-api.ts';
import { MenuField, MenuIdSelect, MenuInput, useFieldError } from './menu-field.tsx';
import { MenuFailure } from './menu-form-actions.tsx';
import { useMenuWrite } from './use-menu-write.ts';

interface ItemDraft {
  readonly key: string;
  /** `p12` for a product, `c3` for a whole category, '' while unchosen. */
  readonly target: string;
  readonly supplement: string;
}

interface CourseDraft {
  readonly key: string;
  readonly id?: number;
  readonly name: string;
  readonly dishClassId: number | null;
  readonly minChoices: string;
  readonly maxChoices: string;
  readonly items: readonly ItemDraft[];
}

let nextKey = 0;
const fresh = () => `k${(nextKey += 1)}`;

function draftsOf(product: AdminProduct): CourseDraft[] {
  return product.courses.map((course) => ({
    key: `c${course.id}`,
    id: course.id,
    name: course.name,
    dishClassId: course.dishClassId,
    minChoices: String(course.minChoices),
    maxChoices: String(course.maxChoices),
    items: course.items.map((item) => ({
      key: fresh(),
      target: item.productId !== null ? `p${item.productId}` : `c${item.categoryId ?? ''}`,
      supplement: centsToInput(item.supplementCents),
    })),
  }));
}

const count = (value: string) => (/^\s*\d+\s*$/.test(value) ? Number(value) : value);

/**
 * The courses of a menú del día (Primeros, Segundos, Postre): what the guest chooses from in each, a
 * product or a whole category, and the supplement a choice adds to the menu's price.
 */
export function CoursesForm({
  data,
  product,
}: {
  readonly data: AdminMenusResponse;
  readonly product: AdminProduct;
}) {
  const { t } = useTranslation('adminMenus');
  const [courses, setCourses] = useState<CourseDraft[]>(() => draftsOf(product));
  const { run, failure } = useMenuWrite();
  const fieldError = useFieldError(failure);
  const choosable = data.products.filter((row) => row.id !== product.id && !row.isMenu);

  const patch = (key: string, change: Partial<CourseDraft>) =>
    setCourses((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const patchItem = (course: CourseDraft, key: string, change: Partial<ItemDraft>) =>
    patch(course.key, {
      items: course.items.map((item) => (item.key === key ? { ...item, ...change } : item)),
    });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = courses.map((course) => ({
      ...(course.id === undefined ? {} : { id: course.id }),
      name: course.name,
      dishClassId: course.dishClassId,
      minChoices: count(course.minChoices),
      maxChoices: count(course.maxChoices),
      items: course.items.map((item) => ({
        productId: item.target.startsWith('p') ? Number(item.target.slice(1)) : null,
        categoryId: item.target.startsWith('c') ? Number(item.target.slice(1)) : null,
        supplementCents: inputToCents(item.supplement) ?? item.supplement,
      })),
    }));
    await run(
      () => adminMenuCalls.saveCourses(product.id, body),
      () => t('courses.saved', { name: product.name }),
    );
  }

  return (
    <form className="admin-section__form" noValidate onSubmit={(event) => void submit(event)}>
      {courses.map((course, index) => {
        const prefix = `course-${course.key}`;
        const path = `courses.${index}`;
        return (
          <fieldset key={course.key} className="admin-choices">
            <legend className="field__label">
              {course.name || t('courses.course', { position: index + 1 })}
            </legend>
            <div className="admin-menus__option">
              <MenuInput
                id={`${prefix}-name`}
                label={t('courses.name')}
                error={fieldError(`${path}.name`)}
                value={course.name}
                onChange={(name) => patch(course.key, { name })}
              />
              <MenuIdSelect
                id={`${prefix}-class`}
                label={t('product.dishClass')}
                error={undefined}
                value={course.dishClassId}
                onChange={(dishClassId) => patch(course.key, { dishClassId })}
                none={t('product.noDishClass')}
                options={data.dishClasses}
              />
              <MenuInput
                id={`${prefix}-min`}
                label={t('optionTypes.min')}
                error={fieldError(`${path}.minChoices`)}
                inputMode="numeric"
                value={course.minChoices}
                onChange={(minChoices) => patch(course.key, { minChoices })}
              />
              <MenuInput
                id={`${prefix}-max`}
                label={t('optionTypes.max')}
                error={fieldError(`${path}.maxChoices`)}
                inputMode="numeric"
                value={course.maxChoices}
                onChange={(maxChoices) => patch(course.key, { maxChoices })}
              />
            </div>
            <ul className="admin-menus__options">
              {course.items.map((item, itemIndex) => (
                <li key={item.key} className="admin-menus__option">
                  <MenuField
                    id={`${prefix}-${item.key}-target`}
                    label={t('courses.item', { position: itemIndex + 1 })}
                    error={fieldError(`${path}.items.${itemIndex}`)}
                  >
                    {(props) => (
                      <select
                        {...props}
                        className="input"
                        value={item.target}
                        onChange={(event) => patchItem(course, item.key, { target: event.target.value })}
                      >
                        <option value="">{t('courses.choose')}</option>
                        <optgroup label={t('courses.products')}>
                          {choosable.map((row) => (
                            <option key={row.id} value={`p${row.id}`}>
                              {row.name}
                            </option>
                          ))}
                        </optgroup>
                        <optgroup label={t('courses.categories')}>
                          {data.categories.map((row) => (
                            <option key={row.id} value={`c${row.id}`}>
                              {row.name}
                            </option>
                          ))}
                        </optgroup>
                      </select>
                    )}
                  </MenuField>
                  <MenuInput
                    id={`${prefix}-${item.key}-supplement`}
                    label={t('courses.supplement')}
                    error={fieldError(`${path}.items.${itemIndex}.supplementCents`)}
                    inputMode="decimal"
                    value={item.supplement}
                    onChange={(supplement) => patchItem(course, item.key, { supplement })}
                  />
                  <button
                    type="button"
                    className="button button--quiet"
                    onClick={() =>
                      patch(course.key, { items: course.items.filter((entry) => entry.key !== item.key) })
                    }
                  >
                    {t('courses.removeItem', { position: itemIndex + 1 })}
                  </button>
                </li>
              ))}
            </ul>
            <div className="admin-section__actions">
              <button
                type="button"
                className="button"
                onClick={() =>
                  patch(course.key, {
                    items: [...course.items, { key: fresh(), target: '', supplement: '0,00' }],
                  })
                }
              >
                {t('courses.addItem')}
              </button>
              <button
                type="button"
                className="button button--quiet"
                onClick={() => setCourses((current) => current.filter((row) => row.key !== course.key))}
              >
                {t('courses.removeCourse', { name: course.name || index + 1 })}
              </button>
            </div>
          </fieldset>
        );
      })}
      <MenuFailure failure={failure} />
      <div className="admin-section__actions">
        <button
          type="button"
          className="button"
          onClick={() =>
            setCourses((current) => [
              ...current,
              { key: fresh(), name: '', dishClassId: null, minChoices: '1', maxChoices: '1', items: [] },
            ])
          }
        >
          {t('courses.addCourse')}
        </button>
        <button type="submit" className="button button--primary">
          {t('courses.save')}
        </button>
      </div>
    </form>
  );
}
