/**
 * Domain time comes from the app's clock (context.ts), never from the database's now() or the
 * process's Date: a test moves it with `fixedClock`, through buildApp, and the links and waits that
 * depend on it expire exactly when their lifetime has passed.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../context.ts';
import {
  call,
  createCompany,
  createUser,
  TEST_PASSWORD,
  type TestUser,
  useHarness,
} from '../../testing/harness.ts';
import { linkIn } from '../../testing/mail.ts';
import { FREE_FAILURES } from './throttle.ts';

// Starts at the real time: the access check still compares session expiry with the database's now().
const clock = fixedClock(new Date());
const h = useHarness({ mail: true, clock });
const MINUTE = 60_000;
let companyId: number;
let owner: TestUser;

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Clock Co' });
  companyId = company.id;
  owner = await createUser(h, { company, role: 'owner' });
});

const post = (url: string, payload: object, user: TestUser | null = null) =>
  call(h.app, user, { method: 'POST', url, payload });

async function resetLink(email: string): Promise<string> {
  const before = h.inbox.messages.length;
  expect((await post('/api/auth/password/reset-request', { email })).statusCode).toBe(200);
  await expect.poll(() => h.inbox.messages.length, { timeout: 15_000 }).toBeGreaterThan(before);
  return linkIn(await h.inbox.waitFor(email), '/auth/password-reset').searchParams.get('token')!;
}

describe('links expire on the app’s clock', () => {
  it('a password reset link works for its hour and not a minute longer', async () => {
    const user = await createUser(h);
    const late = await resetLink(user.email);
    clock.advance(61 * MINUTE);
    const refused = await post('/api/auth/password/reset', {
      token: late,
      email: user.email,
      password: 'an hour too late 1',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.token).toEqual([MESSAGES.tokenInvalid]);

    const inTime = await resetLink(user.email);
    clock.advance(59 * MINUTE);
    const accepted = await post('/api/auth/password/reset', {
      token: inTime,
      email: user.email,
      password: 'just in time 1',
    });
    expect(accepted.statusCode).toBe(200);
  });

  it('an invitation link expires after seven days', async () => {
    const email = `late.colleague.${Date.now()}@clock.test`;
    const invited = await post(
      `/api/auth/${companyId}/users`,
      { name: 'Late Colleague', email, role: 'user' },
      owner,
    );
    expect(invited.statusCode).toBe(201);
    const token = linkIn(await h.inbox.waitFor(email), '/auth/password-create').searchParams.get('token')!;
    clock.advance(7 * 24 * 60 * MINUTE + MINUTE);
    const refused = await post('/api/auth/password/reset', { token, email, password: 'a week too late 1' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.token).toEqual([MESSAGES.tokenInvalid]);
  });
});

describe('sign-in waits run on the app’s clock', () => {
  const login = (email: string, password: string) =>
    call(h.app, null, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: '203.0.113.99',
    });

  it('a wait ends when the clock passes it, not before', async () => {
    const user = await createUser(h);
    for (let i = 0; i <= FREE_FAILURES.pair; i++) {
      expect((await login(user.email, `wrong ${i}`)).statusCode).toBe(401);
    }
    // The first failure past the free ones waits one second; the clock stands still meanwhile.
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(429);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(429);
    clock.advance(2_000);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});
