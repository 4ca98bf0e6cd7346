/**
 * The HTTP client every shop adapter shares: the address-guarded fetch (integrations/guarded-fetch.ts:
 * every connection, each redirect hop's included, goes only to an address the guard allows), a
 * timeout per request, redirects followed only within the shop's own origin, retries with backoff on
 * 429 and 5xx (honouring Retry-After), and every response checked against a zod schema. Every
 * failure is a `ShopError` with a message a merchant can act on.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { MESSAGES } from '@rentloop/domain/messages';
import type { z } from 'zod';
import { AddressRefusedError, type Resolver } from '../address-guard.ts';
import { type FetchLike, guardedFetch } from '../guarded-fetch.ts';
import { ShopError } from './types.ts';

export interface ShopAdapterOptions {
  /** ALLOW_PRIVATE_SHOP_URLS: the shop may be on a private network (default false). */
  allowPrivateAddresses?: boolean;
  /** DNS for the address guard (default: the system's; tests inject one). */
  resolve?: Resolver;
  /**
   * A test double for the transport. It replaces the guarded fetch, so the address guard is then
   * the double's business: production code never sets it.
   */
  fetch?: FetchLike;
  /** Time allowed for one request, body included (default 15 000 ms). */
  timeoutMs?: number;
  /** Attempts per request when the shop answers 429 or 5xx (default 4). */
  attempts?: number;
  /** First backoff delay when the shop gives no Retry-After; doubled on each retry (default 500 ms). */
  retryDelayMs?: number;
  /** The longest wait before a retry, Retry-After included (default 30 000 ms). */
  maxRetryDelayMs?: number;
}

export interface ShopResponse<T> {
  data: T;
  headers: Headers;
}

const DEFAULTS = { timeoutMs: 15_000, attempts: 4, retryDelayMs: 500, maxRetryDelayMs: 30_000 };
const MAX_REDIRECTS = 5;

export const unreachableMessage = (shopUrl: string) => `Could not reach the shop at ${shopUrl}.`;

/** The wait a Retry-After header asks for (seconds, fractional seconds or an HTTP date), in ms. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.ceil(Number.parseFloat(text) * 1000);
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The shop's base URL as a URL; anything but http(s) is refused. */
export function parseShopUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ShopError(
      'bad_response',
      `The shop address "${url}" is not a valid URL. Correct it in Settings.`,
    );
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new ShopError('bad_response', `The shop address "${url}" must start with https://.`);
  }
  return parsed;
}

/** The first few zod issues, as "path: message". */
const describeIssues = (error: z.ZodError) =>
  error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    .join('; ');

/** Network errors that are worth another attempt (the connection dropped midway). */
const isTransientNetworkError = (err: unknown) => {
  const code = (err as { cause?: { code?: string } }).cause?.code;
  return code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET';
};

export interface ShopHttp {
  /** The shop's base URL as the merchant entered it (without a trailing slash). */
  readonly shopUrl: string;
  /** GET a path under the shop's URL ("/wp-json/...") or an absolute URL on the shop's origin. */
  getJson<S extends z.ZodType>(
    target: string,
    schema: S,
    options?: { signal?: AbortSignal },
  ): Promise<ShopResponse<z.infer<S>>>;
  /** An absolute URL for `target`; throws `bad_response` when it leaves the shop's origin. */
  resolve(target: string): URL;
}

export function createShopHttp(config: {
  url: string;
  headers: Record<string, string>;
  unauthorizedMessage: string;
  options?: ShopAdapterOptions;
}): ShopHttp {
  const base = parseShopUrl(config.url);
  const shopUrl = config.url.replace(/\/+$/, '');
  const basePath = base.pathname.replace(/\/+$/, '');
  const opts = { ...DEFAULTS, ...config.options };
  const fetchImpl =
    config.options?.fetch ??
    guardedFetch({ allowPrivate: opts.allowPrivateAddresses ?? false, resolve: opts.resolve });

  function resolve(target: string): URL {
    let url: URL;
    try {
      url = target.startsWith('/') ? new URL(`${base.origin}${basePath}${target}`) : new URL(target);
    } catch {
      throw new ShopError('bad_response', `The shop at ${shopUrl} sent an invalid address (${target}).`);
    }
    if (url.origin !== base.origin) {
      throw new ShopError(
        'bad_response',
        `The shop at ${shopUrl} sent us to another address (${url.origin}). Enter the shop's own address in Settings.`,
      );
    }
    return url;
  }

  async function wait(ms: number, signal: AbortSignal | undefined) {
    await sleep(Math.min(ms, opts.maxRetryDelayMs), undefined, signal ? { signal } : undefined);
  }

  async function getJson<S extends z.ZodType>(
    target: string,
    schema: S,
    options: { signal?: AbortSignal } = {},
  ): Promise<ShopResponse<z.infer<S>>> {
    let url = resolve(target);
    let redirects = 0;
    let attempt = 0;
    for (;;) {
      attempt += 1;
      const timeout = AbortSignal.timeout(opts.timeoutMs);
      const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
      const retryable = attempt < opts.attempts;
      let res: Response;
      let text: string;
      try {
        res = await fetchImpl(url, {
          method: 'GET',
          headers: { accept: 'application/json', ...config.headers },
          redirect: 'manual',
          signal,
        });
        text = await res.text();
      } catch (err) {
        if (options.signal?.aborted) throw options.signal.reason ?? err;
        if (timeout.aborted) {
          const seconds = Math.max(1, Math.round(opts.timeoutMs / 1000));
          throw new ShopError(
            'unreachable',
            `${unreachableMessage(shopUrl)} It did not answer within ${seconds} second${seconds === 1 ? '' : 's'}.`,
          );
        }
        if (err instanceof AddressRefusedError) {
          throw new ShopError('unreachable', MESSAGES.shopAddressRefused(shopUrl));
        }
        if (retryable && isTransientNetworkError(err)) {
          await wait(opts.retryDelayMs * 2 ** (attempt - 1), options.signal);
          continue;
        }
        throw new ShopError('unreachable', unreachableMessage(shopUrl));
      }

      if (res.status >= 300 && res.status < 400 && res.headers.has('location')) {
        redirects += 1;
        if (redirects > MAX_REDIRECTS) {
          throw new ShopError('bad_response', `The shop at ${shopUrl} redirected too many times.`);
        }
        url = resolve(new URL(res.headers.get('location') ?? '', url).toString());
        attempt -= 1;
        continue;
      }
      if (res.status === 401 || res.status === 403) {
        throw new ShopError('unauthorized', config.unauthorizedMessage);
      }
      if (res.status === 429 || res.status >= 500) {
        if (retryable) {
          const delay =
            retryAfterMs(res.headers.get('retry-after')) ?? opts.retryDelayMs * 2 ** (attempt - 1);
          await wait(delay, options.signal);
          continue;
        }
        throw new ShopError(
          'unreachable',
          res.status === 429
            ? `The shop at ${shopUrl} is limiting our requests (HTTP 429). Try again in a few minutes.`
            : `The shop at ${shopUrl} answered with a server error (HTTP ${res.status}). Try again later.`,
        );
      }
      if (res.status === 404) {
        throw new ShopError(
          'bad_response',
          `The shop at ${shopUrl} has no API at ${url.pathname} (HTTP 404). Check the shop address in Settings.`,
        );
      }
      if (res.status < 200 || res.status >= 300) {
        throw new ShopError(
          'bad_response',
          `The shop at ${shopUrl} refused the request ${url.pathname} (HTTP ${res.status}).`,
        );
      }

      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new ShopError(
          'bad_response',
          `The shop at ${shopUrl} sent a response that is not JSON (${url.pathname}).`,
        );
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        throw new ShopError(
          'bad_response',
          `The shop at ${shopUrl} sent an unexpected response (${url.pathname}: ${describeIssues(parsed.error)}).`,
        );
      }
      return { data: parsed.data, headers: res.headers };
    }
  }

  return { shopUrl, getJson, resolve };
}

/** Runs `fn` over `items` with at most `limit` calls in flight, keeping the order of results. */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
