/**
 * The HTTP edges Fastify answers before a route runs, put in the product's error format
 * (`{ status: false, message, code, request_id }`) so a client and the logs handle them like any other
 * error: an over-long path parameter (414), headers too large (431), a client timeout (408), and the
 * JSON body parser (415 for a charset other than UTF-8, 400 naming the refused prototype keys).
 */
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { ErrorBody } from '@rentloop/domain/api';
import {
  errorCodes,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';

export const WIRE_MESSAGES = {
  badUrl: 'The address of the request is malformed.',
  paramTooLong: 'The address of the request is too long.',
  headersTooLarge: 'The request line or headers are too large.',
  timeout: 'The request took too long to arrive.',
  malformed: 'The request is malformed.',
  charset: 'Only UTF-8 is accepted: send JSON with no charset or with charset=utf-8.',
  prototypeKey:
    'A JSON body may not contain a key named "__proto__", nor a "constructor" key holding a "prototype".',
} as const;

const errorBody = (message: string, requestId: string): ErrorBody => ({
  status: false,
  message,
  code: 'bad_request',
  request_id: requestId,
});

/**
 * Fastify's `frameworkErrors`: errors of the router, before any route or hook (a bad percent-encoding
 * in the path, a parameter over `maxParamLength`).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const message = tooLong
    ? WIRE_MESSAGES.paramTooLong
    : error.code === 'FST_ERR_BAD_URL'
      ? WIRE_MESSAGES.badUrl
      : WIRE_MESSAGES.malformed;
  const status = tooLong ? 414 : error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  // No hook runs on this path: the request id header is set here.
  reply.header('x-request-id', request.id).status(status).send(errorBody(message, request.id));
}

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', WIRE_MESSAGES.headersTooLarge],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', WIRE_MESSAGES.timeout],
};

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the request (headers over 16 KiB, a
 * garbled request line), so there is no request object; the answer is written to the socket. The
 * request id is a fresh one (the caller's header may be what overflowed) and is logged with the error.
 */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket) {
  // A reset connection has nobody to answer (as Fastify's own handler).
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] = CLIENT_ERRORS[err.code ?? ''] ?? [
    400,
    'Bad Request',
    WIRE_MESSAGES.malformed,
  ];
  const requestId = randomUUID();
  this.log.info({ err, request_id: requestId, status }, 'client error before the request was read');
  const body = JSON.stringify(errorBody(message, requestId));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

class WireError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** The `charset` parameter of a content type, lower-cased and unquoted; undefined when absent. */
export function charsetOf(contentType: string | undefined): string | undefined {
  for (const part of (contentType ?? '').split(';').slice(1)) {
    const [name, value] = part.split('=', 2).map((s) => s.trim());
    if (name?.toLowerCase() === 'charset') return value?.replace(/^"(.*)"$/, '$1').toLowerCase();
  }
  return undefined;
}

/** A key that would reach an object's prototype when the body is merged or copied into one. */
function refuseProtoKeys(key: string, value: unknown) {
  if (key === '__proto__') throw new WireError(400, WIRE_MESSAGES.prototypeKey);
  if (key === 'constructor' && value !== null && typeof value === 'object' && 'prototype' in value) {
    throw new WireError(400, WIRE_MESSAGES.prototypeKey);
  }
  return value;
}

// A body that cannot name either key, even through \u escapes, skips the (slower) reviver.
const MAYBE_PROTO_KEY = /__proto__|constructor|\\u/;

/**
 * The JSON body parser, in place of Fastify's: the same answers for an empty or malformed body, and
 * for the two refusals above a message saying what is refused, where Fastify says "not valid JSON".
 * Bodies are read as UTF-8; a body declared in another charset would be misread, so it is refused.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    const charset = charsetOf(request.headers['content-type']);
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
      return done(new WireError(415, WIRE_MESSAGES.charset), undefined);
    }
    // A byte-order mark is no part of the JSON (Fastify's parser drops it too).
    const body = (text as string).replace(/^\uFEFF/, '');
    if (body.length === 0) return done(new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY(), undefined);
    try {
      done(null, MAYBE_PROTO_KEY.test(body) ? JSON.parse(body, refuseProtoKeys) : JSON.parse(body));
    } catch (e) {
      done(e instanceof WireError ? e : new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), undefined);
    }
  });
}
