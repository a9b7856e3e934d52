import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { principalOf } from '../../http/auth.ts';
import { contractRoutes } from '../../http/route-schemas.ts';
import type { StaffPrincipal } from '../users/users.service.ts';
import type { Venue } from '../venues/venues.service.ts';

/** What a declared schema hands the handler once parsed; nothing where the call declares none. */
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

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
export interface AdminRead<Q> {
  readonly venue: Venue;
  readonly query: Parsed<Q>;
}

/** What an admin write is handed: the venue, the acting admin and the parsed path parameters and body. */
export interface AdminWrite<P, B> {
  readonly venue: Venue;
  readonly staff: StaffPrincipal;
  readonly params: Parsed<P>;
  readonly body: Parsed<B>;
}

/**
 * The admin area's calls (/ebitdata), admin role only: a read is a GET, a write a POST, and each replies
 * `result: 0` with the service's result, spread or under its `field` (a removal's nothing adds no field).
 */
export function adminRoutes(app: FastifyInstance) {
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

  return {
    read<Q extends z.ZodType | undefined = undefined>(
      path: string,
      schemas: AdminSchemas<undefined, Q, undefined>,
      view: (call: AdminRead<Q>) => Promise<unknown>,
    ): void {
      api.get(path, { schema: schemaOf(schemas), config }, async (request) =>
        // The declared schema parsed the query; the type provider cannot resolve a schema left generic.
        replyOf(schemas.field, await view({ venue: request.venue, query: request.query as Parsed<Q> })),
      );
    },

    write<P extends z.ZodType | undefined = undefined, B extends z.ZodType | undefined = undefined>(
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
            params: request.params as Parsed<P>,
            body: request.body as Parsed<B>,
          }),
        ),
      );
    },
  };
}
