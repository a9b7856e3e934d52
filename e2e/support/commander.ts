import type { Locator, Page } from 'playwright-core';
import { openFromList, type floorApi, type FloorReservationReply } from './floor.ts';

type FloorApi = ReturnType<typeof floorApi>;

/** What the commander specs read of an order line in the floor's day (another tablet's view of the account). */
export interface CommanderLine {
  productSku: string;
  units: number;
  priceCents: number;
  cartSessionOrderId: number | null;
  choices: { choiceName: string }[];
}

/** A party already seated at a free table (Sin Recibir), as the floor's API makes it. */
export async function seatedWalkIn(api: FloorApi, name: string): Promise<FloorReservationReply> {
  const table = (await api.day()).tables.find((entry) => entry.active && entry.state === 'free');
  if (!table) throw new Error('no free table');
  const { reservation } = await api.call<{ reservation: FloorReservationReply }>(
    '/world/reservation/createwalkin',
    { name, pax: 2, alreadySeated: true, tableIds: [table.table_id] },
  );
  return reservation;
}

/** The order lines of a reservation as the floor's day shows them. */
export async function linesOf(api: FloorApi, id: number): Promise<CommanderLine[]> {
  const found = (await api.reservation(id)) as unknown as {
    cartSession: { productOrders: CommanderLine[] } | null;
  };
  return found.cartSession?.productOrders ?? [];
}

/** A product's button in the commander, by its exact name (a top choice carries a star). */
export const productButton = (scope: Locator, name: string) =>
  scope.locator('.commander-product-button', {
    has: scope.page().locator('.commander-product-button__name', {
      hasText: new RegExp(`^(★ )?${name}$`),
    }),
  });

/** Opens the commander of a seated party from the Sala list; returns its dialog once drawn. */
export async function openCommander(page: Page, name: string): Promise<Locator> {
  const detail = await openFromList(page, 'seated', name);
  await detail.getByRole('button', { name: 'Comandero' }).click();
  const commander = page.getByRole('dialog', { name: new RegExp(`^Comandero · .*${name}$`) });
  // Exact: the dialog's own title names the party, and a party may be called "… Comanda".
  await commander.getByRole('heading', { name: 'Comanda', exact: true }).waitFor();
  return commander;
}
