/**
 * The plumbing of a fake shop: a local `node:http` server on a free port that logs every request,
 * can answer the next matching request(s) with an injected response (a 429, a 500, a malformed body),
 * and can hold requests until the test releases them. The platform files add the real routes.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The request body as text ('' for none). */
  body: string;
}

export interface FakeResponse {
  status: number;
  headers?: Record<string, string>;
  /** A value to send as JSON, or a string sent as it is. */
  body?: unknown;
}

export interface Injection extends FakeResponse {
  /** Only requests for which this is true (default: every request). */
  when?: (req: FakeRequest) => boolean;
  /** How many matching requests get it (default 1). */
  times?: number;
}

export interface FakeServer {
  /** http://127.0.0.1:port */
  readonly url: string;
  readonly requests: FakeRequest[];
  /** Answers the next matching request(s) with this response instead of the real one. */
  inject(injection: Injection): void;
  /**
   * Makes requests wait until the returned function is called: every request, or only those for
   * which `when` is true (e.g. the second page, to watch a sync's progress halfway).
   */
  hold(when?: (req: FakeRequest) => boolean): () => void;
  close(): Promise<void>;
}

export type FakeHandler = (req: FakeRequest, origin: string) => FakeResponse;

/**
 * `tls`: serve https with this key and certificate (a client that only speaks https, such as Mollie's,
 * trusts the certificate through its own option); `url` then starts with https.
 */
export async function startFakeServer(
  handle: FakeHandler,
  options: { tls?: { key: string; cert: string } } = {},
): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  const injections: (Injection & { left: number })[] = [];
  let gate: { wait: Promise<void>; when?: (req: FakeRequest) => boolean } | null = null;

  const send = (res: ServerResponse, r: FakeResponse) => {
    const text = typeof r.body === 'string' ? r.body : r.body === undefined ? '' : JSON.stringify(r.body);
    res.writeHead(r.status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(text)),
      ...r.headers,
    });
    res.end(text);
  };

  const scheme = options.tls ? 'https' : 'http';
  const listener = async (incoming: IncomingMessage, res: ServerResponse) => {
    const origin = `${scheme}://${incoming.headers.host}`;
    const url = new URL(incoming.url ?? '/', origin);
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const req: FakeRequest = {
      method: incoming.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: incoming.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    requests.push(req);
    if (gate && (gate.when?.(req) ?? true)) await gate.wait;
    const injected = injections.find((i) => i.left > 0 && (i.when?.(req) ?? true));
    if (injected) {
      injected.left -= 1;
      send(res, injected);
      return;
    }
    try {
      send(res, handle(req, origin));
    } catch (err) {
      send(res, { status: 500, body: { error: String(err) } });
    }
  };
  const server = options.tls ? createTlsServer(options.tls, listener) : createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `${scheme}://127.0.0.1:${port}`,
    requests,
    inject(injection) {
      injections.push({ ...injection, left: injection.times ?? 1 });
    },
    hold(when) {
      let release = () => {};
      const wait = new Promise<void>((resolve) => {
        release = () => {
          if (gate?.wait === wait) gate = null;
          resolve();
        };
      });
      gate = { wait, when };
      return release;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port nothing listens on (bound, then closed again). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** An integer query parameter, or the default when absent; NaN when present but not an integer. */
export function intParam(query: URLSearchParams, name: string, fallback: number): number {
  const v = query.get(name);
  if (v === null) return fallback;
  return /^\d+$/.test(v) ? Number.parseInt(v, 10) : Number.NaN;
}
