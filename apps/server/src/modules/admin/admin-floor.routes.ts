import {
  adminFloorCombinationResponseSchema,
  adminFloorDoneResponseSchema,
  adminFloorResponseSchema,
  adminFloorRoomResponseSchema,
  adminFloorRoomsResponseSchema,
  adminFloorTableResponseSchema,
  floorCombinationInputSchema,
  floorIdParamsSchema,
  floorRoomCreateSchema,
  floorRoomOrderSchema,
  floorRoomUpdateSchema,
  floorTableCreateSchema,
  floorTableUpdateSchema,
  floorVersionSchema,
} from '@sobremesa/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { principalOf } from '../../http/auth.ts';
import { contractRoutes } from '../../http/route-schemas.ts';
import {
  adminFloor,
  createCombination,
  createRoom,
  createTable,
  layOutRoom,
  orderRooms,
  removeCombination,
  removeRoom,
  removeTable,
  updateCombination,
  updateRoom,
  updateTable,
} from './admin-floor.service.ts';

const admin = { config: { access: 'admin' } } as const;
const room = { '2xx': adminFloorRoomResponseSchema };
const rooms = { '2xx': adminFloorRoomsResponseSchema };
const table = { '2xx': adminFloorTableResponseSchema };
const combination = { '2xx': adminFloorCombinationResponseSchema };
const done = { '2xx': adminFloorDoneResponseSchema };

/** The floor plan editor's calls (issue 22 item 3, decision 059), admin role only. */
export function registerAdminFloorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = contractRoutes(app);
  api.get(
    '/world/api/admin/floor',
    { ...admin, schema: { response: { '2xx': adminFloorResponseSchema } } },
    async (request) => ({ result: 0, ...(await adminFloor(ctx, request.venue)) }),
  );

  api.post(
    '/world/api/admin/floor/rooms',
    { ...admin, schema: { body: floorRoomCreateSchema, response: room } },
    async (request) => {
      const body = request.body;
      return { result: 0, room: await createRoom(ctx, request.venue, principalOf(request), body) };
    },
  );

  api.post(
    '/world/api/admin/floor/rooms/order',
    { ...admin, schema: { body: floorRoomOrderSchema, response: rooms } },
    async (request) => {
      const { roomIds } = request.body;
      return { result: 0, rooms: await orderRooms(ctx, request.venue, principalOf(request), roomIds) };
    },
  );

  api.post(
    '/world/api/admin/floor/rooms/:id',
    { ...admin, schema: { params: floorIdParamsSchema, body: floorRoomUpdateSchema, response: room } },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      return { result: 0, room: await updateRoom(ctx, request.venue, principalOf(request), id, body) };
    },
  );

  api.post(
    '/world/api/admin/floor/rooms/:id/lay-out',
    { ...admin, schema: { params: floorIdParamsSchema, body: floorVersionSchema, response: room } },
    async (request) => {
      const { id } = request.params;
      const { expectedVersion } = request.body;
      return {
        result: 0,
        room: await layOutRoom(ctx, request.venue, principalOf(request), id, expectedVersion),
      };
    },
  );

  api.post(
    '/world/api/admin/floor/rooms/:id/remove',
    { ...admin, schema: { params: floorIdParamsSchema, body: floorVersionSchema, response: done } },
    async (request) => {
      const { id } = request.params;
      const { expectedVersion } = request.body;
      await removeRoom(ctx, request.venue, principalOf(request), id, expectedVersion);
      return { result: 0 };
    },
  );

  api.post(
    '/world/api/admin/floor/tables',
    { ...admin, schema: { body: floorTableCreateSchema, response: table } },
    async (request) => {
      const body = request.body;
      return { result: 0, table: await createTable(ctx, request.venue, principalOf(request), body) };
    },
  );

  api.post(
    '/world/api/admin/floor/tables/:id',
    { ...admin, schema: { params: floorIdParamsSchema, body: floorTableUpdateSchema, response: table } },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      return { result: 0, table: await updateTable(ctx, request.venue, principalOf(request), id, body) };
    },
  );

  api.post(
    '/world/api/admin/floor/tables/:id/remove',
    { ...admin, schema: { params: floorIdParamsSchema, body: floorVersionSchema, response: done } },
    async (request) => {
      const { id } = request.params;
      const { expectedVersion } = request.body;
      await removeTable(ctx, request.venue, principalOf(request), id, expectedVersion);
      return { result: 0 };
    },
  );

  api.post(
    '/world/api/admin/floor/combinations',
    { ...admin, schema: { body: floorCombinationInputSchema, response: combination } },
    async (request) => {
      const body = request.body;
      return {
        result: 0,
        combination: await createCombination(ctx, request.venue, principalOf(request), body),
      };
    },
  );

  api.post(
    '/world/api/admin/floor/combinations/:id',
    {
      ...admin,
      schema: { params: floorIdParamsSchema, body: floorCombinationInputSchema, response: combination },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      return {
        result: 0,
        combination: await updateCombination(ctx, request.venue, principalOf(request), id, body),
      };
    },
  );

  api.post(
    '/world/api/admin/floor/combinations/:id/remove',
    { ...admin, schema: { params: floorIdParamsSchema, response: done } },
    async (request) => {
      const { id } = request.params;
      await removeCombination(ctx, request.venue, principalOf(request), id);
      return { result: 0 };
    },
  );
}
