/**
 * The Debtist adapter: JSON over the address-guarded client (integrations/guarded-fetch.ts: checked at
 * connect time after DNS, never inside a database transaction), `Authorization: Bearer {api_key}` from
 * the `debt_collection` settings. The wire format (the shape our fake, testing/fake-debtist.ts, speaks):
 *
 *   POST {base}/api/v1/claims          Idempotency-Key: {external_id}
 *     { external_id, invoice_number, invoice_date, due_date, amount_cents, currency,
 *       debtor: { name, email, company, address } }
 *     201 (200 for an external_id it already has: the same claim) <claim>
 *   GET  {base}/api/v1/claims/{id}     200 <claim>
 *   POST {base}/api/v1/claims/{id}/activities { type: "comment", text, author }  201 <activity>
 *   POST {base}/api/v1/users { email, first_name, last_name }  201 <user>
 *   PUT  {base}/api/v1/users/{id}/enable | /disable  200 <user>
 *
 *   <claim>    { id, external_id, status: NEW | IN_COLLECTION | PARTIALLY_PAID | PAID | CLOSED, currency,
 *                amount_cents, collected_cents, fee_cents, activities: [<activity>] }
 *   <activity> { id, type: "comment" | "status_change", text, author, by_creditor, created_at }
 *   <user>     { id, email, first_name, last_name, active }
 *   errors     4xx { error: { code, message } }
 *
 * No retries here: the module keeps what was not confirmed (a claim stays `pending`) and asks again.
 */
import { DEBT_TEXTS } from '@rentloop/domain/debt-collection';
import { z } from 'zod';
import { AddressRefusedError, type Resolver } from '../address-guard.ts';
import { type FetchLike, guardedFetch } from '../guarded-fetch.ts';
import {
  type AgencyClaim,
  type AgencyClaimStatus,
  type AgencyComment,
  type AgencyUser,
  DebtAgencyError,
  type DebtCollectionAdapter,
} from './types.ts';

export interface DebtistConfig {
  base_url: string;
  api_key: string;
}

export interface DebtAdapterOptions {
  /** ALLOW_PRIVATE_SHOP_URLS: an agency on a private network (a test double) and plain http for it. */
  allowPrivateAddresses?: boolean;
  resolve?: Resolver;
  /** A transport double (tests); production uses the guarded fetch. */
  fetch?: FetchLike;
  /** Time allowed for one call, body included (default 20 000 ms). */
  timeoutMs?: number;
}

const STATUSES: Record<string, AgencyClaimStatus> = {
  NEW: 'open',
  IN_COLLECTION: 'in_collection',
  PARTIALLY_PAID: 'partially_paid',
  PAID: 'paid',
  CLOSED: 'closed',
};

const cents = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const activitySchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  type: z.string(),
  text: z.string().max(10_000),
  author: z.string().max(200).nullable().optional(),
  by_creditor: z.boolean().optional(),
  created_at: z.string(),
});
const claimSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  external_id: z.string(),
  status: z.enum(['NEW', 'IN_COLLECTION', 'PARTIALLY_PAID', 'PAID', 'CLOSED']),
  currency: z.string().length(3),
  amount_cents: cents,
  collected_cents: cents,
  fee_cents: cents,
  activities: z.array(activitySchema).max(10_000).default([]),
});
const userSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  active: z.boolean(),
});

const toComment = (a: z.infer<typeof activitySchema>): AgencyComment => ({
  reference: a.id,
  text: a.text,
  author: a.author ?? null,
  createdAt: new Date(a.created_at).toISOString(),
  byCreditor: a.by_creditor ?? false,
});

const toClaim = (c: z.infer<typeof claimSchema>): AgencyClaim => ({
  reference: c.id,
  externalId: c.external_id,
  status: STATUSES[c.status]!,
  paidMinor: BigInt(c.collected_cents),
  feeMinor: BigInt(c.fee_cents),
  currency: c.currency.toUpperCase(),
  comments: c.activities.filter((a) => a.type === 'comment').map(toComment),
});

const toUser = (u: z.infer<typeof userSchema>): AgencyUser => ({
  reference: u.id,
  email: u.email,
  firstName: u.first_name,
  lastName: u.last_name,
  enabled: u.active,
});

export function createDebtistAdapter(
  config: DebtistConfig,
  options: DebtAdapterOptions = {},
): DebtCollectionAdapter {
  const allowPrivate = options.allowPrivateAddresses ?? false;
  const fetchImpl = options.fetch ?? guardedFetch({ allowPrivate, resolve: options.resolve });
  const timeoutMs = options.timeoutMs ?? 20_000;

  async function send<T>(
    method: string,
    path: string,
    schema: z.ZodType<T>,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    let url: URL;
    try {
      url = new URL(`${config.base_url.replace(/\/+$/, '')}/api/v1${path}`);
    } catch {
      throw new DebtAgencyError('bad_response', DEBT_TEXTS.notConfigured);
    }
    // The key goes with every call: plain http only for an agency on the private network.
    if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
      throw new DebtAgencyError('unauthorized', DEBT_TEXTS.notConfigured);
    const text = body === undefined ? undefined : JSON.stringify(body);
    let res: Response;
    let answer: string;
    try {
      res = await fetchImpl(url, {
        method,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${config.api_key}`,
          ...(text === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) }),
          ...headers,
        },
        body: text,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      answer = await res.text();
    } catch (err) {
      const why = err instanceof AddressRefusedError ? ' (address refused)' : '';
      throw new DebtAgencyError('unreachable', `${DEBT_TEXTS.agencyUnreachable}${why}`);
    }
    if (res.status === 401 || res.status === 403)
      throw new DebtAgencyError('unauthorized', DEBT_TEXTS.agencyRefused);
    if (res.status === 429 || res.status >= 500)
      throw new DebtAgencyError(
        'unreachable',
        `${DEBT_TEXTS.agencyUnreachable} (HTTP ${res.status} from the agency)`,
      );
    let json: unknown;
    try {
      json = answer === '' ? null : JSON.parse(answer);
    } catch {
      throw new DebtAgencyError('bad_response', DEBT_TEXTS.agencyBadAnswer);
    }
    if (res.status >= 400) {
      const message = (json as { error?: { message?: unknown } } | null)?.error?.message;
      throw new DebtAgencyError(
        'rejected',
        typeof message === 'string' && message.length > 0
          ? `The agency refused: ${message.slice(0, 300)}`
          : `The agency refused the request (HTTP ${res.status}).`,
      );
    }
    if (res.status < 200 || res.status >= 300)
      throw new DebtAgencyError('bad_response', `${DEBT_TEXTS.agencyBadAnswer} (HTTP ${res.status})`);
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new DebtAgencyError('bad_response', DEBT_TEXTS.agencyBadAnswer);
    return parsed.data;
  }

  const claimPath = (reference: string) => `/claims/${encodeURIComponent(reference)}`;

  return {
    provider: 'debtist',
    async createClaim(claim) {
      const answer = await send(
        'POST',
        '/claims',
        claimSchema,
        {
          external_id: claim.externalId,
          invoice_number: claim.invoiceNumber,
          invoice_date: claim.invoiceDate,
          due_date: claim.dueDate,
          amount_cents: Number(claim.amountMinor),
          currency: claim.currency,
          debtor: claim.debtor,
        },
        { 'idempotency-key': claim.externalId },
      );
      return toClaim(answer);
    },
    async getClaim(reference) {
      return toClaim(await send('GET', claimPath(reference), claimSchema));
    },
    async addComment(reference, text, author) {
      const answer = await send('POST', `${claimPath(reference)}/activities`, activitySchema, {
        type: 'comment',
        text,
        author,
      });
      return toComment(answer);
    },
    async createUser(user) {
      const answer = await send('POST', '/users', userSchema, {
        email: user.email,
        first_name: user.firstName,
        last_name: user.lastName,
      });
      return toUser(answer);
    },
    async setUserEnabled(reference, enabled) {
      const action = enabled ? 'enable' : 'disable';
      return toUser(await send('PUT', `/users/${encodeURIComponent(reference)}/${action}`, userSchema));
    },
  };
}
