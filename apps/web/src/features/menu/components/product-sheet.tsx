import type { MenuProduct } from '@sobremesa/contracts';
import type { CartOptionChoice } from '@sobremesa/domain';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal/modal.tsx';
import { unitPrice, type MenuPick } from '../guest-cart.ts';
import { enabledOptionTypes } from '../menu-model.ts';

export interface ProductChoice {
  readonly options: CartOptionChoice[];
  readonly picks: MenuPick[];
  readonly comments?: string;
}

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
 * alike), one dish per course of a menú del día, a comment for the kitchen.
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
  const [chosen, setChosen] = useState<Record<number, number[]>>(() =>
    Object.fromEntries(
      optionTypes.map((type) => [
        type.id,
        type.minChoices === 1 && type.maxChoices === 1 && type.options[0] ? [type.options[0].id] : [],
      ]),
    ),
  );
  const [courses, setCourses] = useState<Record<number, string>>({});
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const orderable = canOrder && product.available;
  const unitary = product.isUnitary === 'SI';

  const options: CartOptionChoice[] = optionTypes.flatMap((type) =>
    (chosen[type.id] ?? []).map((id) => ({ optionTypeId: type.id, productChoiceId: id })),
  );
  const picks: MenuPick[] = Object.entries(courses).map(([courseId, sku]) => ({
    courseId: Number(courseId),
    sku,
  }));
  const firstQuantity = unitary ? Math.max(1, product.servingQtyMin) : 1;
  const price = unitPrice(product, options, picks) * firstQuantity;

  function toggle(typeId: number, optionId: number, single: boolean) {
    setChosen((current) => {
      const now = current[typeId] ?? [];
      if (single) return { ...current, [typeId]: [optionId] };
      return {
        ...current,
        [typeId]: now.includes(optionId) ? now.filter((id) => id !== optionId) : [...now, optionId],
      };
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    for (const type of optionTypes) {
      const count = chosen[type.id]?.length ?? 0;
      if (count < type.minChoices || count > type.maxChoices) {
        setProblem(
          t('sheet.optionsProblem', { name: type.name, min: type.minChoices, max: type.maxChoices }),
        );
        return;
      }
    }
    for (const course of product.menuCourses) {
      if (course.minChoices > 0 && !courses[course.id]) {
        setProblem(t('sheet.courseProblem', { name: course.name }));
        return;
      }
    }
    onAdd({ options, picks, comments: comment.trim() || undefined });
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
          {optionTypes.map((type) => {
            const single = type.maxChoices <= 1;
            return (
              <fieldset key={type.id} className="menu-choice">
                <legend className="menu-choice__legend">
                  {type.name}
                  <span className="muted">
                    {' '}
                    {type.minChoices > 0 ? t('sheet.required') : t('sheet.optional')}
                    {!single && ` · ${t('sheet.upTo', { count: type.maxChoices })}`}
                  </span>
                </legend>
                {type.options.map((option) => (
                  <label key={option.id} className="menu-choice__option">
                    <input
                      type={single ? 'radio' : 'checkbox'}
                      name={`type-${type.id}`}
                      checked={(chosen[type.id] ?? []).includes(option.id)}
                      onChange={() => toggle(type.id, option.id, single)}
                    />
                    <span className="menu-choice__name">{option.name}</span>
                    {option.priceModifierCents !== 0 && (
                      <span className="menu-choice__extra">
                        {option.priceModifierCents > 0 ? '+' : '−'}
                        {formatMoney(Math.abs(option.priceModifierCents))}
                      </span>
                    )}
                  </label>
                ))}
              </fieldset>
            );
          })}
          {product.menuCourses.map((course) => (
            <fieldset key={course.id} className="menu-choice">
              <legend className="menu-choice__legend">{course.name}</legend>
              {course.items.map((item) => (
                <label
                  key={item.sku}
                  className={`menu-choice__option${item.available ? '' : ' menu-choice__option--sold-out'}`}
                >
                  <input
                    type="radio"
                    name={`course-${course.id}`}
                    disabled={!item.available}
                    checked={courses[course.id] === item.sku}
                    onChange={() => setCourses((current) => ({ ...current, [course.id]: item.sku }))}
                  />
                  <span className="menu-choice__name">{item.name}</span>
                  {!item.available && <span className="menu-choice__extra">{t('product.soldOut')}</span>}
                  {item.available && item.supplementCents > 0 && (
                    <span className="menu-choice__extra">+{formatMoney(item.supplementCents)}</span>
                  )}
                </label>
              ))}
            </fieldset>
          ))}
          <div className="field">
            <label className="field__label" htmlFor={`${formId}-comment`}>
              {t('sheet.comment')}
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
          {problem && (
            <p className="notice notice--error" role="alert">
              {problem}
            </p>
          )}
          <button type="submit" className="button button--primary button--block button--large">
            {t('sheet.add', { price: formatMoney(price) })}
          </button>
        </form>
      )}
    </Modal>
  );
}
