import type { FastifyInstance, FastifyRequest, FastifyTypeProvider } from 'fastify';
import type { z } from 'zod';
import { parseInput } from './validation.ts';

/**
 * Routes declare their input and reply with the contracts' zod schemas (decision 067):
 * `schema: { body, querystring, params, response: { '2xx': replySchema } }`. Through this type provider the
 * handler receives the parsed input, typed. Its reply is checked against the contract at run time (where
 * `checkReplies`), not by the compiler: handlers build `result: 0` as a number and idempotent writes send
 * their stored reply, which no compiler sees (decision 067).
 */
export interface ContractTypes extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: unknown;
}

/** The app as routes register on it: `contractRoutes(app).post(path, { schema, config }, handler)`. */
export function contractRoutes(app: FastifyInstance) {
  return app.withTypeProvider<ContractTypes>();
}

/** A reply that does not meet its route's declared contract: a defect, answered 500 where replies are checked. */
export class ReplyContractError extends Error {
  constructor(
    readonly route: string,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    const first = issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '(reply)'}: ${issue.message}`)
      .join('; ');
    super(`The reply of ${route} does not meet its contract: ${first}`);
    this.name = 'ReplyContractError';
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The body as it arrived, before its schema parsed it: what an idempotency key's hash and role rules read. */
    receivedBody: unknown;
  }
}

function isZodSchema(schema: unknown): schema is z.ZodType {
  return typeof schema === 'object' && schema !== null && 'safeParse' in schema;
}

/**
 * Input is parsed by `parseInput`, so a declared body meets the contracts' wire rules and answers the same
 * 400 with fields in the caller's language as a handler's own parse (decisions 021, 064). It runs in
 * Fastify's validation step, after authentication (a preValidation hook) and before the role check.
 *
 * Replies are serialized as they are, never as their schema's output (which would drop or change fields);
 * with `checkReplies` each one is also checked against its declared schema, as sent, and a drift is thrown,
 * so the request fails (500) and the test that made it fails with it.
 */
export function registerRouteSchemas(
  app: FastifyInstance,
  options: { readonly checkReplies: boolean },
): void {
  app.decorateRequest('receivedBody', undefined);
  app.addHook('preValidation', async (request: FastifyRequest) => {
    request.receivedBody = request.body;
  });
  app.setValidatorCompiler(({ schema }) => {
    if (!isZodSchema(schema)) throw new Error('A route schema must be a contract (zod) schema');
    return (data: unknown) => {
      try {
        return { value: parseInput(schema, data) };
      } catch (error) {
        return { error: error as Error };
      }
    };
  });
  app.setSerializerCompiler(({ schema, method, url, httpStatus }) => {
    if (!isZodSchema(schema)) throw new Error('A reply schema must be a contract (zod) schema');
    return replySerializer(schema, `${method} ${url} (${httpStatus})`, options.checkReplies);
  });
}

/**
 * The JSON of a route's replies, checked against `schema` where `checkReplies`: every route's serializer, and
 * the one of a reply a route keeps serialized and sends as it is (checked once, when it is built).
 */
export function replySerializer(
  schema: z.ZodType,
  route: string,
  checkReplies: boolean,
): (data: unknown) => string {
  if (!checkReplies) return (data: unknown) => JSON.stringify(data);
  return (data: unknown) => {
    const json = JSON.stringify(data);
    if (schema.safeParse(data).success) return json;
    // A value that differs only before serialization (a Date sent as its ISO text) is judged as sent.
    const sent = schema.safeParse(JSON.parse(json));
    if (!sent.success) throw new ReplyContractError(route, sent.error.issues);
    return json;
  };
}

/** The content type of a reply a route sends already serialized (Fastify then sends it as it is). */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
