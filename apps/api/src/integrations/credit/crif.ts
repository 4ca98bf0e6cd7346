/**
 * The CRIF adapter: one JSON call per check over the address-guarded client (integrations/
 * guarded-fetch.ts), HTTP Basic with the username / client ID and secret from the `credit_check`
 * settings. The wire format (CRIF's contracts differ per country; this is the shape our fake speaks):
 *
 *   POST {base_url}/v1/credit-checks
 *   { "clientReference": "order-12", "product": "CREDIT_CHECK",
 *     "subject": { "type": "PERSON" | "COMPANY", "firstName", "lastName", "companyName", "email",
 *                  "address": { "street", "houseNumber", "zip", "city", "country": "DE" } } }
 *   200 { "checkId": "CRIF-…", "decision": "GREEN" | "YELLOW" | "RED", "score": 0..1000 | null,
 *         "reasons": [{ "code": "…", "text": "…" }], "timestamp": "…" }
 *
 * No retries: a check is billed per call, and staff press the button again when the provider was down.
 */
import { CREDIT_TEXTS } from '@rentloop/domain/credit-checks';
import { z } from 'zod';
import { AddressRefusedError, type Resolver } from '../address-guard.ts';
import { type FetchLike, guardedFetch } from '../guarded-fetch.ts';
import { type CreditCheckAdapter, CreditCheckError, type CreditSubject } from './types.ts';

export interface CrifConfig {
  base_url: string;
  username: string;
  secret: string;
}

export interface CreditAdapterOptions {
  /** ALLOW_PRIVATE_SHOP_URLS: a provider on a private network (a test double) and plain http for it. */
  allowPrivateAddresses?: boolean;
  resolve?: Resolver;
  /** A transport double (tests); production uses the guarded fetch. */
  fetch?: FetchLike;
  /** Time allowed for the call, body included (default 20 000 ms). */
  timeoutMs?: number;
}

const DECISIONS = { GREEN: 'approved', YELLOW: 'review', RED: 'declined' } as const;

const answerSchema = z.object({
  checkId: z.string().min(1).max(200),
  decision: z.enum(['GREEN', 'YELLOW', 'RED']),
  score: z.number().int().min(0).max(1000).nullable().optional(),
  reasons: z
    .array(z.object({ code: z.string().max(100), text: z.string().max(500).optional() }))
    .max(50)
    .optional(),
});

/** The request body for a subject. */
export function crifRequest(subject: CreditSubject) {
  return {
    clientReference: subject.reference,
    product: 'CREDIT_CHECK',
    subject: {
      type: subject.company ? 'COMPANY' : 'PERSON',
      firstName: subject.first_name,
      lastName: subject.last_name,
      companyName: subject.company,
      email: subject.email,
      address: {
        street: subject.street,
        houseNumber: subject.street_number,
        zip: subject.postal_code,
        city: subject.city,
        country: subject.country.toUpperCase(),
      },
    },
  };
}

export function createCrifAdapter(
  config: CrifConfig,
  options: CreditAdapterOptions = {},
): CreditCheckAdapter {
  const allowPrivate = options.allowPrivateAddresses ?? false;
  const fetchImpl = options.fetch ?? guardedFetch({ allowPrivate, resolve: options.resolve });
  const timeoutMs = options.timeoutMs ?? 20_000;

  return {
    provider: 'crif',
    async check(subject, { now, signal }) {
      let url: URL;
      try {
        url = new URL(`${config.base_url.replace(/\/+$/, '')}/v1/credit-checks`);
      } catch {
        throw new CreditCheckError('bad_response', CREDIT_TEXTS.providerHttpsRequired);
      }
      // The secret goes with every call: plain http only for a provider on the private network.
      if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
        throw new CreditCheckError('unauthorized', CREDIT_TEXTS.providerHttpsRequired);
      }
      const body = JSON.stringify(crifRequest(subject));
      const timeout = AbortSignal.timeout(timeoutMs);
      let res: Response;
      let text: string;
      try {
        res = await fetchImpl(url, {
          method: 'POST',
          headers: {
            accept: 'application/json',
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
            authorization: `Basic ${Buffer.from(`${config.username}:${config.secret}`).toString('base64')}`,
          },
          body,
          redirect: 'manual',
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
        text = await res.text();
      } catch (err) {
        if (err instanceof AddressRefusedError) {
          throw new CreditCheckError('unreachable', `${CREDIT_TEXTS.providerUnreachable} (address refused)`);
        }
        throw new CreditCheckError('unreachable', CREDIT_TEXTS.providerUnreachable);
      }
      if (res.status === 401 || res.status === 403) {
        throw new CreditCheckError('unauthorized', CREDIT_TEXTS.providerRefused);
      }
      if (res.status === 429 || res.status >= 500) {
        throw new CreditCheckError(
          'unreachable',
          `${CREDIT_TEXTS.providerUnreachable} (HTTP ${res.status} from the provider)`,
        );
      }
      if (res.status !== 200) {
        throw new CreditCheckError('bad_response', `${CREDIT_TEXTS.providerBadAnswer} (HTTP ${res.status})`);
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new CreditCheckError('bad_response', CREDIT_TEXTS.providerBadAnswer);
      }
      const parsed = answerSchema.safeParse(json);
      if (!parsed.success) throw new CreditCheckError('bad_response', CREDIT_TEXTS.providerBadAnswer);
      const a = parsed.data;
      return {
        decision: DECISIONS[a.decision],
        score: a.score ?? null,
        reference: a.checkId,
        checked_at: now.toISOString(),
        reasons: (a.reasons ?? []).map((r) => (r.text ? `${r.code}: ${r.text}` : r.code)),
      };
    },
  };
}
