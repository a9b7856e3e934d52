import type { GetByDayResponse } from '@sobremesa/contracts';
import { planBox } from '@sobremesa/domain';
import type { CSSProperties, ReactNode } from 'react';

type Table = GetByDayResponse['tables'][number];
type Plan = NonNullable<GetByDayResponse['rooms'][number]['plan']>;

/**
 * A room's tables: drawn where the admin laid them out (decision 059), the plan scaled to the screen's
 * width; a room never laid out keeps the grid of large tiles.
 */
export function RoomTables(props: {
  room: { readonly name: string; readonly tables: readonly Table[] };
  plan: Plan | null;
  children: (table: Table, style: CSSProperties | undefined) => ReactNode;
}) {
  const { plan } = props;
  if (!plan)
    return (
      <div className="floor-room__tables">
        {props.room.tables.map((table) => props.children(table, undefined))}
      </div>
    );
  return (
    <div className="floor-room__scroll">
      <div
        className="floor-room__plan"
        data-plan={`${plan.width}x${plan.height}`}
        style={{ aspectRatio: `${plan.width} / ${plan.height}`, '--plan-width': plan.width } as CSSProperties}
      >
        {props.room.tables.map((table) => {
          const box = planBox(table.layout, plan);
          return props.children(table, {
            left: `${box.left * 100}%`,
            top: `${box.top * 100}%`,
            width: `${box.width * 100}%`,
            height: `${box.height * 100}%`,
            transform: box.rotation === 0 ? undefined : `rotate(${box.rotation}deg)`,
          });
        })}
      </div>
    </div>
  );
}
