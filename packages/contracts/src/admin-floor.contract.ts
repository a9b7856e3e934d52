import { TABLE_SHAPES } from '@sobremesa/domain';
import { z } from 'zod';
import { okSchema } from './envelope.ts';

/**
 * The floor plan editor of /ebitdata (issue 22 item 3, decision 059): rooms, tables with their place on
 * the room's plan, and the combinations of tables the venue joins. Every write of an existing room or
 * table carries the `version` the screen last saw; a stale one is refused with 409 and changes nothing.
 */

/** A position or size in plan units (decision 059): whole units, never negative, within a large room. */
const planUnits = (message: string) =>
  z.number({ message }).int(message).min(0, message).max(10_000, 'Como mucho 10000');
const sizeUnits = z
  .number({ message: 'Un tamaño en unidades del plano' })
  .int('Un tamaño en unidades del plano')
  .min(20, 'Como poco 20')
  .max(2000, 'Como mucho 2000');

const nameSchema = z
  .string({ message: 'Escribe un nombre' })
  .trim()
  .min(1, 'Escribe un nombre')
  .max(40, 'Como mucho 40 caracteres');

const seatsSchema = z
  .number({ message: 'Un número de comensales' })
  .int('Un número entero de comensales')
  .min(1, 'Como poco 1')
  .max(100, 'Como mucho 100');

const versionSchema = z.number({ message: 'La versión que viste' }).int().nonnegative().max(2_147_483_647);

/** An id in the path of a floor call. */
export const floorIdParamsSchema = z.strictObject({
  id: z.coerce.number({ message: 'Un identificador' }).int().positive().max(2_147_483_647),
});

const planSideSchema = z
  .number({ message: 'Un tamaño en unidades del plano' })
  .int('Un tamaño en unidades del plano')
  .min(200, 'Como poco 200')
  .max(10_000, 'Como mucho 10000');
const planSchema = z.strictObject({ width: planSideSchema, height: planSideSchema });

/** POST /world/api/admin/floor/rooms: a new room, laid out from the start. */
export const floorRoomCreateSchema = z.strictObject({
  name: nameSchema,
  reservable: z.boolean({ message: 'Sí o no' }).optional(),
});
export type FloorRoomCreate = z.output<typeof floorRoomCreateSchema>;

/** POST /world/api/admin/floor/rooms/:id: rename, offer to guests or not, resize the plan. */
export const floorRoomUpdateSchema = z.strictObject({
  expectedVersion: versionSchema,
  name: nameSchema.optional(),
  reservable: z.boolean({ message: 'Sí o no' }).optional(),
  plan: planSchema.optional(),
});
export type FloorRoomUpdate = z.output<typeof floorRoomUpdateSchema>;

/** POST /world/api/admin/floor/rooms/:id/lay-out and /remove: the version the screen saw. */
export const floorVersionSchema = z.strictObject({ expectedVersion: versionSchema });

/** POST /world/api/admin/floor/rooms/order: every active room, in the order staff and guests see them. */
export const floorRoomOrderSchema = z.strictObject({
  roomIds: z
    .array(z.number().int().positive().max(2_147_483_647), { message: 'Las salas en orden' })
    .min(1, 'Las salas en orden')
    .refine((ids) => new Set(ids).size === ids.length, { message: 'Hay salas repetidas' }),
});

const tableFields = {
  roomId: z.number({ message: 'Elige una sala' }).int().positive().max(2_147_483_647),
  name: nameSchema,
  minPax: seatsSchema,
  maxPax: seatsSchema,
  shape: z.enum(TABLE_SHAPES, { message: 'Redonda, cuadrada o rectangular' }),
  x: planUnits('Una posición en el plano'),
  y: planUnits('Una posición en el plano'),
  width: sizeUnits,
  height: sizeUnits,
  rotation: z
    .number({ message: 'Grados entre 0 y 359' })
    .int('Grados entre 0 y 359')
    .min(0, 'Grados entre 0 y 359')
    .max(359, 'Grados entre 0 y 359'),
  zone: z.string({ message: 'Texto' }).trim().max(40, 'Como mucho 40 caracteres').nullable(),
  combinable: z.boolean({ message: 'Sí o no' }),
};

const seatsInOrder = (body: { minPax?: number; maxPax?: number }) =>
  body.minPax === undefined || body.maxPax === undefined || body.maxPax >= body.minPax;
const seatsIssue = { message: 'No puede ser menor que el mínimo', path: ['maxPax'] };

/** A table's fields as a new table sends them (an update sends any of them). */
const tableCreateFields = {
  roomId: tableFields.roomId,
  name: tableFields.name,
  minPax: tableFields.minPax,
  maxPax: tableFields.maxPax,
  shape: tableFields.shape,
  x: tableFields.x.optional(),
  y: tableFields.y.optional(),
  width: tableFields.width.optional(),
  height: tableFields.height.optional(),
  rotation: tableFields.rotation.optional(),
  zone: tableFields.zone.optional(),
  combinable: tableFields.combinable.optional(),
};

/** POST /world/api/admin/floor/tables: a new table; where it goes and its size default by shape. */
export const floorTableCreateSchema = z.strictObject(tableCreateFields).refine(seatsInOrder, seatsIssue);
export type FloorTableCreate = z.output<typeof floorTableCreateSchema>;

/** POST /world/api/admin/floor/tables/:id: any of its fields, with the version the screen saw. */
export const floorTableUpdateSchema = z
  .strictObject({ expectedVersion: versionSchema, ...z.object(tableCreateFields).partial().shape })
  .refine(seatsInOrder, seatsIssue);
export type FloorTableUpdate = z.output<typeof floorTableUpdateSchema>;

/** POST /world/api/admin/floor/combinations and /combinations/:id: tables joined, and whom they seat. */
export const floorCombinationInputSchema = z
  .strictObject({
    name: nameSchema,
    tableIds: z
      .array(z.number().int().positive().max(2_147_483_647), { message: 'Elige las mesas' })
      .min(2, 'Elige al menos dos mesas')
      .max(8, 'Como mucho 8 mesas')
      .refine((ids) => new Set(ids).size === ids.length, { message: 'Hay mesas repetidas' }),
    minPax: seatsSchema,
    maxPax: seatsSchema,
  })
  .refine(seatsInOrder, seatsIssue);
export type FloorCombinationInput = z.output<typeof floorCombinationInputSchema>;

export const adminFloorRoomSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sortOrder: z.number().int(),
  reservable: z.boolean(),
  /** Null for a room never laid out: the copilot shows its tables as a grid. */
  plan: z.object({ width: z.number().int(), height: z.number().int() }).nullable(),
  version: z.number().int(),
});
export type AdminFloorRoom = z.infer<typeof adminFloorRoomSchema>;

export const adminFloorTableSchema = z.object({
  id: z.number().int(),
  roomId: z.number().int(),
  name: z.string(),
  minPax: z.number().int(),
  maxPax: z.number().int(),
  shape: z.enum(TABLE_SHAPES),
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  rotation: z.number().int(),
  zone: z.string().nullable(),
  combinable: z.boolean(),
  version: z.number().int(),
});
export type AdminFloorTable = z.infer<typeof adminFloorTableSchema>;

export const adminFloorCombinationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  minPax: z.number().int(),
  maxPax: z.number().int(),
  tableIds: z.array(z.number().int()),
});
export type AdminFloorCombination = z.infer<typeof adminFloorCombinationSchema>;

/** GET /world/api/admin/floor: the active rooms and tables, and the combinations. */
export const adminFloorResponseSchema = okSchema({
  rooms: z.array(adminFloorRoomSchema),
  tables: z.array(adminFloorTableSchema),
  combinations: z.array(adminFloorCombinationSchema),
});
export type AdminFloorResponse = z.infer<typeof adminFloorResponseSchema>;
export type AdminFloor = Omit<AdminFloorResponse, 'result'>;

export const adminFloorRoomResponseSchema = okSchema({ room: adminFloorRoomSchema });
export const adminFloorTableResponseSchema = okSchema({ table: adminFloorTableSchema });
export const adminFloorCombinationResponseSchema = okSchema({ combination: adminFloorCombinationSchema });
/** POST /world/api/admin/floor/rooms/order: the rooms in their new order. */
export const adminFloorRoomsResponseSchema = okSchema({ rooms: z.array(adminFloorRoomSchema) });
/** The removals of a room, a table or a combination. */
export const adminFloorDoneResponseSchema = okSchema({});

/** A future booking that keeps a table from being retired (the 409's `bookings`). */
export const floorBlockingBookingSchema = z.object({
  reservationId: z.number().int(),
  name: z.string(),
  startDateTime: z.string(),
  pax: z.number().int(),
});
