/**
 * A local fake CRIF (the plumbing of testing/fake-server.ts): `POST /v1/credit-checks` with HTTP Basic,
 * deciding by the subject's last name as a provider's test personas do: "Declined…" is RED (score 180),
 * "Review…" YELLOW (520), anyone else GREEN (870). Wrong credentials are a 401.
 */
import { type FakeServer, startFakeServer } from '../../shops/testing/fake-server.ts';

export const FAKE_CRIF = { username: 'rentloop-test', secret: 'crif-secret' };

export function startFakeCrif(): Promise<FakeServer> {
  let n = 0;
  return startFakeServer((req) => {
    if (req.method !== 'POST' || req.path !== '/v1/credit-checks') return { status: 404, body: {} };
    const expected = `Basic ${Buffer.from(`${FAKE_CRIF.username}:${FAKE_CRIF.secret}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return { status: 401, body: { error: 'unauthorized' } };
    const body = JSON.parse(req.body) as { subject?: { lastName?: string } };
    const last = body.subject?.lastName ?? '';
    n += 1;
    const checkId = `CRIF-${String(n).padStart(6, '0')}`;
    if (/^declined/i.test(last)) {
      return {
        status: 200,
        body: {
          checkId,
          decision: 'RED',
          score: 180,
          reasons: [{ code: 'NEG_PAYMENT_HISTORY', text: 'Negative payment history' }],
          timestamp: new Date().toISOString(),
        },
      };
    }
    if (/^review/i.test(last)) {
      return {
        status: 200,
        body: { checkId, decision: 'YELLOW', score: 520, reasons: [{ code: 'THIN_FILE' }] },
      };
    }
    return { status: 200, body: { checkId, decision: 'GREEN', score: 870, reasons: [] } };
  });
}
