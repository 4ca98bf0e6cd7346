/**
 * The OpenAPI description (`/api/docs/json`) as a contract for clients generated from it (docs/api.md,
 * "OpenAPI contract"):
 * - every API route names its operation (`schema.operationId`, unique): the server refuses to start
 *   otherwise, as it does for a route without an access rule;
 * - every operation documents the errors it can give, in the product's error format
 *   (`components.schemas.Error`, `ValidationError`), derived here from the route's access rule and
 *   schemas: a route declares a status itself (`409: errorSchema`) only when the derivation cannot know it;
 * - public operations need no token (`security: []`); the others need the bearer token;
 * - `npm test` lints the document with Redocly's recommended rules (scripts/openapi.mjs, redocly.yaml).
 *
 * The error schemas are also the routes' response schemas for those statuses, so the serializer checks
 * every error answer against the documented shape (as it does for success answers).
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorBodySchema, idParam } from '@rentloop/domain/api';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from './access.ts';

const CODES =
  'bad_request (400), unauthenticated (401), forbidden (403), not_found (404), conflict (409), ' +
  'validation (422), rate_limited (429), internal (500), unavailable (503)';

/** Every error answer: `{ status: false, message, code, errors?, request_id }`. */
export const errorSchema = errorBodySchema
  .extend({
    message: z.string().describe('A sentence for the user.'),
    code: z.string().describe(`What went wrong, one of: ${CODES}.`),
    request_id: z
      .string()
      .optional()
      .describe('The request id (also the `x-request-id` header), for support and the logs.'),
  })
  .meta({ id: 'Error', description: 'An error answer (docs/api.md, "Errors").' });

/** A 422: `errors` names each refused field by its dotted path (`billing_address.postal_code`). */
export const validationErrorSchema = errorSchema
  .extend({
    code: z.literal('validation'),
    errors: z
      .record(z.string(), z.array(z.string()))
      .describe('The messages of each refused field, keyed by its dotted path (`billing_address.city`).'),
  })
  .meta({ id: 'ValidationError', description: 'Invalid input (422), with the messages of each field.' });

const COMPONENTS = { Error: errorSchema, ValidationError: validationErrorSchema };

const ERROR_DESCRIPTIONS: Record<string, string> = {
  400: 'Malformed request: a body that is not JSON or not well-formed multipart form data, a malformed address (code `bad_request`).',
  401: 'No token, or an expired or revoked one (code `unauthenticated`).',
  403: 'Signed in but not allowed: a role too low, an email not verified yet, an operator’s action (code `forbidden`).',
  404: 'Not found: a missing record, or one of another company, which answers the same (code `not_found`).',
  409: 'The request conflicts with the current state (code `conflict`); the operation’s description says when.',
  422: 'Invalid input: `errors` gives the messages of each field (code `validation`).',
  429: 'Too many requests: wait for the seconds in `Retry-After` (code `rate_limited`).',
  503: 'A service the operation needs is unavailable (code `unavailable`): the database cannot be reached (retry after the seconds in `Retry-After`), or what the operation’s description names.',
};

type ZodShape = { shape?: Record<string, unknown> };

/**
 * The error statuses a route can answer, from what it declares:
 * - 400 for every route (a malformed address or body);
 * - 401 and 403 unless it is public;
 * - 404 when its path has parameters (a missing record, a malformed id, another company);
 * - 422 when it takes a body, a query string or a text path parameter;
 * - 429 when it is rate limited (`config.rateLimit`);
 * - 503 for every route (the database cannot be reached: http/errors.ts), with Retry-After.
 */
export function errorStatusesOf(route: Pick<RouteOptions, 'schema' | 'config'>): number[] {
  const rule = (route.config as { access?: Access } | undefined)?.access;
  const config = route.config as { rateLimit?: unknown } | undefined;
  const schema = route.schema ?? {};
  const params = Object.values((schema.params as ZodShape | undefined)?.shape ?? {});
  const statuses = [400];
  if (rule && rule.kind !== 'public') statuses.push(401, 403);
  if (params.length > 0) statuses.push(404);
  if (schema.body || schema.querystring || params.some((p) => p !== idParam)) statuses.push(422);
  if (config?.rateLimit) statuses.push(429);
  statuses.push(503);
  return statuses;
}

/** The header of POSTs that create something (http/idempotency.ts). */
const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .describe(
      'A key of your choosing (1-255 printable characters, a UUID for example). A repeat within 24 hours with the same key and the same request gets the first answer (same status and body, header `Idempotent-Replayed: true`) without running again; the same key with another request is a 422 naming this header; while the first is still running, a repeat waits for it.',
    ),
});

const isApiPath = (path: string) =>
  (path.startsWith('/api') || path.startsWith('/read-replica')) && !path.startsWith('/api/docs');

/**
 * Before any route: every API route must name its operation, once; its error answers are added to its
 * response schemas (those it declares itself stay), and a public route needs no token.
 */
function completeRoutes(app: FastifyInstance) {
  const operations = new Map<string, string>();
  app.addHook('onRoute', (route) => {
    const path = route.url ?? '';
    if (!isApiPath(path) || route.schema?.hide) return;
    const schema = route.schema ?? {};
    const name = `${[route.method].flat().join(',')} ${path}`;
    // HEAD routes are Fastify's copies of GET routes (same options) and are not documented.
    if (route.method !== 'HEAD') {
      const id = schema.operationId;
      if (!id) throw new Error(`Route ${name} declares no operationId (schema.operationId).`);
      if (!/^[a-z][A-Za-z0-9]*$/.test(id))
        throw new Error(`Route ${name}: operationId "${id}" is not lowerCamelCase.`);
      const other = operations.get(id);
      if (other) throw new Error(`Route ${name}: operationId "${id}" is already used by ${other}.`);
      operations.set(id, name);
    }
    const errors = Object.fromEntries(
      errorStatusesOf(route).map((status) => [status, status === 422 ? validationErrorSchema : errorSchema]),
    );
    const rule = (route.config as { access?: Access } | undefined)?.access;
    const idempotent = (route.config as { idempotent?: boolean } | undefined)?.idempotent === true;
    route.schema = {
      ...schema,
      // Loose: the other headers stay as they are (http/idempotency.ts checks the key itself).
      ...(idempotent && !schema.headers ? { headers: idempotencyHeaders } : {}),
      ...(rule?.kind === 'public' && !schema.security ? { security: [] } : {}),
      response: { ...errors, ...((schema.response as object | undefined) ?? {}) },
    };
  });
}

/** The JSON schema of a component, as `components.schemas` holds it. */
function componentJson(schema: z.ZodType, id: string): unknown {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-2020-12' }) as {
    $defs?: Record<string, unknown>;
  };
  return json.$defs?.[id];
}

/** The route schemas in OpenAPI, with a description (and `Retry-After` on a 429) for each error answer. */
const transform: typeof jsonSchemaTransform = (input) => {
  const out = jsonSchemaTransform(input);
  const response = out.schema.response as Record<string, Record<string, unknown>> | undefined;
  for (const [status, json] of Object.entries(response ?? {})) {
    // A non-JSON answer (a list's CSV export, http/list-export.ts) is documented under its media type.
    const mediaType = json['x-media-type'];
    if (typeof mediaType === 'string') {
      response![status] = {
        description: `The file (${mediaType}).`,
        content: { [mediaType]: { schema: { type: 'string' } } },
      };
      continue;
    }
    const description = ERROR_DESCRIPTIONS[status];
    if (!description || typeof json.$ref !== 'string') continue;
    response![status] = {
      ...json,
      description,
      ...(status === '429' || status === '503'
        ? {
            headers: {
              'Retry-After': { type: 'integer', description: 'Seconds to wait before trying again.' },
            },
          }
        : {}),
    };
  }
  return out;
};

/**
 * The OpenAPI document (served at /api/docs/json, browsable at /api/docs) and the route checks above.
 * Register before any route.
 */
export async function registerOpenApi(app: FastifyInstance, opts: { version?: string }) {
  completeRoutes(app);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Rentloop API',
        version: opts.version ?? '0.0.0',
        description: 'See docs/api.md for conventions.',
      },
      // Relative: the API is served by the same server as this document, wherever it is deployed.
      servers: [{ url: '/', description: 'The server serving this document' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
        schemas: Object.fromEntries(
          Object.entries(COMPONENTS).map(([id, schema]) => [id, componentJson(schema, id)]),
        ) as never,
      },
      security: [{ bearer: [] }],
    },
    transform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
