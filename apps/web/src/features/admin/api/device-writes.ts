import { adminDeviceWriteResponseSchema, stationPrintersResponseSchema } from '@sobremesa/contracts';
import { api } from '../../../lib/api.ts';
import { useWriteThenRead } from '../../../lib/write-then-read.ts';
import { adminDevicesQuery } from './admin-api.ts';

const doneSchema = adminDeviceWriteResponseSchema;

export const deviceCalls = {
  createDrawer: (body: { name: string; denominations: number[] }) =>
    api.request(doneSchema, '/world/api/admin/cash-drawers', { body }),
  updateDrawer: (id: number, body: { name: string; denominations: number[] }) =>
    api.request(doneSchema, `/world/api/admin/cash-drawers/${id}`, { body }),
  removeDrawer: (id: number) =>
    api.request(doneSchema, `/world/api/admin/cash-drawers/${id}/remove`, { body: {} }),
  createReader: (body: { name: string; kind: string }) =>
    api.request(doneSchema, '/world/api/admin/card-readers', { body }),
  updateReader: (id: number, body: { name: string; kind: string }) =>
    api.request(doneSchema, `/world/api/admin/card-readers/${id}`, { body }),
  removeReader: (id: number) =>
    api.request(doneSchema, `/world/api/admin/card-readers/${id}/remove`, { body: {} }),
  setStationPrinters: (stationPrinters: Record<string, string>) =>
    api.request(stationPrintersResponseSchema, '/world/api/admin/station-printers', {
      body: { stationPrinters },
    }),
};

/** A device write: the devices are read again before it resolves. */
export const useDeviceWrite = () => useWriteThenRead([adminDevicesQuery.queryKey]);
