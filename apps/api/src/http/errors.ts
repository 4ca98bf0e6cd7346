/**
 * The HTTP side of errors (errors.ts): AppError, zod and Fastify's own errors become the product's
 * `{status:false, message, errors}` body with the status of ERROR_STATUS.
 */
import { type ErrorBody, type ErrorCode, idParam } from '@rentloop/domain/api';
import { MESSAGES } from '@rentloop/domain/messages';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { connectionFailure } from '../db/connection-errors.ts';
import { dataExceptionMessage, isDataException } from '../db/errors.ts';
import { AppError, DEFAULT_MESSAGES, fieldErrors, UNKNOWN_FIELD } from '../errors.ts';

export { AppError, fieldErrors, invalid, notFound } from '../errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Message of a 422 from this route, when the catalogue has one. */
    failureMessage?: string;
  }
}

function validationErrorsOf(error: FastifyError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const v of error.validation ?? []) {
    const key = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    // A key the (strict) schema does not know: named by its own path, not its object's.
    const unknownKeys = v.keyword === 'unrecognized_keys' ? (v.params as { keys?: unknown }).keys : undefined;
    if (Array.isArray(unknownKeys)) {
      for (const k of unknownKeys) {
        const path = key === '_' ? String(k) : `${key}.${k}`;
        out[path] = [...(out[path] ?? []), UNKNOWN_FIELD];
      }
      continue;
    }
    if (!out[key]) out[key] = [];
    out[key].push(v.message ?? 'Invalid value.');
  }
  return out;
}

/** A path parameter declared as text (not `idParam`) in the route's zod params schema. */
function isTextParam(request: FastifyRequest, key: string): boolean {
  const shape = (request.routeOptions.schema?.params as { shape?: Record<string, unknown> } | undefined)
    ?.shape;
  const schema = shape?.[key];
  return schema !== undefined && schema !== idParam;
}

/**
 * Errors of the multipart parser (busboy, under @fastify/multipart) for a body that is not well-formed
 * multipart: plain Errors with no status, which would otherwise answer 500.
 */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|Malformed)/;

export const MALFORMED_FORM_MESSAGE = 'The form data could not be read: it is not well-formed multipart.';

const isMalformedMultipart = (request: FastifyRequest, error: FastifyError) =>
  error.statusCode === undefined &&
  /^multipart\//i.test(request.headers['content-type'] ?? '') &&
  MALFORMED_MULTIPART.test(error.message ?? '');

/** How long a client waits before retrying a request the unreachable database refused. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = (code: ErrorCode, message: string, errors?: Record<string, string[]>): ErrorBody => ({
      status: false,
      message,
      code,
      ...(errors ? { errors } : {}),
      request_id: request.id,
    });

    // A route may name its own failure text (the spec's catalogue, e.g. "Failed to update customer details.").
    const failureMessage = request.routeOptions.config?.failureMessage;
    if (error instanceof AppError) {
      if (error.code === 'internal') request.log.error({ err: error }, 'internal error');
      const message = error.code === 'validation' && failureMessage ? failureMessage : error.message;
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send(body(error.code, message, error.errors));
    }
    // A domain function's own parse (for input gathered from query and body together).
    if ((error as unknown) instanceof ZodError) {
      const message = failureMessage ?? MESSAGES.validationFailed;
      return reply
        .status(422)
        .send(body('validation', message, fieldErrors((error as unknown as ZodError).issues)));
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const errors = validationErrorsOf(error);
      // A malformed id in the path names no record: it is a 404, like a missing one. Bad text in a
      // text parameter (a NUL in a SKU) is a 422 naming the parameter, like bad text in a body.
      if (
        error.validationContext === 'params' &&
        Object.keys(errors).some((key) => !isTextParam(request, key))
      ) {
        return reply.status(404).send(body('not_found', MESSAGES.notFound));
      }
      const message = failureMessage ?? MESSAGES.validationFailed;
      return reply.status(422).send(body('validation', message, errors));
    }
    // Backstop: a value the database refused as data (SQLSTATE class 22) is bad input, not a crash. The
    // database cannot say which field; the log keeps the error so the missing validation gets added.
    if (isDataException(error)) {
      request.log.warn({ err: error }, 'data exception from the database (input validation missed it)');
      const message = failureMessage ?? MESSAGES.validationFailed;
      return reply.status(422).send(body('validation', message, { request: [dataExceptionMessage(error)] }));
    }
    if (isMalformedMultipart(request, error)) {
      return reply.status(400).send(body('bad_request', `${MALFORMED_FORM_MESSAGE} (${error.message})`));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(body('rate_limited', error.message || DEFAULT_MESSAGES.rate_limited));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, wrong content type, body too large.
      return reply.status(status).send(body('bad_request', error.message));
    }
    // The database is not there (down, restarting, the pool ended): the request may be retried as is,
    // so it is a 503 with Retry-After, the answer health gives, not a 500 that reads as a bug.
    const unreachable = connectionFailure(error);
    if (unreachable) {
      request.log.error({ err: error, failure: unreachable }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(body('unavailable', MESSAGES.databaseUnavailable));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('internal', MESSAGES.internalServerError));
  });
}
