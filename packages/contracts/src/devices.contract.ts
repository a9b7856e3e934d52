import { z } from 'zod';
import { okSchema } from './envelope.ts';

/** The euro coins and notes a drawer may hold, in cents (the shared `cash_denominations` reference data). */
export const EURO_DENOMINATIONS_CENTS = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000,
] as const;

const drawerNameSchema = z
  .string({ message: 'Escribe un nombre' })
  .trim()
  .min(1, 'Escribe un nombre')
  .max(60, 'Como mucho 60 caracteres');

/** A drawer's denominations, in cents: each a euro coin or note, no repeats, at least one. */
const denominationsSchema = z
  .array(
    z
      .number({ message: 'Un valor en céntimos' })
      .int('Un valor en céntimos')
      .refine((value) => (EURO_DENOMINATIONS_CENTS as readonly number[]).includes(value), {
        message: 'No es una moneda ni un billete de euro',
      }),
    { message: 'Elige las monedas y billetes del cajón' },
  )
  .min(1, 'Elige al menos una moneda o billete')
  .refine((values) => new Set(values).size === values.length, { message: 'Hay valores repetidos' });

/** POST /world/api/admin/cash-drawers: a new drawer with its denominations. */
export const cashDrawerCreateSchema = z.strictObject({
  name: drawerNameSchema,
  denominations: denominationsSchema,
});
export type CashDrawerCreate = z.output<typeof cashDrawerCreateSchema>;

/** POST /world/api/admin/cash-drawers/:id: a new name, new denominations, or both. */
export const cashDrawerUpdateSchema = z
  .strictObject({ name: drawerNameSchema.optional(), denominations: denominationsSchema.optional() })
  .refine((body) => body.name !== undefined || body.denominations !== undefined, {
    message: 'Envía el nombre o las denominaciones',
  });
export type CashDrawerUpdate = z.output<typeof cashDrawerUpdateSchema>;

/** POST /world/api/admin/card-readers and /card-readers/:id. */
export const cardReaderInputSchema = z.strictObject({
  name: drawerNameSchema,
  /** The acquirer or integration (stored as the reader's `provider`: redsys, sumup, standalone...). */
  kind: z
    .string({ message: 'Escribe el tipo de datáfono' })
    .trim()
    .min(1, 'Escribe el tipo de datáfono')
    .max(40, 'Como mucho 40 caracteres'),
});
export type CardReaderInput = z.output<typeof cardReaderInputSchema>;

/** POST /world/api/admin/station-printers: each station's printer (station id → printer name). */
export const stationPrintersUpdateSchema = z.strictObject({
  stationPrinters: z.record(
    z.string().regex(/^\d+$/, 'Una estación del local'),
    z.string().trim().max(60, 'Como mucho 60 caracteres'),
  ),
});
export type StationPrintersUpdate = z.output<typeof stationPrintersUpdateSchema>;

/** An id in the path of a device call. */
export const deviceIdParamsSchema = z.strictObject({
  id: z.coerce.number({ message: 'Un identificador' }).int().positive().max(2_147_483_647),
});

export const adminCashDrawerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  denominations: z.array(z.object({ value: z.number().int(), kind: z.enum(['coin', 'note']) })),
});
export type AdminCashDrawer = z.infer<typeof adminCashDrawerSchema>;

export const adminCardReaderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.string(),
});
export type AdminCardReader = z.infer<typeof adminCardReaderSchema>;

/** GET /world/api/admin/devices: drawers, card readers, stations and the printer of each. */
export const adminDevicesResponseSchema = okSchema({
  cashDrawers: z.array(adminCashDrawerSchema),
  cardReaders: z.array(adminCardReaderSchema),
  stations: z.array(z.object({ id: z.number().int(), name: z.string() })),
  stationPrinters: z.record(z.string(), z.string()),
});
export type AdminDevicesResponse = z.infer<typeof adminDevicesResponseSchema>;
export type AdminDevices = Omit<AdminDevicesResponse, 'result'>;

/** POST /world/api/admin/cash-drawers and /cash-drawers/:id: the drawer as stored. */
export const adminCashDrawerResponseSchema = okSchema({ cashDrawer: adminCashDrawerSchema });

/** POST /world/api/admin/card-readers and /card-readers/:id: the reader as stored. */
export const adminCardReaderResponseSchema = okSchema({ cardReader: adminCardReaderSchema });

/** POST /world/api/admin/cash-drawers/:id/remove and /card-readers/:id/remove. */
export const adminDeviceRemovedResponseSchema = okSchema({});

/** POST /world/api/admin/station-printers: the mapping as stored. */
export const stationPrintersResponseSchema = okSchema({ stationPrinters: z.record(z.string(), z.string()) });
