import type { FastifyInstance, RouteOptions } from 'fastify';
import { escapeHtml } from './html.ts';
import {
  API_REFERENCE_PATH,
  buildOpenApiDocument,
  OPENAPI_PATH,
  type OpenApiDocument,
  type OpenApiOperation,
} from './openapi.ts';

type JsonSchema = Record<string, unknown>;

/** A schema's type in a few words: `string`, `integer | null`, `array of object`, `"a" | "b"`. */
function typeText(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (variants) return variants.map(typeText).join(' | ');
  if (schema.type === 'array') return `array of ${typeText(schema.items as JsonSchema | undefined)}`;
  if (typeof schema.type === 'string') return schema.type;
  return 'any';
}

/** An object schema's fields as rows (nested objects indented under their field); other schemas as one row. */
function fieldRows(schema: JsonSchema, prefix = '', depth = 0): string[] {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (!properties || depth > 3)
    return prefix ? [] : [`<tr><td>(whole)</td><td>${escapeHtml(typeText(schema))}</td><td></td></tr>`];
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).flatMap(([name, field]) => {
    const path = `${prefix}${name}`;
    const row = `<tr><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(typeText(field))}</td><td>${required.has(name) ? 'required' : ''}</td></tr>`;
    const inner = field.type === 'array' ? (field.items as JsonSchema | undefined) : field;
    return [
      row,
      ...(inner?.properties
        ? fieldRows(inner, `${path}${field.type === 'array' ? '[]' : ''}.`, depth + 1)
        : []),
    ];
  });
}

function fieldTable(title: string, schema: JsonSchema | undefined): string {
  if (!schema) return '';
  return `<h4>${escapeHtml(title)}</h4><table><thead><tr><th>Field</th><th>Type</th><th></th></tr></thead><tbody>${fieldRows(schema).join('')}</tbody></table>`;
}

function jsonContent(part: JsonSchema | undefined): JsonSchema | undefined {
  const content = part?.content as Record<string, { schema?: JsonSchema }> | undefined;
  return content?.['application/json']?.schema;
}

function operationHtml(method: string, path: string, operation: OpenApiOperation): string {
  const parameters = (operation.parameters ?? []).map(
    (parameter) =>
      `<tr><td><code>${escapeHtml(String(parameter.name))}</code> (${escapeHtml(String(parameter.in))})</td><td>${escapeHtml(typeText(parameter.schema as JsonSchema))}</td><td>${parameter.required ? 'required' : ''}</td></tr>`,
  );
  const replies = Object.entries(operation.responses)
    .filter(([, response]) => jsonContent(response))
    .map(([status, response]) => fieldTable(`Reply ${status}`, jsonContent(response)));
  return `<section class="op" id="${escapeHtml(operation.operationId)}">
<h3><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p class="access">Access: <strong>${escapeHtml(operation['x-access'])}</strong>. ${escapeHtml(operation.description)}</p>
${parameters.length > 0 ? `<h4>Parameters</h4><table><tbody>${parameters.join('')}</tbody></table>` : ''}
${fieldTable('Body', jsonContent(operation.requestBody))}
${replies.join('')}
</section>`;
}

/** The reference page for integrators: every operation by area, drawn by the server from the document. */
export function apiReferenceHtml(document: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const tag = operation.tags[0] ?? 'world';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, operation)]);
    }
  }
  const tags = [...byTag.keys()].sort();
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="robots" content="noindex, nofollow">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} reference</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#1d1d1f}
nav a{margin-right:.6rem}h2{border-bottom:1px solid #ccc;margin-top:2rem}
.op{border:1px solid #ddd;border-radius:6px;padding:.2rem 1rem;margin:1rem 0}
.method{font-family:monospace;background:#234;color:#fff;padding:0 .4rem;border-radius:3px}
table{border-collapse:collapse;margin-bottom:.5rem}td,th{border-bottom:1px solid #eee;padding:.15rem .6rem;text-align:left;vertical-align:top}
h4{margin:.6rem 0 .2rem}
</style>
</head>
<body>
<h1>${escapeHtml(document.info.title)}</h1>
<p>${escapeHtml(document.info.description)}</p>
<p>The machine-readable document: <a href="${OPENAPI_PATH}"><code>${OPENAPI_PATH}</code></a> (OpenAPI ${document.openapi}).</p>
<nav>${tags.map((tag) => `<a href="#${escapeHtml(tag)}">${escapeHtml(tag)}</a>`).join(' ')}</nav>
${tags.map((tag) => `<h2 id="${escapeHtml(tag)}">${escapeHtml(tag)}</h2>\n${(byTag.get(tag) ?? []).join('\n')}`).join('\n')}
</body>
</html>
`;
}

/**
 * Serves the OpenAPI document and its reference page (decision 067). Both are built once, on first
 * request, when every route is registered; neither is for search engines.
 */
export function registerApiReference(app: FastifyInstance, routes: readonly RouteOptions[]): void {
  let document: OpenApiDocument | undefined;
  let page: string | undefined;
  const built = () => (document ??= buildOpenApiDocument(routes));
  app.get(OPENAPI_PATH, { config: { access: 'public' } }, async (_request, reply) =>
    reply.header('x-robots-tag', 'noindex').header('cache-control', 'no-cache').send(built()),
  );
  app.get(API_REFERENCE_PATH, { config: { access: 'public' } }, async (_request, reply) =>
    reply
      .header('x-robots-tag', 'noindex')
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send((page ??= apiReferenceHtml(built()))),
  );
}
