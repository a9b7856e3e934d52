import { moveOne, moveTo } from '@sobremesa/domain';
import type { DragEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';

const DRAG_TYPE = 'application/x-sobremesa-row';

/**
 * A row's drag-and-drop props within its list of `siblings`: a row dropped on another of the same list
 * takes its place. Rows of another list ignore it (a product is not dropped among categories).
 */
export function dragRow(
  list: string,
  id: number,
  siblings: readonly number[],
  reorder: (ids: number[]) => void,
) {
  return {
    draggable: true,
    onDragStart: (event: DragEvent) => {
      event.dataTransfer.setData(DRAG_TYPE, JSON.stringify({ list, id }));
      event.dataTransfer.effectAllowed = 'move';
    },
    onDragOver: (event: DragEvent) => {
      if (event.dataTransfer.types.includes(DRAG_TYPE)) event.preventDefault();
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      try {
        const dragged = JSON.parse(event.dataTransfer.getData(DRAG_TYPE)) as { list?: unknown; id?: unknown };
        if (dragged.list !== list || typeof dragged.id !== 'number' || dragged.id === id) return;
        reorder(moveTo(siblings, dragged.id, id));
      } catch {
        // Something other than one of our rows was dropped: nothing moves.
      }
    },
  };
}

interface ReorderControlsProps {
  readonly id: number;
  readonly name: string;
  readonly siblings: readonly number[];
  readonly reorder: (ids: number[]) => void;
  readonly disabled?: boolean;
}

/** The keyboard's way to reorder: move one place up or down, named after the row for screen readers. */
export function ReorderControls({ id, name, siblings, reorder, disabled }: ReorderControlsProps) {
  const { t } = useTranslation('adminMenus');
  const index = siblings.indexOf(id);
  return (
    <span className="admin-menus__move">
      <button
        type="button"
        className="button button--quiet admin-menus__move-button"
        aria-label={t('move.up', { name })}
        disabled={disabled || index <= 0}
        onClick={() => reorder(moveOne(siblings, id, -1))}
      >
        <span aria-hidden="true">↑</span>
      </button>
      <button
        type="button"
        className="button button--quiet admin-menus__move-button"
        aria-label={t('move.down', { name })}
        disabled={disabled || index < 0 || index >= siblings.length - 1}
        onClick={() => reorder(moveOne(siblings, id, 1))}
      >
        <span aria-hidden="true">↓</span>
      </button>
    </span>
  );
}

interface OrderedRowProps {
  /** The list the row is dragged within (`categories:3`). */
  readonly list: string;
  readonly id: number;
  readonly name: string;
  /** What follows the name: a menu's kind, a category's count of products, a product's price. */
  readonly detail: string;
  /** Guests do not see it. */
  readonly hidden: boolean;
  readonly siblings: readonly number[];
  readonly reorder: (ids: number[]) => void;
  /** A write is under way: the move buttons wait. */
  readonly busy: boolean;
  readonly picked: boolean;
  readonly pick: () => void;
  /** A category's depth in its tree, for its indent. */
  readonly depth?: number;
}

/** A row of the menus, categories or products: the button that opens it, then its move buttons. */
export function OrderedRow(props: OrderedRowProps) {
  const { t } = useTranslation('adminMenus');
  return (
    <li
      className="admin-menus__row"
      data-depth={props.depth}
      {...dragRow(props.list, props.id, props.siblings, props.reorder)}
    >
      <button
        type="button"
        className="button button--quiet admin-menus__pick"
        aria-pressed={props.picked}
        onClick={props.pick}
      >
        {props.name}
        <span className="muted"> · {props.detail}</span>
        {props.hidden && <span className="muted"> · {t('hidden')}</span>}
      </button>
      <ReorderControls
        id={props.id}
        name={props.name}
        siblings={props.siblings}
        disabled={props.busy}
        reorder={props.reorder}
      />
    </li>
  );
}
