/**
 * One HTTP attempt of a webhook delivery, through the address guard (integrations/guarded-fetch.ts):
 * the address checked is the address dialled, after DNS, on every connection; a redirect (at most 3,
 * the same POST re-sent) is checked again, its literal host here and its name at connect. A merchant's
 * URL can never make the server call its own network, the metadata service or a special range
 * (ALLOW_PRIVATE_SHOP_URLS opens the merchant's own network for on-premises installs, as for shops).
 * Never throws: every failure is an outcome to log and retry.
 */
import { type AddressPolicy, assertLiteralAllowed, type Resolver } from '../../integrations/address-guard.ts';
import { createGuardedFetch, type FetchLike, guardedFetch } from '../../integrations/guarded-fetch.ts';

export const TIMEOUT_MS = 10_000;
/** How much of the receiver's answer is kept with the attempt. */
export const RESPONSE_KEEP_BYTES = 2048;
const MAX_REDIRECTS = 3;

export interface SendOptions {
  allowPrivate: boolean;
  /** DNS for the guard (tests). */
  resolve?: Resolver;
  /** A transport double (tests); the literal-address check of every hop still applies. */
  fetch?: FetchLike;
  timeoutMs?: number;
}

export interface AttemptOutcome {
  succeeded: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseBody: string | null;
}

const truncate = (text: string) => {
  const bytes = Buffer.from(text, 'utf8');
  return bytes.length <= RESPONSE_KEEP_BYTES ? text : bytes.subarray(0, RESPONSE_KEEP_BYTES).toString('utf8');
};

function describe(err: unknown, timedOut: boolean): string {
  if (timedOut) return `No answer within ${TIMEOUT_MS / 1000} s.`;
  const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e.code ?? e.cause?.code;
  if (code === 'ERR_ADDRESS_REFUSED')
    return 'The address is on a private, local or reserved network, which webhooks may not call.';
  if (code === 'ECONNREFUSED') return 'Connection refused.';
  if (code === 'ENOTFOUND') return 'The host name does not resolve.';
  return (e.message ?? String(err)).slice(0, 300);
}

/** POSTs `body` with `headers` to `url`; the outcome of the attempt, whatever happened. */
export async function sendOnce(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: SendOptions,
): Promise<AttemptOutcome> {
  const policy: AddressPolicy = { allowPrivate: options.allowPrivate };
  const transport =
    options.fetch ??
    (options.resolve ? createGuardedFetch({ ...policy, resolve: options.resolve }) : guardedFetch(policy));
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    let target = new URL(url);
    for (let hop = 0; ; hop++) {
      if (target.protocol !== 'https:' && target.protocol !== 'http:')
        throw new Error('Only http(s) addresses.');
      // Sockets never look a literal up: checked here, for the first hop and every redirect.
      assertLiteralAllowed(target.hostname, policy);
      const res = await transport(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Rentloop-Webhooks/1', ...headers },
        body,
        redirect: 'manual',
        signal: controller.signal,
      });
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location && hop < MAX_REDIRECTS) {
        await res.arrayBuffer().catch(() => undefined);
        target = new URL(location, target);
        continue;
      }
      const text = truncate(await res.text().catch(() => ''));
      const ok = res.status >= 200 && res.status < 300;
      return {
        succeeded: ok,
        statusCode: res.status,
        durationMs: elapsed(),
        error: ok ? null : `The receiver answered ${res.status}.`,
        responseBody: text || null,
      };
    }
  } catch (err) {
    return {
      succeeded: false,
      statusCode: null,
      durationMs: elapsed(),
      error: describe(err, timedOut),
      responseBody: null,
    };
  } finally {
    clearTimeout(timer);
  }
}
