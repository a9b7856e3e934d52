import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { principalOf } from '../../http/auth.ts';
import { contractRoutes } from '../../http/route-schemas.ts';
import type { StaffPrincipal } from '../users/users.service.ts';
import type { Venue } from '../venues/venues.service.ts';

/** A call's contracts (decision 067): its path parameters, query or body, and its reply. */
interface AdminSchemas<P, Q, B> {
  readonly params?: P;
  readonly querystring?: Q;
  readonly body?: B;
  readonly response: z.ZodType;
  /** The reply's field that holds the service's result; without one, the result's fields are the reply's. */
  readonly field?: string;
}

/** What an admin read is handed: the venue of the Host and the parsed query. */
export interface AdminRead<Q extends z.ZodType> {
  readonly venue: Venue;
  readonly query: z.output<Q>;
}

/** What an admin write is handed: the venue, the acting admin and the parsed path parameters and body. */
export interface AdminWrite<P extends z.ZodType, B extends z.ZodType> {
  readonly venue: Venue;
  readonly staff: StaffPrincipal;
  readonly params: z.output<P>;
  readonly body: z.output<B>;
}

/** A service's writes on one kind of row, by the acting admin in the venue. */
export interface RowWrites<C, U> {
  readonly create: (ctx: AppContext, venue: Venue, staff: StaffPrincipal, input: C) => Promise<unknown>;
  readonly update: (
    ctx: AppContext,
    venue: Venue,
    staff: StaffPrincipal,
    id: number,
    input: U,
  ) => Promise<unknown>;
  readonly remove: (ctx: AppContext, venue: Venue, staff: StaffPrincipal, id: number) => Promise<unknown>;
}

/**
 * The admin area's calls (/ebitdata), admin role only: a read is a GET, a write a POST, and each replies
 * `result: 0` with the service's result, spread or under its `field` (a removal's nothing adds no field).
 */
export function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = contractRoutes(app);
  const config = { access: 'admin' } as const;

  function schemaOf<P, Q, B>({ params, querystring, body, response }: AdminSchemas<P, Q, B>) {
    return {
      ...(params ? { params } : {}),
      ...(querystring ? { querystring } : {}),
      ...(body ? { body } : {}),
      response: { '2xx': response },
    };
  }

  function replyOf(field: string | undefined, result: unknown) {
    return field === undefined
      ? { result: 0, ...(result as object | undefined) }
      : { result: 0, [field]: result };
  }

  function read<Q extends z.ZodType = z.ZodUndefined>(
    path: string,
    schemas: AdminSchemas<undefined, Q, undefined>,
    view: (call: AdminRead<Q>) => Promise<unknown>,
  ): void {
    api.get(path, { schema: schemaOf(schemas), config }, async (request) =>
      // The declared schema parsed the query; the type provider cannot resolve a schema left generic.
      replyOf(schemas.field, await view({ venue: request.venue, query: request.query as z.output<Q> })),
    );
  }

  function write<P extends z.ZodType = z.ZodUndefined, B extends z.ZodType = z.ZodUndefined>(
    path: string,
    schemas: AdminSchemas<P, undefined, B>,
    change: (call: AdminWrite<P, B>) => Promise<unknown>,
  ): void {
    api.post(path, { schema: schemaOf(schemas), config }, async (request) =>
      replyOf(
        schemas.field,
        await change({
          venue: request.venue,
          staff: principalOf(request),
          params: request.params as z.output<P>,
          body: request.body as z.output<B>,
        }),
      ),
    );
  }

  /** A kind of row: made at `path`, changed at `path/:id` and removed at `path/:id/remove`. */
  function rows<C extends z.ZodType, U extends z.ZodType>(
    path: string,
    schemas: {
      readonly params: z.ZodType<{ id: number }>;
      readonly create: C;
      readonly update: U;
      readonly response: z.ZodType;
      readonly field?: string;
      readonly removed: z.ZodType;
    },
    writes: RowWrites<z.output<C>, z.output<U>>,
  ): void {
    const { params, response, field } = schemas;
    write(path, { body: schemas.create, response, field }, (call) =>
      writes.create(ctx, call.venue, call.staff, call.body),
    );
    write(`${path}/:id`, { params, body: schemas.update, response, field }, (call) =>
      writes.update(ctx, call.venue, call.staff, call.params.id, call.body),
    );
    write(`${path}/:id/remove`, { params, response: schemas.removed }, (call) =>
      writes.remove(ctx, call.venue, call.staff, call.params.id),
    );
  }

  return { read, write, rows };
}
