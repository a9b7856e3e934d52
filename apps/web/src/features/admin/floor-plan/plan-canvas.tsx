import type { AdminFloorTable } from '@sobremesa/contracts';
import { keepOnPlan, planBox, planKeyAction, type PlanKeyAction, type PlanSize } from '@sobremesa/domain';
import { useRef, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';

interface Drag {
  readonly tableId: number;
  readonly pointerId: number;
  readonly startX: number;
  readonly startY: number;
  readonly from: AdminFloorTable;
  moved: boolean;
}

/** A pointer has to travel this far (screen pixels) before a press becomes a drag rather than a tap. */
const DRAG_THRESHOLD_PX = 4;

/**
 * A room's plan with its tables where they stand. A table is a button: Tab reaches it and selects it;
 * arrows move it, Shift+arrows further, R turns it (Shift+R back); a mouse, pen or finger drags it.
 * Every change is reported as a draft while it happens and committed when the drag or key press ends.
 */
export function PlanCanvas(props: {
  roomName: string;
  plan: PlanSize;
  tables: readonly AdminFloorTable[];
  selectedId: number | null;
  onSelect: (tableId: number) => void;
  onDraft: (table: AdminFloorTable) => void;
  onCommit: (table: AdminFloorTable, how: 'drag' | PlanKeyAction) => void;
}) {
  const { t } = useTranslation('admin');
  const canvas = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const { plan } = props;

  function unitsPerPixel(): number {
    const width = canvas.current?.getBoundingClientRect().width ?? plan.width;
    return plan.width / Math.max(1, width);
  }

  function pointerDown(event: PointerEvent<HTMLButtonElement>, table: AdminFloorTable) {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      tableId: table.id,
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      from: table,
      moved: false,
    };
    props.onSelect(table.id);
  }

  function dragged(event: PointerEvent<HTMLButtonElement>): AdminFloorTable | null {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return null;
    const dx = event.clientX - current.startX;
    const dy = event.clientY - current.startY;
    if (!current.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return null;
    current.moved = true;
    const scale = unitsPerPixel();
    return keepOnPlan(
      { ...current.from, x: current.from.x + dx * scale, y: current.from.y + dy * scale },
      plan,
    );
  }

  function pointerMove(event: PointerEvent<HTMLButtonElement>) {
    const moved = dragged(event);
    if (moved) props.onDraft(moved);
  }

  function pointerUp(event: PointerEvent<HTMLButtonElement>) {
    const moved = dragged(event);
    drag.current = null;
    if (moved) props.onCommit(moved, 'drag');
  }

  function keyDown(event: KeyboardEvent<HTMLButtonElement>, table: AdminFloorTable) {
    const action = planKeyAction(event.key, event.shiftKey);
    if (!action || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    props.onCommit(table, action);
  }

  return (
    <div
      ref={canvas}
      className="plan-canvas"
      role="group"
      aria-label={t('floorPlan.canvasLabel', { room: props.roomName })}
      aria-describedby="plan-keys-help"
      style={{ aspectRatio: `${plan.width} / ${plan.height}` }}
    >
      {props.tables.map((table) => {
        const box = planBox(table, plan);
        const style: CSSProperties = {
          left: `${box.left * 100}%`,
          top: `${box.top * 100}%`,
          width: `${box.width * 100}%`,
          height: `${box.height * 100}%`,
          transform: box.rotation === 0 ? undefined : `rotate(${box.rotation}deg)`,
        };
        const selected = table.id === props.selectedId;
        return (
          <button
            key={table.id}
            type="button"
            className={`plan-table plan-table--${table.shape}${selected ? ' plan-table--selected' : ''}`}
            style={style}
            data-table-id={table.id}
            data-x={table.x}
            data-y={table.y}
            data-rotation={table.rotation}
            aria-pressed={selected}
            aria-label={t('floorPlan.tableLabel', {
              name: table.name,
              min: table.minPax,
              max: table.maxPax,
              x: table.x,
              y: table.y,
              rotation: table.rotation,
            })}
            onFocus={() => props.onSelect(table.id)}
            onPointerDown={(event) => pointerDown(event, table)}
            onPointerMove={pointerMove}
            onPointerUp={pointerUp}
            onPointerCancel={() => (drag.current = null)}
            onKeyDown={(event) => keyDown(event, table)}
          >
            <span aria-hidden="true">{table.name}</span>
          </button>
        );
      })}
    </div>
  );
}
