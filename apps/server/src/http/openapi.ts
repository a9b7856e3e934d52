import { errorBodySchema } from '@sobremesa/contracts';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import type { Access } from './route-access.ts';
import { describeRoles, type RolesDescription } from './route-roles.ts';

/** Where the generated OpenAPI 3.1 document and its reference page are served (decision 067). */
export const OPENAPI_PATH = '/world/api/openapi.json';
export const API_REFERENCE_PATH = '/world/api/docs';

type JsonSchema = Record<string, unknown>;

/** One operation of the document, with the access and roles its route declares. */
export interface OpenApiOperation {
  readonly operationId: string;
  readonly tags: readonly string[];
  readonly description: string;
  readonly 'x-access': Access;
  readonly 'x-roles'?: RolesDescription;
  readonly security: readonly Record<string, readonly string[]>[];
  readonly parameters?: readonly JsonSchema[];
  readonly requestBody?: JsonSchema;
  readonly responses: Record<string, JsonSchema>;
}

export interface OpenApiDocument {
  readonly openapi: '3.1.0';
  readonly info: { readonly title: string; readonly version: string; readonly description: string };
  readonly paths: Record<string, Record<string, OpenApiOperation>>;
  readonly components: JsonSchema;
}

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function isZodSchema(schema: unknown): schema is z.ZodType {
  return typeof schema === 'object' && schema !== null && 'safeParse' in schema;
}

/** A contract as JSON Schema 2020-12 (OpenAPI 3.1's dialect): what a client sends, or what it receives. */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

/** `/world/api/notifications/:id/ack` as OpenAPI writes it: `/world/api/notifications/{id}/ack`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** The area an operation is listed under: the path's first segment after `/world/` (and `api/`). */
function tagOf(url: string): string {
  const segments = url.split('/').filter(Boolean);
  const rest = segments[0] === 'world' ? segments.slice(segments[1] === 'api' ? 2 : 1) : segments;
  return rest[0]?.replace(/\.[a-z]+$/, '') ?? 'world';
}

const ACCESS_TEXT: Record<Access, string> = {
  web: 'The web app (no token).',
  public: 'Public within the venue of the Host; a staff token, when sent, makes it the staff form.',
  staff: 'A signed-in staff member of the venue.',
  copilot: 'A signed-in staff member with copilot access.',
  admin: "The venue's admin.",
};

/** The roles of an operation in words, from the same declaration the server checks. */
export function rolesText(roles: RolesDescription): string {
  const operation = roles.operation ? ` (${roles.matrix}: ${roles.operation})` : ` (${roles.matrix})`;
  const admits = roles.admits
    ? `Roles: ${roles.admits.join(', ')}${operation}.`
    : `Roles: as the body's operation decides${operation}.`;
  const form = roles.staffFormOnly ? ' Only for the staff form of the call.' : '';
  const roleId = roles.roleIdIgnored
    ? " The caller's preselected role applies; a roleId is ignored."
    : ' A roleId in the body (the query of a GET) names one of the caller’s own roles to act in.';
  return `${admits}${form}${roleId}`;
}

function parametersOf(route: RouteOptions): JsonSchema[] {
  const parameters: JsonSchema[] = [];
  const params = route.schema?.params;
  const declared = isZodSchema(params) ? jsonSchemaOf(params, 'input') : undefined;
  const declaredProperties = (declared?.properties ?? {}) as Record<string, JsonSchema>;
  for (const [, name] of route.url.matchAll(/:([A-Za-z0-9_]+)/g)) {
    if (!name) continue;
    parameters.push({
      name,
      in: 'path',
      required: true,
      schema: declaredProperties[name] ?? { type: 'string' },
    });
  }
  const query = route.schema?.querystring;
  if (isZodSchema(query)) {
    const json = jsonSchemaOf(query, 'input');
    const required = new Set((json.required ?? []) as string[]);
    for (const [name, schema] of Object.entries((json.properties ?? {}) as Record<string, JsonSchema>)) {
      parameters.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  return parameters;
}

function responsesOf(route: RouteOptions): Record<string, JsonSchema> {
  const responses: Record<string, JsonSchema> = {};
  const declared = (route.schema?.response ?? {}) as Record<string, unknown>;
  for (const [status, schema] of Object.entries(declared)) {
    if (!isZodSchema(schema)) continue;
    responses[status.toUpperCase()] = {
      description: 'The reply, as its contract declares it.',
      content: { 'application/json': { schema: jsonSchemaOf(schema, 'output') } },
    };
  }
  if (Object.keys(responses).length === 0) {
    responses['200'] = { description: 'The reply (a file, a stream or JSON not described by a contract).' };
  }
  responses['4XX'] = { $ref: '#/components/responses/Failure' };
  return responses;
}

function operationOf(route: RouteOptions, method: string, access: Access): OpenApiOperation {
  const rules = route.config?.roles;
  const roles = rules ? describeRoles(rules) : undefined;
  const description = [ACCESS_TEXT[access], roles ? rolesText(roles) : ''].filter(Boolean).join(' ');
  const parameters = parametersOf(route);
  const body = route.schema?.body;
  return {
    operationId: `${method}${route.url.replace(/[^A-Za-z0-9]+/g, '_')}`,
    tags: [tagOf(route.url)],
    description,
    'x-access': access,
    ...(roles ? { 'x-roles': roles } : {}),
    security: access === 'public' ? [{}, { bearer: [] }] : [{ bearer: [] }],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(isZodSchema(body)
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchemaOf(body, 'input') } },
          },
        }
      : {}),
    responses: responsesOf(route),
  };
}

/** The OpenAPI 3.1 document of every API route registered (the web app's pages left out). */
export function buildOpenApiDocument(routes: readonly RouteOptions[]): OpenApiDocument {
  const paths: Record<string, Record<string, OpenApiOperation>> = {};
  for (const route of routes) {
    const access = route.config?.access;
    if (access === undefined || access === 'web') continue;
    for (const method of [route.method].flat().map((name) => name.toLowerCase())) {
      if (!(HTTP_METHODS as readonly string[]).includes(method)) continue;
      const path = openApiPath(route.url);
      paths[path] = { ...paths[path], [method]: operationOf(route, method, access) };
    }
  }
  const sorted = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sobremesa API',
      version: '1',
      description:
        "Every call of a venue's origin. Successful JSON replies carry result 0; failures carry the HTTP status " +
        'as result, a stable code and a localised message. Each operation says who may call it (x-access) and, ' +
        'for staff calls, the copilot roles it admits (x-roles), read from the same declaration the server checks.',
    },
    paths: sorted,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { Failure: jsonSchemaOf(errorBodySchema, 'output') },
      responses: {
        Failure: {
          description: 'A refusal or failure: 400 with the offending fields, 401, 403, 404, 409, 429…',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } },
        },
      },
    },
  };
}

/** Keeps every route as registered, for the document (built once, when first asked for). */
export function collectRoutes(app: FastifyInstance): readonly RouteOptions[] {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  return routes;
}
