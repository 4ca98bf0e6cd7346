/**
 * A local fake Debtist (the plumbing of shops/testing/fake-server.ts) speaking the wire format written in
 * ../debtist.ts: claims (one per external_id: a repeat answers the same claim with 200), their activities
 * (comments), users (one per email: a repeat is a 409), Bearer authentication (a wrong key is a 401).
 * `collect` plays the agency's work: money collected from the debtor and its fee, which the next GET shows.
 */
import { type FakeServer, startFakeServer } from '../../shops/testing/fake-server.ts';

export const FAKE_DEBTIST_KEY = 'debtist-test-key';

interface Activity {
  id: string;
  type: 'comment' | 'status_change';
  text: string;
  author: string | null;
  by_creditor: boolean;
  created_at: string;
}

interface Claim {
  id: string;
  external_id: string;
  status: 'NEW' | 'IN_COLLECTION' | 'PARTIALLY_PAID' | 'PAID' | 'CLOSED';
  currency: string;
  amount_cents: number;
  collected_cents: number;
  fee_cents: number;
  activities: Activity[];
}

interface User {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  active: boolean;
}

export interface FakeDebtist extends FakeServer {
  readonly claims: Map<string, Claim>;
  readonly users: Map<string, User>;
  /** The agency collected `cents` more of the claim and charges `feeCents` for it (PAID when all is in). */
  collect(claimId: string, cents: number, feeCents: number): void;
  /** An agent writes on the claim. */
  agencyComment(claimId: string, text: string): void;
}

const error = (status: number, code: string, message: string) => ({
  status,
  body: { error: { code, message } },
});

export async function startFakeDebtist(): Promise<FakeDebtist> {
  const claims = new Map<string, Claim>();
  const users = new Map<string, User>();
  let n = 0;
  const nextId = (prefix: string) => `${prefix}_${String(++n).padStart(6, '0')}`;
  const now = () => new Date().toISOString();

  const server = await startFakeServer((req) => {
    if (req.headers.authorization !== `Bearer ${FAKE_DEBTIST_KEY}`)
      return error(401, 'unauthorized', 'Invalid API key');
    const path = req.path.replace(/^\/api\/v1/, '');
    const body = req.body ? (JSON.parse(req.body) as Record<string, unknown>) : {};
    if (req.method === 'POST' && path === '/claims') {
      const external = String(body.external_id ?? '');
      if (!external || typeof body.amount_cents !== 'number' || body.amount_cents <= 0)
        return error(422, 'invalid', 'external_id and a positive amount_cents are required');
      const existing = [...claims.values()].find((c) => c.external_id === external);
      if (existing) return { status: 200, body: existing };
      const claim: Claim = {
        id: nextId('clm'),
        external_id: external,
        status: 'NEW',
        currency: String(body.currency),
        amount_cents: body.amount_cents,
        collected_cents: 0,
        fee_cents: 0,
        activities: [],
      };
      claims.set(claim.id, claim);
      return { status: 201, body: claim };
    }
    const claimMatch = /^\/claims\/([^/]+)(\/activities)?$/.exec(path);
    if (claimMatch) {
      const claim = claims.get(decodeURIComponent(claimMatch[1]!));
      if (!claim) return error(404, 'not_found', 'No such claim');
      if (req.method === 'GET' && !claimMatch[2]) return { status: 200, body: claim };
      if (req.method === 'POST' && claimMatch[2]) {
        if (typeof body.text !== 'string' || body.text.trim() === '')
          return error(422, 'invalid', 'text is required');
        const activity: Activity = {
          id: nextId('act'),
          type: 'comment',
          text: body.text,
          author: typeof body.author === 'string' ? body.author : null,
          by_creditor: true,
          created_at: now(),
        };
        claim.activities.push(activity);
        return { status: 201, body: activity };
      }
    }
    if (req.method === 'POST' && path === '/users') {
      const email = String(body.email ?? '').toLowerCase();
      if ([...users.values()].some((u) => u.email === email))
        return error(409, 'exists', 'A user with this email exists');
      const user: User = {
        id: nextId('usr'),
        email,
        first_name: String(body.first_name ?? ''),
        last_name: String(body.last_name ?? ''),
        active: true,
      };
      users.set(user.id, user);
      return { status: 201, body: user };
    }
    const userMatch = /^\/users\/([^/]+)\/(enable|disable)$/.exec(path);
    if (req.method === 'PUT' && userMatch) {
      const user = users.get(decodeURIComponent(userMatch[1]!));
      if (!user) return error(404, 'not_found', 'No such user');
      user.active = userMatch[2] === 'enable';
      return { status: 200, body: user };
    }
    return error(404, 'not_found', 'No such route');
  });

  return Object.assign(server, {
    claims,
    users,
    collect(claimId: string, cents: number, feeCents: number) {
      const claim = claims.get(claimId);
      if (!claim) throw new Error(`no claim ${claimId}`);
      claim.collected_cents = Math.min(claim.amount_cents, claim.collected_cents + cents);
      claim.fee_cents += feeCents;
      claim.status = claim.collected_cents >= claim.amount_cents ? 'PAID' : 'PARTIALLY_PAID';
      claim.activities.push({
        id: nextId('act'),
        type: 'status_change',
        text: `Status ${claim.status}`,
        author: null,
        by_creditor: false,
        created_at: now(),
      });
    },
    agencyComment(claimId: string, text: string) {
      const claim = claims.get(claimId);
      if (!claim) throw new Error(`no claim ${claimId}`);
      claim.activities.push({
        id: nextId('act'),
        type: 'comment',
        text,
        author: 'Debtist agent',
        by_creditor: false,
        created_at: now(),
      });
    },
  });
}
