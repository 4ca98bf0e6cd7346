/**
 * Behind a load balancer every request comes from the balancer's address: the sign-in throttle would
 * then slow every user for one guesser. With TRUST_PROXY the client's address is read from
 * X-Forwarded-For, and only from the proxies named; without it the header is ignored (a client could
 * otherwise pick any address and never be slowed).
 */
import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../config.ts';
import { FREE_FAILURES } from '../modules/auth/throttle.ts';
import { createUser, TEST_PASSWORD, useHarness } from '../testing/harness.ts';

const BALANCER = '10.0.0.5';

function loginVia(h: ReturnType<typeof useHarness>, email: string, password: string, client: string) {
  return h.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: BALANCER,
    headers: { 'x-forwarded-for': client },
    payload: { email, password },
  });
}

/** Fails sign-ins from `client` until the throttle answers 429. */
async function guessUntilSlowed(h: ReturnType<typeof useHarness>, email: string, client: string) {
  for (let i = 0; i <= FREE_FAILURES.pair; i++) {
    const r = await loginVia(h, email, `wrong guess ${i}`, client);
    if (r.statusCode === 429) return;
    expect(r.statusCode).toBe(401);
  }
  const r = await loginVia(h, email, 'one more wrong guess', client);
  expect(r.statusCode).toBe(429);
}

describe('behind a trusted load balancer (TRUST_PROXY=10.0.0.0/8)', () => {
  const h = useHarness({ trustProxy: ['10.0.0.0/8'] });

  it('slows the guessing client only: the owner, behind the same balancer, still signs in', async () => {
    const user = await createUser(h);
    await guessUntilSlowed(h, user.email, '198.51.100.20');
    expect((await loginVia(h, user.email, TEST_PASSWORD, '198.51.100.20')).statusCode).toBe(429);
    expect((await loginVia(h, user.email, TEST_PASSWORD, '198.51.100.99')).statusCode).toBe(200);
  });
});

describe('behind one trusted hop (TRUST_PROXY=1)', () => {
  const h = useHarness({ trustProxy: 1 });

  it("takes the client from the nearest proxy's X-Forwarded-For", async () => {
    const user = await createUser(h);
    await guessUntilSlowed(h, user.email, '198.51.100.20');
    expect((await loginVia(h, user.email, TEST_PASSWORD, '198.51.100.99')).statusCode).toBe(200);
  });
});

describe('without TRUST_PROXY', () => {
  const h = useHarness();

  it('ignores X-Forwarded-For: a guesser cannot escape the throttle by changing the header', async () => {
    const user = await createUser(h);
    await guessUntilSlowed(h, user.email, '198.51.100.20');
    // Same socket address, another claimed client: still the guesser.
    expect((await loginVia(h, user.email, TEST_PASSWORD, '198.51.100.99')).statusCode).toBe(429);
  });
});

describe('TRUST_PROXY values', () => {
  it('reads hops and address lists; unset or 0 believes no proxy', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });
});
