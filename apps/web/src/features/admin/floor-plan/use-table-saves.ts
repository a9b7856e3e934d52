import type { AdminFloorResponse, AdminFloorTable } from '@sobremesa/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { adminFloorQuery, floorCalls, type TableChanges } from '../api/floor-plan-api.ts';

/** Key presses are saved together once the keys rest this long: one write, one audit row per gesture. */
const KEY_SAVE_DELAY_MS = 500;

/**
 * Where tables stand on screen while they move (drafts over the stored floor), and their saves: one at
 * a time per table, each sent with the version the previous one returned, so quick successive moves never
 * refuse each other while another admin's edit still does (409).
 */
export function useTableSaves(onRefused: (error: unknown) => void) {
  const client = useQueryClient();
  const [drafts, setDrafts] = useState<ReadonlyMap<number, AdminFloorTable>>(new Map());
  const queues = useRef(new Map<number, Promise<unknown>>());
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const draft = useCallback((table: AdminFloorTable) => {
    setDrafts((current) => new Map(current).set(table.id, table));
  }, []);

  const forget = useCallback((tableId: number, shown?: AdminFloorTable) => {
    setDrafts((current) => {
      const held = current.get(tableId);
      // A newer draft (the table moved again meanwhile) stays on screen.
      if (!held || (shown && held !== shown)) return current;
      const next = new Map(current);
      next.delete(tableId);
      return next;
    });
  }, []);

  const save = useCallback(
    (tableId: number, changes: TableChanges): Promise<AdminFloorTable | null> => {
      const previous = queues.current.get(tableId) ?? Promise.resolve();
      const next = previous
        .catch(() => undefined)
        .then(async () => {
          const stored = client
            .getQueryData<AdminFloorResponse>(adminFloorQuery.queryKey)
            ?.tables.find((table) => table.id === tableId);
          if (!stored) return null;
          const { table } = await floorCalls.updateTable(tableId, stored.version, changes);
          client.setQueryData<AdminFloorResponse>(
            adminFloorQuery.queryKey,
            (old) => old && { ...old, tables: old.tables.map((row) => (row.id === tableId ? table : row)) },
          );
          return table;
        });
      queues.current.set(tableId, next);
      return next;
    },
    [client],
  );

  /** Saves a table's place now (a drop) or once the keys rest (arrows, R). */
  const place = useCallback(
    (table: AdminFloorTable, when: 'now' | 'soon') => {
      draft(table);
      clearTimeout(timers.current.get(table.id));
      const send = () => {
        timers.current.delete(table.id);
        save(table.id, { x: table.x, y: table.y, rotation: table.rotation }).then(
          () => forget(table.id, table),
          (error: unknown) => {
            forget(table.id);
            void client.invalidateQueries({ queryKey: adminFloorQuery.queryKey });
            onRefused(error);
          },
        );
      };
      if (when === 'now') send();
      else timers.current.set(table.id, setTimeout(send, KEY_SAVE_DELAY_MS));
    },
    [client, draft, forget, onRefused, save],
  );

  return { drafts, draft, place, save };
}
