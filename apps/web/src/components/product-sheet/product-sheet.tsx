import type { MenuProduct } from '@sobremesa/contracts';
import { isDrink, type CartOptionChoice } from '@sobremesa/domain';
import { Fragment, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Modal } from '../modal/modal.tsx';
import { OptionPicker } from '../option-picker/option-picker.tsx';
import { incompleteOptionTypes, toggleOption, type OptionTypes } from '../option-picker/option-rules.ts';
import { unitPrice, type MenuPick } from '../../lib/guest-menu/guest-cart.ts';
import { enabledOptionTypes } from '../../lib/guest-menu/menu-model.ts';

export interface ProductChoice {
  readonly options: CartOptionChoice[];
  readonly picks: MenuPick[];
  readonly comments?: string;
}

/** A course dish picked in the sheet: its options are always known here, an empty list included. */
type PickedDish = MenuPick & { readonly options: readonly CartOptionChoice[] };

interface ProductSheetProps {
  readonly product: MenuProduct;
  readonly canOrder: boolean;
  readonly showLargePicture: boolean;
  readonly formatMoney: (cents: number) => string;
  readonly onAdd: (choice: ProductChoice) => void;
  readonly onClose: () => void;
}

/**
 * A dish's information (description, allergens, the large picture when the venue shows it) and, when the
 * guest may order, its choices: options with their price modifiers (a breakfast's several option types
 * alike), one dish per course of a menú del día with that dish's own options right under it (a beer's
 * size inside the menu), a comment for the kitchen.
 */
export function ProductSheet({
  product,
  canOrder,
  showLargePicture,
  formatMoney,
  onAdd,
  onClose,
}: ProductSheetProps) {
  const { t } = useTranslation('menu');
  const formId = useId();
  const optionTypes = enabledOptionTypes(product);
  // Nothing is chosen for the guest: a required choice left as it came would be a choice they never made.
  const [options, setOptions] = useState<CartOptionChoice[]>([]);
  const [courses, setCourses] = useState<Record<number, PickedDish>>({});
  const [comment, setComment] = useState('');
  // Once the guest tried to add, what is still missing is said by the button and flagged where it is asked.
  const [tried, setTried] = useState(false);
  const orderable = canOrder && product.available;
  const unitary = product.isUnitary === 'SI';

  const picks: MenuPick[] = Object.values(courses);
  const firstQuantity = unitary ? Math.max(1, product.servingQtyMin) : 1;
  const price = unitPrice(product, options, picks) * firstQuantity;
  const problem = tried ? firstProblem() : null;

  /** The first thing still missing, in the order the sheet shows it; null when the dish can be added. */
  function firstProblem(): string | null {
    const missing = incompleteOptionTypes(optionTypes, options);
    const type = optionTypes.find((candidate) => missing.includes(candidate.id));
    if (type)
      return type.maxChoices === 1
        ? t('sheet.optionProblem', { name: type.name })
        : t('sheet.optionsProblem', { name: type.name, min: type.minChoices, max: type.maxChoices });
    for (const course of product.menuCourses) {
      const pick = courses[course.id];
      if (!pick) {
        if (course.minChoices > 0) return t('sheet.courseProblem', { name: course.name });
        continue;
      }
      const item = course.items.find((candidate) => candidate.sku === pick.sku);
      const types = item?.productOptions ?? [];
      const dishMissing = incompleteOptionTypes(types, pick.options);
      const dishType = types.find((candidate) => dishMissing.includes(candidate.id));
      if (item && dishType)
        return dishType.maxChoices === 1
          ? t('sheet.dishOptionProblem', { name: dishType.name, dish: item.name })
          : t('sheet.dishOptionsProblem', {
              name: dishType.name,
              dish: item.name,
              min: dishType.minChoices,
              max: dishType.maxChoices,
            });
    }
    return null;
  }

  function pickDish(courseId: number, sku: string) {
    setCourses((current) => ({ ...current, [courseId]: { courseId, sku, options: [] } }));
  }

  function toggleDishOption(courseId: number, types: OptionTypes, typeId: number, optionId: number) {
    setCourses((current) => {
      const pick = current[courseId];
      if (!pick) return current;
      return {
        ...current,
        [courseId]: { ...pick, options: toggleOption(types, pick.options, typeId, optionId) },
      };
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (!firstProblem()) onAdd({ options, picks, comments: comment.trim() || undefined });
  }

  return (
    <Modal open title={product.name} onClose={onClose} className="menu-sheet">
      {product.pictureUrl && (
        <img
          className={
            showLargePicture ? 'menu-sheet__picture menu-sheet__picture--large' : 'menu-sheet__picture'
          }
          src={product.pictureUrl}
          alt=""
        />
      )}
      {product.description && <p className="menu-sheet__description">{product.description}</p>}
      <p className="menu-sheet__price">
        {formatMoney(product.priceCents)}
        {unitary && ` ${t('product.perPiece')}`}
      </p>
      {unitary && (
        <p className="muted">
          {t('product.unitaryRule', { min: product.servingQtyMin, step: product.unitaryIncrement })}
        </p>
      )}
      <section className="menu-sheet__allergens" aria-label={t('product.allergens')}>
        <h3 className="menu-sheet__subheading">{t('product.allergens')}</h3>
        {product.allergens.length === 0 ? (
          <p className="muted">{t('product.noAllergens')}</p>
        ) : (
          <ul className="menu-allergens">
            {product.allergens.map((allergen) => (
              <li key={allergen.id} className="menu-allergens__item">
                {allergen.name}
                {allergen.mayContainTraces && ` (${t('product.traces')})`}
              </li>
            ))}
          </ul>
        )}
      </section>
      {!product.available && (
        <p className="notice notice--warning" role="status">
          {t('product.soldOutLong')}
        </p>
      )}
      {orderable && (
        <form id={formId} className="menu-sheet__form" onSubmit={submit} noValidate>
          <OptionPicker
            types={optionTypes}
            chosen={options}
            missing={tried ? incompleteOptionTypes(optionTypes, options) : []}
            formatMoney={formatMoney}
            onToggle={(typeId, optionId) =>
              setOptions((current) => toggleOption(optionTypes, current, typeId, optionId))
            }
          />
          {product.menuCourses.map((course) => (
            <fieldset key={course.id} className="menu-choice">
              <legend className="menu-choice__legend">{course.name}</legend>
              {course.items.map((item) => {
                const pick = courses[course.id];
                const picked = pick?.sku === item.sku;
                const types = item.productOptions ?? [];
                return (
                  <Fragment key={item.sku}>
                    <label
                      className={`menu-choice__option${item.available ? '' : ' menu-choice__option--sold-out'}`}
                    >
                      <input
                        type="radio"
                        name={`course-${course.id}`}
                        disabled={!item.available}
                        checked={picked}
                        onChange={() => pickDish(course.id, item.sku)}
                      />
                      <span className="menu-choice__name">{item.name}</span>
                      {!item.available && <span className="menu-choice__extra">{t('product.soldOut')}</span>}
                      {item.available && item.supplementCents > 0 && (
                        <span className="menu-choice__extra">+{formatMoney(item.supplementCents)}</span>
                      )}
                    </label>
                    {picked && types.length > 0 && (
                      <div className="menu-choice__dish-options">
                        <OptionPicker
                          types={types}
                          chosen={pick.options}
                          missing={tried ? incompleteOptionTypes(types, pick.options) : []}
                          formatMoney={formatMoney}
                          onToggle={(typeId, optionId) =>
                            toggleDishOption(course.id, types, typeId, optionId)
                          }
                        />
                      </div>
                    )}
                  </Fragment>
                );
              })}
            </fieldset>
          ))}
          <div className="field">
            <label className="field__label" htmlFor={`${formId}-comment`}>
              {/* A drink's note goes to whoever pours it. */}
              {t(isDrink(product.type) ? 'sheet.commentBar' : 'sheet.comment')}
            </label>
            <textarea
              id={`${formId}-comment`}
              className="input"
              rows={2}
              maxLength={500}
              value={comment}
              placeholder={t('sheet.commentHint')}
              onChange={(event) => setComment(event.target.value)}
            />
          </div>
          {/* Stays at the bottom of the sheet while the guest scrolls through the choices. */}
          <div className="menu-sheet__add">
            {problem && (
              <p className="notice notice--error" role="alert">
                {problem}
              </p>
            )}
            <button type="submit" className="button button--primary button--block button--large">
              {t('sheet.add', { price: formatMoney(price) })}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
