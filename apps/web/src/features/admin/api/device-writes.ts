import {
  adminCardReaderResponseSchema,
  adminCashDrawerResponseSchema,
  adminDeviceRemovedResponseSchema,
  stationPrintersResponseSchema,
} from '@sobremesa/contracts';
import { api } from '../../../lib/api.ts';
import { useWriteThenRead } from '../../../lib/write-then-read.ts';
import { adminDevicesQuery } from './admin-api.ts';

/** The devices section's writes; each answers with what was stored, refetched through the devices query. */
export const deviceCalls = {
  createDrawer: (body: { name: string; denominations: number[] }) =>
    api.request(adminCashDrawerResponseSchema, '/world/api/admin/cash-drawers', { body }),
  updateDrawer: (id: number, body: { name: string; denominations: number[] }) =>
    api.request(adminCashDrawerResponseSchema, `/world/api/admin/cash-drawers/${id}`, { body }),
  removeDrawer: (id: number) =>
    api.request(adminDeviceRemovedResponseSchema, `/world/api/admin/cash-drawers/${id}/remove`, { body: {} }),
  createReader: (body: { name: string; kind: string }) =>
    api.request(adminCardReaderResponseSchema, '/world/api/admin/card-readers', { body }),
  updateReader: (id: number, body: { name: string; kind: string }) =>
    api.request(adminCardReaderResponseSchema, `/world/api/admin/card-readers/${id}`, { body }),
  removeReader: (id: number) =>
    api.request(adminDeviceRemovedResponseSchema, `/world/api/admin/card-readers/${id}/remove`, { body: {} }),
  setStationPrinters: (stationPrinters: Record<string, string>) =>
    api.request(stationPrintersResponseSchema, '/world/api/admin/station-printers', {
      body: { stationPrinters },
    }),
};

/** A device write: the devices are read again before it resolves. */
export const useDeviceWrite = () => useWriteThenRead([adminDevicesQuery.queryKey]);
