import type { AdminFloorRoom, AdminFloorTable } from '@sobremesa/contracts';
import { applyPlanKey, DEFAULT_PLAN, type PlanKeyAction } from '@sobremesa/domain';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { AdminSection } from '../../../components/admin/admin-section.tsx';
import { toast } from '../../../components/toast/toast-store.ts';
import { Combinations } from './combinations.tsx';
import { failureOf } from './floor-failure.ts';
import { adminFloorQuery, floorCalls, useFloorPlanWrite } from '../api/floor-plan-api.ts';
import { PlanCanvas } from './plan-canvas.tsx';
import { RoomBar } from './room-bar.tsx';
import { TableForm } from './table-form.tsx';
import { nextTableName } from './table-names.ts';
import { useTableSaves } from './use-table-saves.ts';
import './floor-plan.css';

/**
 * /ebitdata/sala: the floor plan editor (issue 22 item 3, decision 059). Rooms as toggles; the selected
 * room's plan with its tables to drag or move by keyboard; the selected table's form; the room's
 * combinations. Every change is saved at once and announced to screen readers.
 */
export function AdminFloor() {
  const { t } = useTranslation('admin');
  const { data } = useSuspenseQuery(adminFloorQuery);
  const [roomId, setRoomId] = useState<number | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [pageFailure, setPageFailure] = useState<string | null>(null);

  const refused = useCallback(
    (error: unknown) => {
      const failure = failureOf(error, t);
      setPageFailure(failure.message);
      setAnnouncement(failure.message);
    },
    [t],
  );
  const { drafts, draft, place, save } = useTableSaves(refused);

  const room = data.rooms.find((candidate) => candidate.id === roomId) ?? data.rooms[0];
  const plan = room?.plan ?? null;
  const tables = data.tables
    .filter((table) => table.roomId === room?.id)
    .map((table) => drafts.get(table.id) ?? table);
  const selected = tables.find((table) => table.id === selectedId);

  const { write: send } = useFloorPlanWrite();
  async function write<T>(call: () => Promise<T>, done: string): Promise<T> {
    setPageFailure(null);
    const result = await send(call);
    toast.success(done);
    setAnnouncement(done);
    return result;
  }
  async function attempt(call: () => Promise<unknown>, done: string) {
    try {
      await write(call, done);
    } catch (error) {
      refused(error);
    }
  }

  function select(tableId: number) {
    if (tableId === selectedId) return;
    setSelectedId(tableId);
    const table = tables.find((candidate) => candidate.id === tableId);
    if (table) setAnnouncement(t('floorPlan.selected', { name: table.name }));
  }

  function moved(table: AdminFloorTable, how: 'drag' | PlanKeyAction) {
    const next = how === 'drag' ? table : applyPlanKey(table, how, plan ?? DEFAULT_PLAN);
    place(next, how === 'drag' ? 'now' : 'soon');
    setAnnouncement(
      how !== 'drag' && how.kind === 'rotate'
        ? t('floorPlan.tableTurned', { name: next.name, rotation: next.rotation })
        : t('floorPlan.tableMoved', { name: next.name, x: next.x, y: next.y }),
    );
  }

  async function addTable() {
    if (!room) return;
    const name = nextTableName(data.tables);
    try {
      const { table } = await write(
        () => floorCalls.createTable({ roomId: room.id, name, minPax: 2, maxPax: 4, shape: 'square' }),
        t('floorPlan.tableAdded', { name }),
      );
      setSelectedId(table.id);
    } catch (error) {
      refused(error);
    }
  }

  function moveRoom(target: AdminFloorRoom, by: -1 | 1) {
    const ids = data.rooms.map((candidate) => candidate.id);
    const from = ids.indexOf(target.id);
    ids.splice(from, 1);
    ids.splice(from + by, 0, target.id);
    void attempt(() => floorCalls.orderRooms(ids), t('floorPlan.roomMoved', { name: target.name }));
  }

  return (
    <div className="admin-page">
      <h1 className="admin-page__title">{t('floorPlan.title')}</h1>
      <p className="muted">{t('floorPlan.intro')}</p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {pageFailure && (
        <p className="notice notice--error" role="alert">
          {pageFailure}
        </p>
      )}

      <RoomBar
        rooms={data.rooms}
        selected={room}
        onSelect={(id) => {
          setRoomId(id);
          setSelectedId(null);
        }}
        create={async (name) => {
          const { room: created } = await write(
            () => floorCalls.createRoom(name),
            t('floorPlan.roomAdded', { name }),
          );
          setRoomId(created.id);
        }}
        rename={(target, name) =>
          write(() => floorCalls.renameRoom(target.id, target.version, name), t('floorPlan.saved'))
        }
        move={moveRoom}
        remove={(target) =>
          void attempt(
            () => floorCalls.removeRoom(target.id, target.version),
            t('floorPlan.roomRemoved', { name: target.name }),
          )
        }
      />

      {room && (
        <AdminSection
          id="plan-title"
          title={t('floorPlan.planTitle', { room: room.name })}
          intro={t('floorPlan.keysHelp')}
          introId="plan-keys-help"
        >
          <div className="admin-section__actions">
            <button type="button" className="button" onClick={() => void addTable()}>
              {t('floorPlan.addTable')}
            </button>
          </div>
          {plan ? (
            <div className="plan-layout">
              <PlanCanvas
                roomName={room.name}
                plan={plan}
                tables={tables}
                selectedId={selectedId}
                onSelect={select}
                onDraft={draft}
                onCommit={moved}
              />
              <div className="plan-layout__side">
                {selected ? (
                  <TableForm
                    key={`${selected.id}-${data.tables.find((table) => table.id === selected.id)?.version}`}
                    table={selected}
                    rooms={data.rooms}
                    save={(changes) =>
                      save(selected.id, changes).then(() => toast.success(t('floorPlan.saved')))
                    }
                    nudge={(action) => moved(selected, action)}
                    remove={() =>
                      write(
                        () => floorCalls.removeTable(selected.id, selected.version),
                        t('floorPlan.tableRemoved', { name: selected.name }),
                      ).then(() => setSelectedId(null))
                    }
                  />
                ) : (
                  <p className="muted">{t('floorPlan.selectHint')}</p>
                )}
              </div>
            </div>
          ) : (
            <div className="notice" role="note">
              <p>{t('floorPlan.notLaidOut', { count: tables.length })}</p>
              <button
                type="button"
                className="button button--primary"
                onClick={() =>
                  void attempt(
                    () => floorCalls.layOutRoom(room.id, room.version),
                    t('floorPlan.laidOut', { room: room.name }),
                  )
                }
              >
                {t('floorPlan.layOut')}
              </button>
            </div>
          )}
        </AdminSection>
      )}

      {room && (
        <Combinations
          tables={tables}
          combinations={data.combinations.filter((combination) =>
            combination.tableIds.every((tableId) => tables.some((table) => table.id === tableId)),
          )}
          create={(draft) => write(() => floorCalls.createCombination(draft), t('floorPlan.saved'))}
          remove={(combination) =>
            void attempt(
              () => floorCalls.removeCombination(combination.id),
              t('floorPlan.combinations.removed', { name: combination.name }),
            )
          }
        />
      )}
    </div>
  );
}
