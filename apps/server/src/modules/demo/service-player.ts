import type { FloorReservation, KitchenItem } from '@sobremesa/contracts';
import { PRODUCT_ORDER_STATUS } from '@sobremesa/domain';
import {
  DemoCallError,
  type DemoApi,
  type DemoLine,
  type DemoStaffKey,
  type TablePhone,
} from './demo-client.ts';

/**
 * Plays a service against a running server (`npm run demo:service`, decision 053): guests arrive with and
 * without a booking and are seated, order from their phones with the table's capability, call staff and
 * ask for the bill; the kitchen and the bar start and finish tickets, the floor serves them and the till
 * charges, each as its demo account. One line per action. The benches use it as a load generator: every action is a real
 * API call (or two), timed.
 */

export type ActionKind = 'arrive' | 'seat' | 'order' | 'call' | 'bill' | 'pay' | 'cook' | 'bar' | 'serve';

/** How often each action is picked, relative to the others. */
const WEIGHTS: Readonly<Record<ActionKind, number>> = {
  arrive: 1,
  seat: 1,
  order: 3,
  call: 0.5,
  bill: 1,
  pay: 1,
  cook: 3,
  bar: 2,
  serve: 2,
};

/** What guests order from their phones: dishes and drinks without required options. */
const GUEST_MENU: readonly string[] = [
  'ENT-01',
  'ENT-02',
  'ENT-04',
  'ENT-05',
  'ENT-06',
  'ENT-07',
  'ENS-01',
  'ENS-02',
  'POS-01',
  'POS-02',
  'BEB-02',
  'BEB-03',
  'BEB-04',
  'CER-02',
  'VIN-05',
  'CAF-01',
];

const FIRST_NAMES = ['Marta', 'Luis', 'Irene', 'Óscar', 'Nerea', 'Iker', 'Laia', 'Xoán', 'Rosa', 'Tomás'];

export interface PlayedAction {
  readonly kind: ActionKind | 'idle';
  /** What happened, one line. */
  readonly line: string;
  /** False when the server refused (a 409 of a race, a 429 of a guest limit); the line says why. */
  readonly ok: boolean;
  readonly ms: number;
}

export interface PlayOptions {
  readonly api: DemoApi;
  /** Milliseconds between the start of one action and the next; 0 plays as fast as the server answers. */
  readonly intervalMs: number;
  /** Stops after this many actions. */
  readonly maxActions?: number;
  /** Stops after this long (milliseconds). */
  readonly durationMs?: number;
  /** Stops when aborted (Ctrl-C). */
  readonly signal?: AbortSignal;
  /** A number in [0, 1): a seeded generator makes a run repeatable. */
  readonly random?: () => number;
  readonly onAction?: (action: PlayedAction) => void;
}

export interface PlayReport {
  readonly actions: PlayedAction[];
  readonly elapsedMs: number;
}

/** A small seeded generator (mulberry32), so `--seed` replays the same choices on the same state. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Plays actions until a limit is reached; returns every action played. */
export async function playService(options: PlayOptions): Promise<PlayReport> {
  const player = new ServicePlayer(options.api, options.random ?? Math.random);
  const started = performance.now();
  const actions: PlayedAction[] = [];
  const done = () =>
    options.signal?.aborted === true ||
    (options.maxActions !== undefined && actions.length >= options.maxActions) ||
    (options.durationMs !== undefined && performance.now() - started >= options.durationMs);
  while (!done()) {
    const begin = performance.now();
    const action = await player.step();
    actions.push(action);
    options.onAction?.(action);
    if (!done()) await sleep(options.intervalMs - (performance.now() - begin), options.signal);
  }
  return { actions, elapsedMs: performance.now() - started };
}

type Outcome = { line: string; ok?: boolean } | null;

/** One service's players: the floor, the kitchen, the bar and the guests' phones. */
export class ServicePlayer {
  /** Phones that joined a table (its account QR), by reservation id. */
  private readonly phones = new Map<number, TablePhone>();
  private walkIns = 0;

  constructor(
    private readonly api: DemoApi,
    private readonly random: () => number,
  ) {}

  /** Picks an action by weight; when it has nothing to do, the next one in a random order. */
  async step(): Promise<PlayedAction> {
    const kinds = this.order();
    const begin = performance.now();
    for (const kind of kinds) {
      try {
        const outcome = await this.play(kind);
        if (outcome)
          return { kind, line: outcome.line, ok: outcome.ok ?? true, ms: performance.now() - begin };
      } catch (error) {
        if (!(error instanceof DemoCallError) || error.status >= 500) throw error;
        return {
          kind,
          line: `${kind}: refused (${error.status}) ${error.message}`,
          ok: false,
          ms: performance.now() - begin,
        };
      }
    }
    return { kind: 'idle', line: 'nothing to do', ok: true, ms: performance.now() - begin };
  }

  private order(): ActionKind[] {
    const left = Object.entries(WEIGHTS) as [ActionKind, number][];
    const chosen: ActionKind[] = [];
    while (left.length > 0) {
      const total = left.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = this.random() * total;
      const index = left.findIndex(([, weight]) => (roll -= weight) < 0);
      const [kind] = left.splice(index === -1 ? left.length - 1 : index, 1)[0]!;
      chosen.push(kind);
    }
    return chosen;
  }

  private pick<T>(items: readonly T[]): T | undefined {
    return items[Math.floor(this.random() * items.length)];
  }

  private play(kind: ActionKind): Promise<Outcome> {
    switch (kind) {
      case 'arrive':
        return this.arrive();
      case 'seat':
        return this.seat();
      case 'order':
        return this.guestOrder();
      case 'call':
        return this.call();
      case 'bill':
        return this.bill();
      case 'pay':
        return this.pay();
      case 'cook':
        return this.kitchen('cocina', 'comida');
      case 'bar':
        return this.kitchen('barra', 'bebida');
      case 'serve':
        return this.serve();
    }
  }

  private async floor(): Promise<{
    seated: FloorReservation[];
    toCome: FloorReservation[];
    forPayment: FloorReservation[];
  }> {
    const day = await this.api.serviceDay('sala');
    const byId = new Map(day.reservations.map((reservation) => [reservation.id, reservation]));
    const of = (ids: number[]) =>
      ids.map((id) => byId.get(id)).filter((row): row is FloorReservation => row !== undefined);
    return {
      seated: of(day.lists.seated),
      toCome: of(day.lists.toCome),
      forPayment: of(day.lists.forPayment),
    };
  }

  private async phoneOf(reservation: FloorReservation): Promise<TablePhone> {
    const known = this.phones.get(reservation.id);
    if (known) return known;
    const phone = await this.api.phoneOf(reservation);
    this.phones.set(reservation.id, phone);
    return phone;
  }

  private async arrive(): Promise<Outcome> {
    this.walkIns += 1;
    const name = FIRST_NAMES[this.walkIns % FIRST_NAMES.length]!;
    const pax = 1 + Math.floor(this.random() * 4);
    const walkIn = await this.api.walkIn(name, pax);
    return { line: `walk-in: ${name} (${pax}) seated at table ${walkIn.table ?? '?'}` };
  }

  private async seat(): Promise<Outcome> {
    const { toCome } = await this.floor();
    const booking = this.pick(toCome.filter((reservation) => reservation.allowedActions.includes('seat')));
    if (!booking) return null;
    const seated = await this.api.seat(booking.wid);
    return { line: `arrival: ${seated.name} (${seated.pax}) seated at table ${seated.table ?? '?'}` };
  }

  private async guestOrder(): Promise<Outcome> {
    const { seated } = await this.floor();
    const table = this.pick(seated);
    if (!table) return null;
    const lines: DemoLine[] = [];
    const count = 1 + Math.floor(this.random() * 3);
    for (let i = 0; i < count; i += 1) {
      const sku = this.pick(GUEST_MENU)!;
      if (!lines.some((line) => line.sku === sku))
        lines.push({ sku, orderQuantity: 1 + Math.floor(this.random() * 2) });
    }
    const order = await this.api.guestOrder(await this.phoneOf(table), lines);
    const what = order.items.map((item) => `${item.units}× ${item.name}`).join(', ');
    return { line: `phone order: table ${table.table ?? '?'} (${table.name}) asks for ${what}` };
  }

  private async call(): Promise<Outcome> {
    const { seated } = await this.floor();
    const table = this.pick(seated);
    if (!table) return null;
    await this.api.callStaff(await this.phoneOf(table));
    return { line: `call: table ${table.table ?? '?'} (${table.name}) calls the waiter` };
  }

  private async bill(): Promise<Outcome> {
    const { seated } = await this.floor();
    const eaten = seated.filter((reservation) =>
      reservation.cartSession?.productOrders.some(
        (line) => line.statusProductOrder === PRODUCT_ORDER_STATUS.served,
      ),
    );
    const table = this.pick(eaten);
    if (!table) return null;
    const method = this.pick(['card', 'cash'] as const)!;
    await this.api.askForBill(await this.phoneOf(table), method);
    return { line: `bill: table ${table.table ?? '?'} (${table.name}) asks for the bill (${method})` };
  }

  /** TPV charges a table that asked for the bill, by the method it asked to pay with. */
  private async pay(): Promise<Outcome> {
    const { forPayment } = await this.floor();
    const table = this.pick(forPayment);
    if (!table) return null;
    const method = table.requestedPaymentMethod === 'cash' ? 'cash' : 'card';
    const { bill } = await this.api.charge(table.id, method);
    const euros = (bill.totalCents / 100).toFixed(2).replace('.', ',');
    return {
      line: `till: charges table ${table.table ?? '?'} (${table.name}) ${euros} € by ${method}, ${bill.invoiceNumber ?? 'no invoice number'}`,
    };
  }

  /** Cocina or Barra moves one of its tickets on: starts a waiting line or finishes one cooking. */
  private async kitchen(who: DemoStaffKey, type: 'comida' | 'bebida'): Promise<Outcome> {
    const board = await this.api.kitchen(who);
    const lines = board.groups.flatMap((group) => group.items).filter((item) => item.type === type);
    const next = (status: number, action: 'startPreparation' | 'finishPreparation') =>
      lines.filter((item) => item.statusProductOrder === status && item.allowedActions.includes(action));
    const start = next(PRODUCT_ORDER_STATUS.accepted, 'startPreparation');
    const finish = next(PRODUCT_ORDER_STATUS.preparing, 'finishPreparation');
    const ready =
      type === 'bebida'
        ? lines.filter(
            (item) =>
              item.statusProductOrder === PRODUCT_ORDER_STATUS.ready && item.allowedActions.includes('serve'),
          )
        : [];
    const choices: [KitchenItem[], 'startpreparation' | 'finishpreparation' | 'serve', string][] = [
      [start, 'startpreparation', 'starts'],
      [finish, 'finishpreparation', 'finishes'],
      [ready, 'serve', 'serves'],
    ];
    const open = choices.filter(([items]) => items.length > 0);
    const chosen = this.pick(open);
    if (!chosen) return null;
    const [items, action, verb] = chosen;
    const line = this.pick(items)!;
    await this.api.lines(who, action, [line.productOrderId]);
    const station = who === 'cocina' ? 'kitchen' : 'bar';
    return {
      line: `${station}: ${verb} ${line.units}× ${line.name} (table ${line.reservationInfo.table ?? '?'})`,
    };
  }

  /** Sala takes a ready dish from the pass to its table. */
  private async serve(): Promise<Outcome> {
    const board = await this.api.kitchen('sala');
    const ready = board.groups
      .flatMap((group) => group.items)
      .filter(
        (item) =>
          item.type === 'comida' &&
          item.statusProductOrder === PRODUCT_ORDER_STATUS.ready &&
          item.allowedActions.includes('serve'),
      );
    const line = this.pick(ready);
    if (!line) return null;
    await this.api.lines('sala', 'serve', [line.productOrderId]);
    return {
      line: `floor: serves ${line.units}× ${line.name} at table ${line.reservationInfo.table ?? '?'}`,
    };
  }
}
