import {
  adminFloorCombinationResponseSchema,
  adminFloorDoneResponseSchema,
  adminFloorResponseSchema,
  adminFloorRoomResponseSchema,
  adminFloorRoomsResponseSchema,
  adminFloorTableResponseSchema,
  type AdminFloorTable,
} from '@sobremesa/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useWriteThenRead } from '../../../lib/write-then-read.ts';
import { ADMIN_QUERY_KEY } from './admin-api.ts';

/** GET /world/api/admin/floor: the rooms, their tables and the combinations (decision 059). */
export const adminFloorQuery = queryOptions({
  queryKey: [...ADMIN_QUERY_KEY, 'floor'],
  queryFn: () => api.request(adminFloorResponseSchema, '/world/api/admin/floor'),
});

const FLOOR = '/world/api/admin/floor';

export type TableChanges = Partial<Omit<AdminFloorTable, 'id' | 'version'>>;

export interface CombinationDraft {
  name: string;
  tableIds: number[];
  minPax: number;
  maxPax: number;
}

/** The editor's writes; each answers with what was stored. */
export const floorCalls = {
  createRoom: (name: string) =>
    api.request(adminFloorRoomResponseSchema, `${FLOOR}/rooms`, { body: { name } }),
  renameRoom: (id: number, expectedVersion: number, name: string) =>
    api.request(adminFloorRoomResponseSchema, `${FLOOR}/rooms/${id}`, { body: { expectedVersion, name } }),
  layOutRoom: (id: number, expectedVersion: number) =>
    api.request(adminFloorRoomResponseSchema, `${FLOOR}/rooms/${id}/lay-out`, { body: { expectedVersion } }),
  removeRoom: (id: number, expectedVersion: number) =>
    api.request(adminFloorDoneResponseSchema, `${FLOOR}/rooms/${id}/remove`, { body: { expectedVersion } }),
  orderRooms: (roomIds: number[]) =>
    api.request(adminFloorRoomsResponseSchema, `${FLOOR}/rooms/order`, { body: { roomIds } }),
  createTable: (body: {
    roomId: number;
    name: string;
    minPax: number;
    maxPax: number;
    shape: AdminFloorTable['shape'];
  }) => api.request(adminFloorTableResponseSchema, `${FLOOR}/tables`, { body }),
  updateTable: (id: number, expectedVersion: number, changes: TableChanges) =>
    api.request(adminFloorTableResponseSchema, `${FLOOR}/tables/${id}`, {
      body: { expectedVersion, ...changes },
    }),
  removeTable: (id: number, expectedVersion: number) =>
    api.request(adminFloorDoneResponseSchema, `${FLOOR}/tables/${id}/remove`, { body: { expectedVersion } }),
  createCombination: (body: CombinationDraft) =>
    api.request(adminFloorCombinationResponseSchema, `${FLOOR}/combinations`, { body }),
  removeCombination: (id: number) =>
    api.request(adminFloorDoneResponseSchema, `${FLOOR}/combinations/${id}/remove`, { body: {} }),
};

/** An editor's write: the plan is read again whatever the answer, as a refusal may be a stale version's. */
export const useFloorPlanWrite = () => useWriteThenRead([adminFloorQuery.queryKey], 'answered');
