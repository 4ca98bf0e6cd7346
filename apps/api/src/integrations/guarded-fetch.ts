/**
 * HTTP for addresses a merchant chooses (shops, the credit check provider; webhooks later), with the address guard on the
 * connection itself: node:http(s) whose sockets resolve through `guardedLookup`, so the address that
 * is checked is the address dialled, on every new connection (a name that changed after it was saved,
 * or between two requests, is checked again). The global fetch cannot take a custom lookup without
 * the undici package, hence this small client; it does what the shop client needs: a request with
 * headers and an AbortSignal, a decompressed body, redirects never followed (the caller follows them,
 * each hop coming back through here).
 */

import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { assertOutsideTransaction } from '../db/transaction-scope.ts';
import { type AddressPolicy, assertLiteralAllowed, guardedLookup, type Resolver } from './address-guard.ts';

/** The part of `fetch` the shop client uses (the global fetch fits it, for tests that inject one). */
export type FetchLike = (
  url: URL,
  init: {
    method: string;
    headers: Record<string, string>;
    /** A request body (the credit check's JSON); the shops only GET. */
    body?: string;
    redirect?: 'manual';
    signal?: AbortSignal;
  },
) => Promise<Response>;

export interface GuardedFetchOptions extends AddressPolicy {
  /** DNS for the guard (tests inject one). */
  resolve?: Resolver;
  /** A larger body is an error (default 64 MB; a shop page is well under 1 MB). */
  maxBodyBytes?: number;
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

function decoder(encoding: string | undefined) {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      return null;
  }
}

async function readBody(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  const collect = async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      size += chunk.length;
      if (size > maxBytes) throw new Error(`response body larger than ${maxBytes} bytes`);
      chunks.push(chunk);
    }
  };
  const decode = decoder(res.headers['content-encoding']);
  if (decode) await pipeline(res, decode, collect);
  else await pipeline(res, collect);
  return Buffer.concat(chunks);
}

function toResponse(res: IncomingMessage, body: Buffer): Response {
  const headers = new Headers();
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
    const name = res.rawHeaders[i]!.toLowerCase();
    // The body is handed over decoded, so its encoding and length headers no longer describe it.
    if (name !== 'content-encoding' && name !== 'content-length')
      headers.append(name, res.rawHeaders[i + 1]!);
  }
  const status = res.statusCode ?? 0;
  return new Response(NULL_BODY_STATUSES.has(status) ? null : body, {
    status,
    statusText: res.statusMessage ?? '',
    headers,
  });
}

export function createGuardedFetch(options: GuardedFetchOptions): FetchLike {
  const policy: AddressPolicy = { allowPrivate: options.allowPrivate };
  const lookup = guardedLookup(policy, options.resolve);
  const maxBytes = options.maxBodyBytes ?? 64 * 1024 * 1024;
  // Own agents: every pooled socket was opened through the guard (a shared agent could hand us one
  // that was not). Idle sockets are closed after 30 s.
  const agents = {
    'http:': new HttpAgent({ keepAlive: true, timeout: 30_000, lookup }),
    'https:': new HttpsAgent({ keepAlive: true, timeout: 30_000, lookup }),
  };

  return async (url, init) => {
    const protocol = url.protocol;
    if (protocol !== 'http:' && protocol !== 'https:') throw new Error(`unsupported protocol ${protocol}`);
    assertOutsideTransaction(`A call to ${url.host}`);
    // Sockets skip the lookup for an IP literal, so a literal is checked here.
    assertLiteralAllowed(url.hostname, policy);
    init.signal?.throwIfAborted();
    const send = protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<Response>((resolve, reject) => {
      const req = send(
        url,
        {
          method: init.method,
          headers: { 'accept-encoding': 'gzip, deflate, br', ...init.headers },
          agent: agents[protocol],
          signal: init.signal,
        },
        (res) => {
          readBody(res, maxBytes).then((body) => resolve(toResponse(res, body)), reject);
        },
      );
      req.on('error', reject);
      req.end(init.body);
    });
  };
}

const shared = new Map<boolean, FetchLike>();

/** The guarded fetch of a policy with the system's DNS, one per policy so connections are reused. */
export function guardedFetch(options: GuardedFetchOptions): FetchLike {
  if (options.resolve || options.maxBodyBytes) return createGuardedFetch(options);
  let f = shared.get(options.allowPrivate);
  if (!f) {
    f = createGuardedFetch({ allowPrivate: options.allowPrivate });
    shared.set(options.allowPrivate, f);
  }
  return f;
}
