import { randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type {
  CartSessionOrder,
  FloorReservation,
  GetByDayResponse,
  GetByRoleResponse,
  KitchenItem,
} from '@sobremesa/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * The demo's hands: the calls staff tablets and guest phones make, through the public HTTP API and nothing
 * else, so whatever the demo does goes through the same routes, role checks, transactions and outbox
 * events as a real service (decision 053). Two transports: HTTP against a running server
 * (`npm run demo:service`, the benches) and `inject` into the app being started (the demo's service day).
 */

export interface DemoRequest {
  readonly path: string;
  /** A JSON body makes it a POST (with a fresh Idempotency-Key, as the web app's writes carry). */
  readonly body?: unknown;
  readonly token?: string;
  readonly locale?: string;
}

export interface DemoReply {
  readonly status: number;
  readonly body: unknown;
}

export type DemoTransport = (request: DemoRequest) => Promise<DemoReply>;

function headersOf(request: DemoRequest, host: string | undefined): Record<string, string> {
  return {
    ...(host ? { host } : {}),
    ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
    ...(request.locale ? { 'x-locale': request.locale } : {}),
    ...(request.body === undefined
      ? {}
      : { 'content-type': 'application/json', 'idempotency-key': randomUUID() }),
  };
}

/**
 * Calls a running server at `baseUrl` over HTTP(S); `host` names the venue when the URL's own host does not
 * (sent as the Host header, which `fetch` would not let us set). Connections are kept alive.
 */
export function httpTransport(baseUrl: string, host?: string): DemoTransport {
  const base = new URL(baseUrl);
  const client = base.protocol === 'https:' ? https : http;
  const agent = new client.Agent({ keepAlive: true });
  const prefix = base.pathname.replace(/\/+$/, '');
  return (request) =>
    new Promise<DemoReply>((resolve, reject) => {
      const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
      const outgoing = client.request(
        {
          protocol: base.protocol,
          hostname: base.hostname,
          port: base.port || undefined,
          path: `${prefix}${request.path}`,
          method: payload === undefined ? 'GET' : 'POST',
          agent,
          headers: {
            ...headersOf(request, host),
            ...(payload === undefined ? {} : { 'content-length': Buffer.byteLength(payload) }),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let body: unknown = text;
            try {
              body = JSON.parse(text);
            } catch {
              // Not JSON (a proxy's error page): keep the text for the message.
            }
            resolve({ status: response.statusCode ?? 0, body });
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
}

/** Calls the app in process (Fastify's inject): the same routes, without a port. */
export function injectTransport(app: FastifyInstance, host: string): DemoTransport {
  return async (request) => {
    const response = await app.inject({
      method: request.body === undefined ? 'GET' : 'POST',
      url: request.path,
      headers: headersOf(request, host),
      ...(request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
    });
    let body: unknown = response.body;
    try {
      body = response.json();
    } catch {
      // Not JSON: keep the text.
    }
    return { status: response.statusCode, body };
  };
}

/** A refused call: its HTTP status and the server's (localised) message. */
export class DemoCallError extends Error {
  constructor(
    readonly path: string,
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(`${path}: ${status} ${message}`);
    this.name = 'DemoCallError';
  }
}

/** The demo accounts by role (README, demo-venue.ts). */
export const DEMO_STAFF = {
  sala: 'sala@demo.test',
  sala1: 'sala1@demo.test',
  cocina: 'cocina@demo.test',
  barra: 'barra@demo.test',
  tpv: 'tpv@demo.test',
  pasante: 'pasante@demo.test',
} as const;
export type DemoStaffKey = keyof typeof DEMO_STAFF;

/** A line of an order as the guest menu or the commander sends it (the server prices it). */
export interface DemoLine {
  readonly sku: string;
  readonly orderQuantity: number;
}

export type LineAction = 'startpreparation' | 'finishpreparation' | 'serve';

/** A table's capability as its account QR carries it: what a guest's phone orders and asks with. */
export interface TablePhone {
  readonly reservationId: number;
  readonly uid: string;
}

/** Typed calls over a transport; each throws {@link DemoCallError} when the server refuses. */
export class DemoApi {
  private readonly tokens = new Map<DemoStaffKey, string>();

  constructor(
    readonly transport: DemoTransport,
    private readonly password: string,
  ) {}

  async call<T>(path: string, body?: unknown, token?: string): Promise<T> {
    const reply = await this.transport({ path, body, token });
    const payload = reply.body as { result?: number; code?: string; message?: string } | string;
    const result = typeof payload === 'object' && payload !== null ? payload.result : undefined;
    if (reply.status >= 400 || (result !== undefined && result !== 0)) {
      const message =
        typeof payload === 'object' && payload !== null ? (payload.message ?? '') : String(payload);
      throw new DemoCallError(
        path,
        reply.status,
        typeof payload === 'object' && payload !== null ? payload.code : undefined,
        message,
      );
    }
    return reply.body as T;
  }

  /** The staff member's token, signing in once with the demo password. */
  async token(who: DemoStaffKey): Promise<string> {
    const known = this.tokens.get(who);
    if (known) return known;
    const reply = await this.call<{ user: { token: string } }>('/world/api/user/login', {
      userEmail: DEMO_STAFF[who],
      password: this.password,
    });
    this.tokens.set(who, reply.user.token);
    return reply.user.token;
  }

  async staff<T>(who: DemoStaffKey, path: string, body: unknown): Promise<T> {
    return this.call<T>(path, body, await this.token(who));
  }

  serviceDay(who: DemoStaffKey = 'sala'): Promise<GetByDayResponse> {
    return this.staff(who, '/world/api/reservation/getbyday', {});
  }

  kitchen(who: DemoStaffKey): Promise<GetByRoleResponse> {
    return this.staff(who, '/world/api/productorder/get-by-role', {});
  }

  async walkIn(name: string, pax: number, tableIds?: number[]): Promise<FloorReservation> {
    const reply = await this.staff<{ reservation: FloorReservation }>(
      'sala',
      '/world/reservation/createwalkin',
      { name, pax, ...(tableIds ? { tableIds } : {}) },
    );
    return reply.reservation;
  }

  async seat(reservationWid: string): Promise<FloorReservation> {
    const reply = await this.staff<{ reservation: FloorReservation }>(
      'sala',
      '/world/api/reservation/enable-reservation',
      { reservationWid },
    );
    return reply.reservation;
  }

  async noShow(reservationWid: string): Promise<FloorReservation> {
    const reply = await this.staff<{ reservation: FloorReservation }>(
      'sala',
      '/world/api/reservation/set-no-show',
      { reservationWid },
    );
    return reply.reservation;
  }

  async close(reservationId: number): Promise<FloorReservation> {
    const reply = await this.staff<{ reservation: FloorReservation }>(
      'sala',
      `/world/api/reservation/${reservationId}/close`,
      {},
    );
    return reply.reservation;
  }

  /** The table's account QR, as Sala shows it: the phone that scans it joins the table. */
  async phoneOf(reservation: { id: number; wid: string }): Promise<TablePhone> {
    const reply = await this.staff<{ uid: string }>('sala', '/world/api/reservation/account-qr', {
      reservationWid: reservation.wid,
    });
    return { reservationId: reservation.id, uid: reply.uid };
  }

  /** An order from the guest's phone (the guest menu's call, source 2). */
  async guestOrder(phone: TablePhone, products: readonly DemoLine[]): Promise<CartSessionOrder> {
    const reply = await this.call<{ cartSessionOrder: CartSessionOrder }>(
      '/world/api/cartsession/createcartsessionorder',
      { uid: phone.uid, orderInfo: { reservationId: phone.reservationId, source: 2 }, products },
    );
    return reply.cartSessionOrder;
  }

  /** An order taken by Sala with the commander (source 1). */
  async staffOrder(reservationId: number, products: readonly DemoLine[]): Promise<CartSessionOrder> {
    const reply = await this.staff<{ cartSessionOrder: CartSessionOrder }>(
      'sala',
      '/world/api/cartsession/createcartsessionorder',
      { orderInfo: { reservationId, source: 1 }, products },
    );
    return reply.cartSessionOrder;
  }

  async lines(who: DemoStaffKey, action: LineAction, productOrderIds: number[]): Promise<KitchenItem[]> {
    const reply = await this.staff<{ items: KitchenItem[] }>(who, `/world/api/productorder/${action}`, {
      productOrderIds,
    });
    return reply.items;
  }

  /** TPV charges what the table still owes in one payment (the bill is issued, the table is free). */
  async charge(
    reservationId: number,
    paymentMethod: 'cash' | 'card' | 'other',
  ): Promise<{ bill: { totalCents: number; invoiceNumber: string | null } }> {
    return this.staff('tpv', '/world/api/reservation/paid-reservation', { reservationId, paymentMethod });
  }

  callStaff(phone: TablePhone, message?: string): Promise<unknown> {
    return this.call('/world/api/notification/call-staff', {
      uid: phone.uid,
      ...(message ? { message } : {}),
    });
  }

  askForBill(phone: TablePhone, paymentMethod: 'cash' | 'card' | 'other'): Promise<unknown> {
    return this.call('/world/notification/new', { uid: phone.uid, paymentMethod });
  }
}
