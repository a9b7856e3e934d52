import type {
  AdminCardReader,
  AdminCashDrawer,
  AdminDevices,
  CardReaderInput,
  CashDrawerCreate,
  CashDrawerUpdate,
  StationPrintersUpdate,
} from '@sobremesa/contracts';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import {
  deleteDrawer,
  insertDrawer,
  renameDrawer,
  replaceDrawerSlots,
} from '../accounting/accounting.service.ts';
import {
  forgetAccountingConfig,
  updateVenueSettings,
  VENUE_CONFIG_UPDATED,
} from '../config/config.service.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import type { StaffPrincipal } from '../users/users.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { auditAdminChange, type AdminChange } from './admin-audit.service.ts';
import {
  deleteReader,
  drawerHasHistory,
  drawerHasOpenShift,
  findDenominations,
  insertReader,
  listDrawerDenominations,
  listDrawers,
  listReaders,
  listStations,
  lockDrawer,
  lockReader,
  readerHasHistory,
  updateReader,
} from './devices.repository.ts';

/** The devices section of /ebitdata (issue 22 item 6): drawers, card readers, and each station's printer. */
export async function adminDevices(ctx: AppContext, venue: Venue): Promise<AdminDevices> {
  const [drawers, denominations, cardReaders, stations] = await Promise.all([
    listDrawers(ctx.db, venue.id),
    listDrawerDenominations(ctx.db, venue.id),
    listReaders(ctx.db, venue.id),
    listStations(ctx.db, venue.id),
  ]);
  return {
    cashDrawers: drawers.map((drawer) => ({
      ...drawer,
      denominations: denominations
        .filter((row) => row.cashDrawerId === drawer.id)
        .map(({ value, kind }) => ({ value, kind })),
    })),
    cardReaders,
    stations,
    stationPrinters: venue.settings.stationPrinters,
  };
}

async function drawerDenominations(tx: Transaction, venueId: number, drawerId: number) {
  const rows = await listDrawerDenominations(tx, venueId);
  return rows.filter((row) => row.cashDrawerId === drawerId).map(({ value, kind }) => ({ value, kind }));
}

/** Audit row (SEC-11) and the event staff screens refetch the till's configuration on. */
async function record(tx: Transaction, venue: Venue, staff: StaffPrincipal, change: AdminChange) {
  await auditAdminChange(tx, venue, staff, change);
  await appendEvent(tx, venue.id, VENUE_CONFIG_UPDATED, { changed: [change.entity] });
}

/**
 * A change of the venue's drawers or card readers, in one transaction; once it has committed, this instance's
 * kept accounting-config reply is forgotten before the change is answered (the database tells the others).
 */
async function changeDevices<T>(ctx: AppContext, venue: Venue, change: (tx: Transaction) => Promise<T>) {
  const changed = await ctx.db.transaction(change);
  forgetAccountingConfig(ctx, venue.id);
  return changed;
}

async function denominationIds(tx: Transaction, values: readonly number[]) {
  const rows = await findDenominations(tx, values);
  return rows.map((row) => row.id);
}

export async function createCashDrawer(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  input: CashDrawerCreate,
): Promise<AdminCashDrawer> {
  return changeDevices(ctx, venue, async (tx) => {
    const drawer = await insertDrawer(tx, venue.id, input.name);
    await replaceDrawerSlots(tx, venue.id, drawer.id, await denominationIds(tx, input.denominations));
    const created = { ...drawer, denominations: await drawerDenominations(tx, venue.id, drawer.id) };
    await record(tx, venue, staff, {
      action: 'cash_drawer.create',
      entity: 'cash_drawer',
      entityId: drawer.id,
      before: null,
      after: created,
    });
    return created;
  });
}

/** Renames a drawer or changes its denominations; kept denominations keep their counted pieces. */
export async function updateCashDrawer(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  drawerId: number,
  input: CashDrawerUpdate,
): Promise<AdminCashDrawer> {
  return changeDevices(ctx, venue, async (tx) => {
    const current = await lockDrawer(tx, venue.id, drawerId);
    if (!current) throw notFound();
    const before = { ...current, denominations: await drawerDenominations(tx, venue.id, drawerId) };
    if (input.name !== undefined) await renameDrawer(tx, venue.id, drawerId, input.name);
    if (input.denominations) {
      await replaceDrawerSlots(tx, venue.id, drawerId, await denominationIds(tx, input.denominations));
    }
    const after = {
      id: drawerId,
      name: input.name ?? current.name,
      denominations: await drawerDenominations(tx, venue.id, drawerId),
    };
    await record(tx, venue, staff, {
      action: 'cash_drawer.update',
      entity: 'cash_drawer',
      entityId: drawerId,
      before,
      after,
    });
    return after;
  });
}

/**
 * Removes a drawer. One with an open shift is refused (409): its cash is being counted. One the till's
 * history names (closed shifts, counts, movements) is refused too, as those records must stay whole.
 */
export async function removeCashDrawer(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  drawerId: number,
): Promise<void> {
  await changeDevices(ctx, venue, async (tx) => {
    const current = await lockDrawer(tx, venue.id, drawerId);
    if (!current) throw notFound();
    if (await drawerHasOpenShift(tx, venue.id, drawerId)) {
      throw new AppError(409, 'CONFLICT', 'admin_drawer_open_shift');
    }
    if (await drawerHasHistory(tx, venue.id, drawerId)) {
      throw new AppError(409, 'CONFLICT', 'admin_device_in_use');
    }
    const before = { ...current, denominations: await drawerDenominations(tx, venue.id, drawerId) };
    await deleteDrawer(tx, venue.id, drawerId);
    await record(tx, venue, staff, {
      action: 'cash_drawer.remove',
      entity: 'cash_drawer',
      entityId: drawerId,
      before,
      after: null,
    });
  });
}

export async function createCardReader(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  input: CardReaderInput,
): Promise<AdminCardReader> {
  return changeDevices(ctx, venue, async (tx) => {
    const reader = await insertReader(tx, venue.id, input.name, input.kind);
    await record(tx, venue, staff, {
      action: 'card_reader.create',
      entity: 'card_reader',
      entityId: reader.id,
      before: null,
      after: reader,
    });
    return reader;
  });
}

export async function updateCardReader(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  readerId: number,
  input: CardReaderInput,
): Promise<AdminCardReader> {
  return changeDevices(ctx, venue, async (tx) => {
    const before = await lockReader(tx, venue.id, readerId);
    if (!before) throw notFound();
    await updateReader(tx, venue.id, readerId, input);
    const after = { id: readerId, ...input };
    await record(tx, venue, staff, {
      action: 'card_reader.update',
      entity: 'card_reader',
      entityId: readerId,
      before,
      after,
    });
    return after;
  });
}

/** Removes a card reader no payment or card count names (those records must stay whole: 409). */
export async function removeCardReader(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  readerId: number,
): Promise<void> {
  await changeDevices(ctx, venue, async (tx) => {
    const before = await lockReader(tx, venue.id, readerId);
    if (!before) throw notFound();
    if (await readerHasHistory(tx, venue.id, readerId)) {
      throw new AppError(409, 'CONFLICT', 'admin_device_in_use');
    }
    await deleteReader(tx, venue.id, readerId);
    await record(tx, venue, staff, {
      action: 'card_reader.remove',
      entity: 'card_reader',
      entityId: readerId,
      before,
      after: null,
    });
  });
}

/**
 * Sets which printer each station's tickets go to (decision 029's `stationPrinters`), through the
 * settings update so it is audited and announced like any other setting. Every key must be one of the
 * venue's stations; a station given an empty name goes back to the helper's default printer.
 */
export async function updateStationPrinters(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  input: StationPrintersUpdate,
): Promise<Record<string, string>> {
  const stations = new Set((await listStations(ctx.db, venue.id)).map((row) => String(row.id)));
  const unknown = Object.keys(input.stationPrinters).filter((id) => !stations.has(id));
  if (unknown.length > 0) {
    throw new AppError(400, 'VALIDATION_FAILED', 'validation_failed', {
      fields: unknown.map((id) => ({
        path: `stationPrinters.${id}`,
        message: 'No es una estación del local',
      })),
    });
  }
  const stationPrinters = Object.fromEntries(
    Object.entries(input.stationPrinters).filter(([, printer]) => printer !== ''),
  );
  const updated = await updateVenueSettings(ctx, venue, staff, { stationPrinters });
  return updated.venueConfig.stationPrinters;
}
