import type { MenuProduct } from '@sobremesa/contracts';
import type { CartOptionChoice } from '@sobremesa/domain';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Modal } from '../../../components/modal/modal.tsx';
import {
  incompleteOptionTypes,
  toggleOption,
  type OptionTypes,
} from '../../../components/option-picker/option-rules.ts';
import { breakfastSteps, chosenNames, firstIncompleteStep, pickOne } from '../breakfast-steps.ts';
import { lineUnitCents } from '../commander-cart.ts';
import { LineNotesFields } from './line-notes-fields.tsx';
import type { ProductChoice } from './product-dialog.tsx';

export interface BreakfastDialogProps {
  readonly product: MenuProduct;
  readonly staffComments: boolean;
  readonly formatMoney: (cents: number) => string;
  /** `quantity` equal breakfasts: the cart merges them into one line. */
  readonly onAdd: (choice: ProductChoice, quantity: number) => void;
  readonly onClose: () => void;
}

/** One table's round; more is a typo the waiter would have to tap back down. */
const MAX_QUANTITY = 20;

/**
 * Decision 058: a breakfast taken step by step, one option type at a time in big tiles. A one-choice
 * step moves on by itself once tapped; a step of several choices has "Siguiente"; the last step holds the
 * notes. The strip on top says what is chosen so far and goes back to any step.
 */
export function BreakfastDialog({
  product,
  staffComments,
  formatMoney,
  onAdd,
  onClose,
}: BreakfastDialogProps) {
  const { t } = useTranslation('commander');
  const steps = breakfastSteps(product.productOptions);
  const notesStep = steps.length;
  const [options, setOptions] = useState<CartOptionChoice[]>([]);
  const [step, setStep] = useState(0);
  const [quantity, setQuantity] = useState(1);
  const [comments, setComments] = useState('');
  const [staffNote, setStaffNote] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  // A screen reader hears the new step and the keyboard starts from it.
  useEffect(() => heading.current?.focus(), [step]);

  const missing = incompleteOptionTypes(steps, options);
  const ready = missing.length === 0;
  const unit = lineUnitCents({ sku: product.sku, options, quantity: 1 }, product);
  const current = steps[step];
  const next = () => setStep((at) => Math.min(at + 1, notesStep));

  const stepLabel = (type: OptionTypes[number]) => {
    const names = chosenNames(type, options);
    if (names.length > 0) return names.join(', ');
    if (type.minChoices === 0 && type.maxChoices <= 1) return t('breakfast.none', { name: type.name });
    return t('breakfast.notChosen');
  };

  const notesLabel = comments.trim() || staffNote.trim() ? t('breakfast.withNotes') : t('breakfast.noNotes');

  return (
    <Modal open title={product.name} onClose={onClose} size="large" className="commander-breakfast">
      <form
        className="commander-breakfast__form"
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) onAdd({ options, comments, staffComments: staffNote, menuChoices: [] }, quantity);
        }}
      >
        <nav aria-label={t('breakfast.steps')}>
          <ol className="commander-breakfast__strip">
            {steps.map((type, index) => (
              <li key={type.id}>
                <button
                  type="button"
                  className={`commander-breakfast__crumb${missing.includes(type.id) ? ' commander-breakfast__crumb--missing' : ''}`}
                  aria-current={index === step ? 'step' : undefined}
                  onClick={() => setStep(index)}
                >
                  <span className="commander-breakfast__crumb-type">
                    {type.name}
                    <span className="visually-hidden">: </span>
                  </span>
                  <span className="commander-breakfast__crumb-value">{stepLabel(type)}</span>
                </button>
              </li>
            ))}
            <li>
              <button
                type="button"
                className="commander-breakfast__crumb"
                aria-current={step === notesStep ? 'step' : undefined}
                onClick={() => setStep(notesStep)}
              >
                <span className="commander-breakfast__crumb-type">
                  {t('breakfast.notes')}
                  <span className="visually-hidden">: </span>
                </span>
                <span className="commander-breakfast__crumb-value">{notesLabel}</span>
              </button>
            </li>
          </ol>
        </nav>

        <section className="commander-breakfast__step" aria-labelledby={headingId}>
          <h3
            id={headingId}
            ref={heading}
            tabIndex={-1}
            data-autofocus
            className="commander-breakfast__heading"
          >
            {t('breakfast.stepOf', {
              step: step + 1,
              count: steps.length + 1,
              name: current ? current.name : t('breakfast.notes'),
            })}
            {current && (
              <span
                className={`commander-breakfast__hint${missing.includes(current.id) ? ' commander-breakfast__hint--missing' : ''}`}
              >
                {' · '}
                {current.minChoices > 0 ? t('breakfast.required') : t('breakfast.optional')}
                {current.maxChoices > 1 && ` · ${t('breakfast.upTo', { count: current.maxChoices })}`}
              </span>
            )}
          </h3>
          {current && current.maxChoices <= 1 && (
            <OneChoice
              key={current.id}
              type={current}
              chosen={options}
              labelledBy={headingId}
              formatMoney={formatMoney}
              noneLabel={t('breakfast.none', { name: current.name })}
              onPick={(optionId) => {
                setOptions(pickOne(steps, options, current.id, optionId));
                next();
              }}
            />
          )}
          {current && current.maxChoices > 1 && (
            <SeveralChoices
              type={current}
              chosen={options}
              labelledBy={headingId}
              formatMoney={formatMoney}
              onToggle={(optionId) => setOptions(toggleOption(steps, options, current.id, optionId))}
            />
          )}
          {current && (
            <button type="button" className="button button--large commander-breakfast__next" onClick={next}>
              {t('breakfast.next')}
            </button>
          )}
          {!current && (
            <div className="commander-breakfast__notes">
              <LineNotesFields
                comments={comments}
                staffNote={staffNote}
                staffComments={staffComments}
                onComments={setComments}
                onStaffNote={setStaffNote}
              />
            </div>
          )}
        </section>

        <div className="commander-breakfast__footer">
          <div className="commander-stepper" role="group" aria-label={t('breakfast.quantity')}>
            <button
              type="button"
              className="button commander-stepper__button"
              aria-label={t('breakfast.less')}
              disabled={quantity <= 1}
              onClick={() => setQuantity((value) => Math.max(1, value - 1))}
            >
              −
            </button>
            <output className="commander-stepper__quantity" aria-live="polite">
              {quantity}
            </output>
            <button
              type="button"
              className="button commander-stepper__button"
              aria-label={t('breakfast.more')}
              disabled={quantity >= MAX_QUANTITY}
              onClick={() => setQuantity((value) => Math.min(MAX_QUANTITY, value + 1))}
            >
              +
            </button>
          </div>
          {!ready && (
            <button
              type="button"
              className="button button--quiet commander-product__missing"
              onClick={() => setStep(firstIncompleteStep(steps, options) ?? notesStep)}
            >
              {t('breakfast.missing', {
                names: steps
                  .filter((type) => missing.includes(type.id))
                  .map((type) => type.name)
                  .join(', '),
              })}
            </button>
          )}
          <button type="submit" className="button button--primary button--large" disabled={!ready}>
            {t('breakfast.add', { count: quantity, price: formatMoney(unit * quantity) })}
          </button>
        </div>
      </form>
    </Modal>
  );
}

interface StepProps {
  readonly type: OptionTypes[number];
  readonly chosen: readonly CartOptionChoice[];
  readonly labelledBy: string;
  readonly formatMoney: (cents: number) => string;
}

function Modifier({ cents, formatMoney }: { cents: number; formatMoney: (cents: number) => string }) {
  if (cents === 0) return null;
  return (
    <span className="commander-tile__price">
      {cents > 0 ? '+' : '−'}
      {formatMoney(Math.abs(cents))}
    </span>
  );
}

/**
 * A one-choice step as a radio group of tiles. The tiles are buttons, not native radios: an arrow key on a
 * native radio selects (and would move the waiter on); here arrows only move the focus, and Space, Enter
 * or a tap picks and moves on.
 */
function OneChoice({
  type,
  chosen,
  labelledBy,
  formatMoney,
  noneLabel,
  onPick,
}: StepProps & { readonly noneLabel: string; readonly onPick: (optionId: number | null) => void }) {
  const group = useRef<HTMLDivElement>(null);
  const offered = type.options.filter((option) => option.enabled >= 1);
  const picked = chosen.find((choice) => choice.optionTypeId === type.id)?.productChoiceId ?? null;
  const tiles: { id: number | null; name: string; cents: number }[] = [
    ...(type.minChoices === 0 ? [{ id: null, name: noneLabel, cents: 0 }] : []),
    ...offered.map((option) => ({ id: option.id, name: option.name, cents: option.priceModifierCents })),
  ];
  const focusable = tiles.some((tile) => tile.id === picked) ? picked : tiles[0]?.id;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const delta = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!delta) return;
    event.preventDefault();
    const buttons = [...(group.current?.querySelectorAll<HTMLButtonElement>('[role="radio"]') ?? [])];
    const at = buttons.findIndex((button) => button === document.activeElement);
    buttons[(at + delta + buttons.length) % buttons.length]?.focus();
  };

  return (
    <div
      ref={group}
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-required={type.minChoices > 0}
      className="commander-breakfast__tiles"
      onKeyDown={onKeyDown}
    >
      {tiles.map((tile) => (
        <button
          key={tile.id ?? 'none'}
          type="button"
          role="radio"
          aria-checked={tile.id === picked}
          tabIndex={tile.id === focusable ? 0 : -1}
          className={`commander-tile${tile.id === picked ? ' commander-tile--selected' : ''}`}
          onClick={() => onPick(tile.id)}
        >
          <span className="commander-tile__name">{tile.name}</span>
          <Modifier cents={tile.cents} formatMoney={formatMoney} />
        </button>
      ))}
    </div>
  );
}

/** A step of several choices: checkboxes as tiles; at the type's maximum the others are disabled. */
function SeveralChoices({
  type,
  chosen,
  labelledBy,
  formatMoney,
  onToggle,
}: StepProps & { readonly onToggle: (optionId: number) => void }) {
  const offered = type.options.filter((option) => option.enabled >= 1);
  const count = chosen.filter((choice) => choice.optionTypeId === type.id).length;
  return (
    <div role="group" aria-labelledby={labelledBy} className="commander-breakfast__tiles">
      {offered.map((option) => {
        const selected = chosen.some(
          (choice) => choice.optionTypeId === type.id && choice.productChoiceId === option.id,
        );
        return (
          <label
            key={option.id}
            className={`commander-tile commander-tile--check${selected ? ' commander-tile--selected' : ''}`}
          >
            <input
              type="checkbox"
              checked={selected}
              disabled={!selected && count >= type.maxChoices}
              onChange={() => onToggle(option.id)}
            />
            <span className="commander-tile__name">{option.name}</span>
            <Modifier cents={option.priceModifierCents} formatMoney={formatMoney} />
          </label>
        );
      })}
    </div>
  );
}
