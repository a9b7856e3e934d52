import type { MenuProduct } from '@sobremesa/contracts';
import type { CartLine } from '@sobremesa/domain';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { lineTotalCents } from '../commander-cart.ts';
import { LineNotesFields } from './line-notes-fields.tsx';

export interface CartLineItemProps {
  readonly line: CartLine;
  readonly product: MenuProduct;
  /** Skus sold out since they went into the cart: the line says so, to be removed. */
  readonly soldOut: ReadonlySet<string>;
  /** Whether the line's notes are open for editing. */
  readonly editing: boolean;
  readonly staffComments: boolean;
  readonly money: (cents: number) => string;
  readonly onEdit: () => void;
  readonly onNotes: (comments: string, staffComments: string) => void;
  readonly onCancelNotes: () => void;
  readonly onLess: () => void;
  readonly onMore: () => void;
}

/** A line of the commander's cart: the dish with its options and courses, its notes, price and quantity. */
export function CartLineItem(props: CartLineItemProps) {
  const { line, product, soldOut, editing, staffComments, money, onEdit, onNotes, onCancelNotes } = props;
  const { onLess, onMore } = props;
  const { t } = useTranslation('commander');
  const courseNames = (line.menuChoices ?? []).map((choice) => {
    const item = product.menuCourses
      .find((course) => course.id === choice.courseId)
      ?.items.find((candidate) => candidate.sku === choice.sku);
    const optionNames = choice.options.map(
      (option) =>
        (item?.productOptions ?? [])
          .flatMap((type) => type.options)
          .find((candidate) => candidate.id === option.productChoiceId)?.name ?? '',
    );
    const sold = soldOut.has(choice.sku);
    return `${item?.name ?? choice.sku}${optionNames.length > 0 ? ` (${optionNames.join(', ')})` : ''}${sold ? ` — ${t('soldOut')}` : ''}`;
  });
  const optionNames = line.options.map(
    (option) =>
      product.productOptions
        .flatMap((type) => type.options)
        .find((candidate) => candidate.id === option.productChoiceId)?.name ?? '',
  );
  return (
    <li
      className={`commander-line${soldOut.has(line.sku) || courseNames.some((name) => name.endsWith(t('soldOut'))) ? ' commander-line--sold-out' : ''}`}
    >
      <div className="commander-line__text">
        <p className="commander-line__name">
          {product.name}
          {soldOut.has(line.sku) && <strong className="commander-sold-out"> {t('soldOut')}</strong>}
        </p>
        {optionNames.length > 0 && <p className="commander-line__detail">{optionNames.join(', ')}</p>}
        {courseNames.map((name) => (
          <p key={name} className="commander-line__detail">
            {name}
          </p>
        ))}
        {line.comments && (
          <p className="commander-line__note">
            {t('cart.comment')}: {line.comments}
          </p>
        )}
        {line.staffComments && (
          <p className="commander-line__note">
            {t('cart.staffComment')}: {line.staffComments}
          </p>
        )}
        {editing && (
          <LineNotes line={line} staffComments={staffComments} onSave={onNotes} onCancel={onCancelNotes} />
        )}
      </div>
      <div className="commander-line__controls">
        <span className="commander-line__price">{money(lineTotalCents(line, product))}</span>
        <div className="commander-stepper">
          <button
            type="button"
            className="button commander-stepper__button"
            aria-label={t('cart.less', { name: product.name })}
            onClick={onLess}
          >
            −
          </button>
          <span className="commander-stepper__quantity" aria-label={t('cart.quantity')}>
            {line.quantity}
          </span>
          <button
            type="button"
            className="button commander-stepper__button"
            aria-label={t('cart.more', { name: product.name })}
            onClick={onMore}
          >
            +
          </button>
        </div>
        <button type="button" className="button button--quiet" aria-expanded={editing} onClick={onEdit}>
          {t('cart.notes')}
        </button>
      </div>
    </li>
  );
}

function LineNotes(props: {
  readonly line: CartLine;
  readonly staffComments: boolean;
  readonly onSave: (comments: string, staffComments: string) => void;
  readonly onCancel: () => void;
}) {
  const { t } = useTranslation('commander');
  const [comments, setComments] = useState(props.line.comments ?? '');
  const [staffNote, setStaffNote] = useState(props.line.staffComments ?? '');
  return (
    <form
      className="commander-notes"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSave(comments, staffNote);
      }}
    >
      <LineNotesFields
        comments={comments}
        staffNote={staffNote}
        staffComments={props.staffComments}
        onComments={setComments}
        onStaffNote={setStaffNote}
        autoFocus
      />
      <div className="commander-notes__actions">
        <button type="button" className="button" onClick={props.onCancel}>
          {t('cancel')}
        </button>
        <button type="submit" className="button button--primary">
          {t('save')}
        </button>
      </div>
    </form>
  );
}
