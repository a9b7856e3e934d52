import {
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
import { parseInput } from '../../http/validation.ts';
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

/** The floor plan editor's calls (issue 22 item 3, decision 059), admin role only. */
export function registerAdminFloorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = contractRoutes(app);
  app.get('/world/api/admin/floor', admin, async (request) => ({
    result: 0,
    ...(await adminFloor(ctx, request.venue)),
  }));

  api.post(
    '/world/api/admin/floor/rooms',
    { ...admin, schema: { body: floorRoomCreateSchema } },
    async (request) => {
      const body = request.body;
      return { result: 0, room: await createRoom(ctx, request.venue, principalOf(request), body) };
    },
  );

  api.post(
    '/world/api/admin/floor/rooms/order',
    { ...admin, schema: { body: floorRoomOrderSchema } },
    async (request) => {
      const { roomIds } = request.body;
      return { result: 0, rooms: await orderRooms(ctx, request.venue, principalOf(request), roomIds) };
    },
  );

  api.post(
    '/world/api/admin/floor/rooms/:id',
    { ...admin, schema: { params: floorIdParamsSchema } },
    async (request) => {
      const { id } = request.params;
      const body = parseInput(floorRoomUpdateSchema, request.body);
      return { result: 0, room: await updateRoom(ctx, request.venue, principalOf(request), id, body) };
    },
  );

  api.post(
    '/world/api/admin/floor/rooms/:id/lay-out',
    { ...admin, schema: { params: floorIdParamsSchema } },
    async (request) => {
      const { id } = request.params;
      const { expectedVersion } = parseInput(floorVersionSchema, request.body);
      return {
        result: 0,
        room: await layOutRoom(ctx, request.venue, principalOf(request), id, expectedVersion),
      };
    },
  );

  api.post(
    '/world/api/admin/floor/rooms/:id/remove',
    { ...admin, schema: { params: floorIdParamsSchema } },
    async (request) => {
      const { id } = request.params;
      const { expectedVersion } = parseInput(floorVersionSchema, request.body);
      await removeRoom(ctx, request.venue, principalOf(request), id, expectedVersion);
      return { result: 0 };
    },
  );

  api.post(
    '/world/api/admin/floor/tables',
    { ...admin, schema: { body: floorTableCreateSchema } },
    async (request) => {
      const body = request.body;
      return { result: 0, table: await createTable(ctx, request.venue, principalOf(request), body) };
    },
  );

  api.post(
    '/world/api/admin/floor/tables/:id',
    { ...admin, schema: { params: floorIdParamsSchema } },
    async (request) => {
      const { id } = request.params;
      const body = parseInput(floorTableUpdateSchema, request.body);
      return { result: 0, table: await updateTable(ctx, request.venue, principalOf(request), id, body) };
    },
  );

  api.post(
    '/world/api/admin/floor/tables/:id/remove',
    { ...admin, schema: { params: floorIdParamsSchema } },
    async (request) => {
      const { id } = request.params;
      const { expectedVersion } = parseInput(floorVersionSchema, request.body);
      await removeTable(ctx, request.venue, principalOf(request), id, expectedVersion);
      return { result: 0 };
    },
  );

  api.post(
    '/world/api/admin/floor/combinations',
    { ...admin, schema: { body: floorCombinationInputSchema } },
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
    { ...admin, schema: { params: floorIdParamsSchema } },
    async (request) => {
      const { id } = request.params;
      const body = parseInput(floorCombinationInputSchema, request.body);
      return {
        result: 0,
        combination: await updateCombination(ctx, request.venue, principalOf(request), id, body),
      };
    },
  );

  api.post(
    '/world/api/admin/floor/combinations/:id/remove',
    { ...admin, schema: { params: floorIdParamsSchema } },
    async (request) => {
      const { id } = request.params;
      await removeCombination(ctx, request.venue, principalOf(request), id);
      return { result: 0 };
    },
  );
}
