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
import { adminRoutes } from './admin-route-register.ts';

const room = { response: adminFloorRoomResponseSchema, field: 'room' };
const table = { response: adminFloorTableResponseSchema, field: 'table' };
const combination = { response: adminFloorCombinationResponseSchema, field: 'combination' };
const byId = { params: floorIdParamsSchema };
const removal = { ...byId, body: floorVersionSchema, response: adminFloorDoneResponseSchema };

/** The floor plan editor's calls (issue 22 item 3, decision 059), admin role only. */
export function registerAdminFloorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const admin = adminRoutes(app, ctx);
  admin.read('/world/api/admin/floor', { response: adminFloorResponseSchema }, (call) =>
    adminFloor(ctx, call.venue),
  );

  admin.write('/world/api/admin/floor/rooms', { ...room, body: floorRoomCreateSchema }, (call) =>
    createRoom(ctx, call.venue, call.staff, call.body),
  );
  admin.write(
    '/world/api/admin/floor/rooms/order',
    { body: floorRoomOrderSchema, response: adminFloorRoomsResponseSchema, field: 'rooms' },
    (call) => orderRooms(ctx, call.venue, call.staff, call.body.roomIds),
  );
  admin.write('/world/api/admin/floor/rooms/:id', { ...room, ...byId, body: floorRoomUpdateSchema }, (call) =>
    updateRoom(ctx, call.venue, call.staff, call.params.id, call.body),
  );
  admin.write(
    '/world/api/admin/floor/rooms/:id/lay-out',
    { ...room, ...byId, body: floorVersionSchema },
    (call) => layOutRoom(ctx, call.venue, call.staff, call.params.id, call.body.expectedVersion),
  );
  admin.write('/world/api/admin/floor/rooms/:id/remove', removal, (call) =>
    removeRoom(ctx, call.venue, call.staff, call.params.id, call.body.expectedVersion),
  );

  admin.write('/world/api/admin/floor/tables', { ...table, body: floorTableCreateSchema }, (call) =>
    createTable(ctx, call.venue, call.staff, call.body),
  );
  admin.write(
    '/world/api/admin/floor/tables/:id',
    { ...table, ...byId, body: floorTableUpdateSchema },
    (call) => updateTable(ctx, call.venue, call.staff, call.params.id, call.body),
  );
  admin.write('/world/api/admin/floor/tables/:id/remove', removal, (call) =>
    removeTable(ctx, call.venue, call.staff, call.params.id, call.body.expectedVersion),
  );

  admin.write(
    '/world/api/admin/floor/combinations',
    { ...combination, body: floorCombinationInputSchema },
    (call) => createCombination(ctx, call.venue, call.staff, call.body),
  );
  admin.write(
    '/world/api/admin/floor/combinations/:id',
    { ...combination, ...byId, body: floorCombinationInputSchema },
    (call) => updateCombination(ctx, call.venue, call.staff, call.params.id, call.body),
  );
  admin.write(
    '/world/api/admin/floor/combinations/:id/remove',
    { ...byId, response: adminFloorDoneResponseSchema },
    (call) => removeCombination(ctx, call.venue, call.staff, call.params.id),
  );
}
