import type { MenuProduct } from '@sobremesa/contracts';
import type { CartMenuChoice, CartOptionChoice } from '@sobremesa/domain';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Modal } from '../../../components/modal/modal.tsx';
import { OptionPicker } from '../../../components/option-picker/option-picker.tsx';
import {
  incompleteOptionTypes,
  toggleOption,
  type OptionTypes,
} from '../../../components/option-picker/option-rules.ts';
import { lineUnitCents } from '../commander-cart.ts';
import { LineNotesFields } from './line-notes-fields.tsx';

export interface ProductChoice {
  readonly options: CartOptionChoice[];
  readonly comments: string;
  readonly staffComments: string;
  readonly menuChoices: CartMenuChoice[];
}

export interface ProductDialogProps {
  readonly product: MenuProduct;
  readonly staffComments: boolean;
  readonly formatMoney: (cents: number) => string;
  readonly onAdd: (choice: ProductChoice) => void;
  readonly onClose: () => void;
}

/** A product's options, a menú del día's dish per course (with the dish's options) and the notes. */
export function ProductDialog({ product, staffComments, formatMoney, onAdd, onClose }: ProductDialogProps) {
  const { t } = useTranslation('commander');
  const [options, setOptions] = useState<CartOptionChoice[]>([]);
  const [courses, setCourses] = useState<CartMenuChoice[]>([]);
  const [comments, setComments] = useState('');
  const [staffNote, setStaffNote] = useState('');

  const missingOptions = incompleteOptionTypes(product.productOptions, options);
  const missingCourses = product.menuCourses.filter((course) => {
    const picked = courses.filter((choice) => choice.courseId === course.id);
    if (picked.length < course.minChoices || picked.length > course.maxChoices) return true;
    return picked.some((choice) => {
      const item = course.items.find((candidate) => candidate.sku === choice.sku);
      return !item || incompleteOptionTypes(item.productOptions ?? [], choice.options).length > 0;
    });
  });
  const ready = missingOptions.length === 0 && missingCourses.length === 0;
  const unit = lineUnitCents({ sku: product.sku, options, quantity: 1, menuChoices: courses }, product);

  const pickDish = (courseId: number, maxChoices: number, sku: string) =>
    setCourses((current) => {
      const mine = current.filter((choice) => choice.courseId === courseId);
      const others = current.filter((choice) => choice.courseId !== courseId);
      if (mine.some((choice) => choice.sku === sku))
        return maxChoices <= 1
          ? current
          : current.filter((choice) => choice.courseId !== courseId || choice.sku !== sku);
      if (maxChoices <= 1) return [...others, { courseId, sku, options: [] }];
      return mine.length >= maxChoices ? current : [...current, { courseId, sku, options: [] }];
    });
  const pickDishOption = (
    courseId: number,
    sku: string,
    types: OptionTypes,
    typeId: number,
    optionId: number,
  ) =>
    setCourses((current) =>
      current.map((choice) =>
        choice.courseId === courseId && choice.sku === sku
          ? { ...choice, options: toggleOption(types, choice.options, typeId, optionId) }
          : choice,
      ),
    );

  return (
    <Modal open title={product.name} onClose={onClose} size="large" className="commander-product">
      <form
        className="commander-product__form"
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) onAdd({ options, comments, staffComments: staffNote, menuChoices: courses });
        }}
      >
        {product.description && <p className="commander-product__description">{product.description}</p>}
        <OptionPicker
          variant="staff"
          types={product.productOptions}
          chosen={options}
          missing={missingOptions}
          formatMoney={formatMoney}
          onToggle={(typeId, optionId) =>
            setOptions((current) => toggleOption(product.productOptions, current, typeId, optionId))
          }
        />
        {product.menuCourses.map((course) => {
          const picked = courses.filter((choice) => choice.courseId === course.id);
          return (
            <fieldset key={course.id} className="commander-choices">
              <legend>
                {course.name}
                {missingCourses.includes(course) && (
                  <span className="commander-choices__required"> · {t('product.required')}</span>
                )}
              </legend>
              <div className="commander-choices__options">
                {course.items.map((item) => {
                  const selected = picked.some((choice) => choice.sku === item.sku);
                  return (
                    <label
                      key={item.sku}
                      className={`commander-choice${selected ? ' commander-choice--selected' : ''}`}
                    >
                      <input
                        type={course.maxChoices <= 1 ? 'radio' : 'checkbox'}
                        name={`course-${course.id}`}
                        checked={selected}
                        disabled={!item.available}
                        onChange={() => pickDish(course.id, course.maxChoices, item.sku)}
                      />
                      <span>{item.name}</span>
                      {item.supplementCents > 0 && (
                        <span className="commander-choice__price">+{formatMoney(item.supplementCents)}</span>
                      )}
                      {!item.available && <span className="commander-sold-out">{t('soldOut')}</span>}
                    </label>
                  );
                })}
              </div>
              {picked.map((choice) => {
                const item = course.items.find((candidate) => candidate.sku === choice.sku);
                const types = item?.productOptions ?? [];
                if (!item || types.length === 0) return null;
                return (
                  <div key={choice.sku} className="commander-choices__dish">
                    <p className="commander-choices__dish-name">
                      {t('product.optionsOf', { name: item.name })}
                    </p>
                    <OptionPicker
                      variant="staff"
                      types={types}
                      chosen={choice.options}
                      missing={incompleteOptionTypes(types, choice.options)}
                      formatMoney={formatMoney}
                      onToggle={(typeId, optionId) =>
                        pickDishOption(course.id, choice.sku, types, typeId, optionId)
                      }
                    />
                  </div>
                );
              })}
            </fieldset>
          );
        })}
        <LineNotesFields
          comments={comments}
          staffNote={staffNote}
          staffComments={staffComments}
          onComments={setComments}
          onStaffNote={setStaffNote}
        />
        <div className="commander-product__footer">
          {!ready && <p className="commander-product__missing">{t('product.incomplete')}</p>}
          <button type="submit" className="button button--primary button--large" disabled={!ready}>
            {t('product.add', { price: formatMoney(unit) })}
          </button>
        </div>
      </form>
    </Modal>
  );
}
