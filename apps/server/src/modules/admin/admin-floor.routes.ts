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
  app.get('/world/api/admin/floor', admin, async (request) => ({
    result: 0,
    ...(await adminFloor(ctx, request.venue)),
  }));

  app.post('/world/api/admin/floor/rooms', admin, async (request) => {
    const body = parseInput(floorRoomCreateSchema, request.body);
    return { result: 0, room: await createRoom(ctx, request.venue, principalOf(request), body) };
  });

  app.post('/world/api/admin/floor/rooms/order', admin, async (request) => {
    const { roomIds } = parseInput(floorRoomOrderSchema, request.body);
    return { result: 0, rooms: await orderRooms(ctx, request.venue, principalOf(request), roomIds) };
  });

  app.post('/world/api/admin/floor/rooms/:id', admin, async (request) => {
    const { id } = parseInput(floorIdParamsSchema, request.params);
    const body = parseInput(floorRoomUpdateSchema, request.body);
    return { result: 0, room: await updateRoom(ctx, request.venue, principalOf(request), id, body) };
  });

  app.post('/world/api/admin/floor/rooms/:id/lay-out', admin, async (request) => {
    const { id } = parseInput(floorIdParamsSchema, request.params);
    const { expectedVersion } = parseInput(floorVersionSchema, request.body);
    return {
      result: 0,
      room: await layOutRoom(ctx, request.venue, principalOf(request), id, expectedVersion),
    };
  });

  app.post('/world/api/admin/floor/rooms/:id/remove', admin, async (request) => {
    const { id } = parseInput(floorIdParamsSchema, request.params);
    const { expectedVersion } = parseInput(floorVersionSchema, request.body);
    await removeRoom(ctx, request.venue, principalOf(request), id, expectedVersion);
    return { result: 0 };
  });

  app.post('/world/api/admin/floor/tables', admin, async (request) => {
    const body = parseInput(floorTableCreateSchema, request.body);
    return { result: 0, table: await createTable(ctx, request.venue, principalOf(request), body) };
  });

  app.post('/world/api/admin/floor/tables/:id', admin, async (request) => {
    const { id } = parseInput(floorIdParamsSchema, request.params);
    const body = parseInput(floorTableUpdateSchema, request.body);
    return { result: 0, table: await updateTable(ctx, request.venue, principalOf(request), id, body) };
  });

  app.post('/world/api/admin/floor/tables/:id/remove', admin, async (request) => {
    const { id } = parseInput(floorIdParamsSchema, request.params);
    const { expectedVersion } = parseInput(floorVersionSchema, request.body);
    await removeTable(ctx, request.venue, principalOf(request), id, expectedVersion);
    return { result: 0 };
  });

  app.post('/world/api/admin/floor/combinations', admin, async (request) => {
    const body = parseInput(floorCombinationInputSchema, request.body);
    return {
      result: 0,
      combination: await createCombination(ctx, request.venue, principalOf(request), body),
    };
  });

  app.post('/world/api/admin/floor/combinations/:id', admin, async (request) => {
    const { id } = parseInput(floorIdParamsSchema, request.params);
    const body = parseInput(floorCombinationInputSchema, request.body);
    return {
      result: 0,
      combination: await updateCombination(ctx, request.venue, principalOf(request), id, body),
    };
  });

  app.post('/world/api/admin/floor/combinations/:id/remove', admin, async (request) => {
    const { id } = parseInput(floorIdParamsSchema, request.params);
    await removeCombination(ctx, request.venue, principalOf(request), id);
    return { result: 0 };
  });
}
