import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { redactQuery } from '../../app.ts';
import { emailEntries, platformSettings, signInThrottles, users } from '../../db/schema/index.ts';
import {
  call,
  createCompany,
  createUser,
  signIn,
  TEST_APP_URL,
  TEST_PASSWORD,
  type TestUser,
  useHarness,
} from '../../testing/harness.ts';
import { linkIn } from '../../testing/mail.ts';
import { FREE_FAILURES, MAX_WAIT_SECONDS } from './throttle.ts';

const h = useHarness({ mail: true });
let companyId: number;
let owner: TestUser;

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Invite Co' });
  companyId = company.id;
  owner = await createUser(h, { company, role: 'owner' });
});

const post = (url: string, payload?: object, user: TestUser | null = null) =>
  call(h.app, user, { method: 'POST', url, payload });

describe('password reset by email', () => {
  it('emails a single-use link that sets a new password and ends every session', async () => {
    const user = await createUser(h);
    const asked = await post('/api/auth/password/reset-request', {
      email: user.email,
      url: 'https://evil.example/x',
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toMatch(/If an account exists/);

    const mail = await h.inbox.waitFor(user.email, { subject: /Reset your Rentloop password/ });
    const link = linkIn(mail, '/auth/password-reset');
    // The link goes to the configured app address, never to the `url` sent in the request.
    expect(link.origin).toBe(TEST_APP_URL);
    const token = link.searchParams.get('token')!;
    expect(link.searchParams.get('email')).toBe(user.email);

    // The outbox keeps the mail, with the token hidden, and marks it sent.
    await expect
      .poll(
        async () =>
          (await h.database.primary.select().from(emailEntries).where(eq(emailEntries.to, user.email)))[0]
            ?.status,
      )
      .toBe('sent');
    const [entry] = await h.database.primary
      .select()
      .from(emailEntries)
      .where(eq(emailEntries.to, user.email));
    expect(entry!.body_html).not.toContain(token);
    expect(entry!.body_html).toContain('[hidden]');

    const reset = await post('/api/auth/password/reset', {
      token,
      email: user.email,
      password: 'a brand new secret',
    });
    expect(reset.statusCode).toBe(200);
    expect((await call(h.app, user, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect(await signIn(h.app, user.email, 'a brand new secret')).toBeTruthy();

    const again = await post('/api/auth/password/reset', {
      token,
      email: user.email,
      password: 'another secret!',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.token).toEqual(['This link is invalid or has expired.']);
  });

  it('takes the token, email and password from the query as the spec names them', async () => {
    const user = await createUser(h);
    await post('/api/auth/password/reset-request', { email: user.email });
    const link = linkIn(await h.inbox.waitFor(user.email), '/auth/password-reset');
    const q = new URLSearchParams({
      token: link.searchParams.get('token')!,
      email: user.email,
      password: 'query password 1',
    });
    const res = await post(`/api/auth/password/reset?${q}`);
    expect(res.statusCode).toBe(200);
    expect(await signIn(h.app, user.email, 'query password 1')).toBeTruthy();
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const before = h.inbox.messages.length;
    const res = await post('/api/auth/password/reset-request', { email: 'nobody-here@example.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/If an account exists/);
    const rows = await h.database.primary
      .select()
      .from(emailEntries)
      .where(eq(emailEntries.to, 'nobody-here@example.test'));
    expect(rows).toHaveLength(0);
    expect(h.inbox.messages.length).toBe(before);
  });

  it('refuses a token for another email, a made-up token and a short password, naming the field', async () => {
    const user = await createUser(h);
    await post('/api/auth/password/reset-request', { email: user.email });
    const token = linkIn(await h.inbox.waitFor(user.email), '/auth/password-reset').searchParams.get(
      'token',
    )!;
    const wrongEmail = await post('/api/auth/password/reset', {
      token,
      email: owner.email,
      password: 'long enough 123',
    });
    expect(wrongEmail.statusCode).toBe(422);
    const madeUp = await post('/api/auth/password/reset', {
      token: 'x'.repeat(43),
      email: user.email,
      password: 'long enough 123',
    });
    expect(madeUp.statusCode).toBe(422);
    const short = await post('/api/auth/password/reset', { token, email: user.email, password: 'short' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toEqual(['Password must be at least 8 characters.']);
    // The token was not used up by the failed attempts (a failed attempt rolls back).
    const ok = await post('/api/auth/password/reset', {
      token,
      email: user.email,
      password: 'long enough 123',
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('email verification', () => {
  it('keeps an unverified user out of company data until the emailed link is used', async () => {
    const company = await createCompany(h.database);
    const user = await createUser(h, { company, role: 'user' });
    await h.database.primary.update(users).set({ email_verified_at: null }).where(eq(users.id, user.id));
    const blocked = await call(h.app, user, {
      method: 'GET',
      url: `/read-replica/${company.id}/rentloopdb/customers`,
    });
    expect(blocked.statusCode).toBe(403);
    expect(
      (await call(h.app, user, { method: 'GET', url: '/api/auth/me' })).json().data.email_verified_at,
    ).toBeNull();

    const sent = await post('/api/auth/email/request-verification', {}, user);
    expect(sent.statusCode).toBe(200);
    const link = linkIn(
      await h.inbox.waitFor(user.email, { subject: /Confirm your email/ }),
      '/auth/verify/',
    );
    const token = link.pathname.split('/').at(-1)!;
    const verified = await post(`/api/auth/email/verify?token=${token}`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().message).toBe('Email verified.');
    const open = await call(h.app, user, {
      method: 'GET',
      url: `/read-replica/${company.id}/rentloopdb/customers`,
    });
    expect(open.statusCode).toBe(200);
    expect((await post('/api/auth/email/request-verification', {}, user)).statusCode).toBe(409);
  });

  it('refuses a verification token that does not exist', async () => {
    const res = await post('/api/auth/email/verify', { token: 'nope' });
    expect(res.statusCode).toBe(422);
  });
});

describe('registration', () => {
  it('is refused while the platform setting is off (the default)', async () => {
    const res = await post('/api/auth/register', {
      name: 'New',
      email: 'new@example.test',
      password: 'registered passphrase 1',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Registration is disabled.');
  });

  it('creates an unverified account and sends the verification when allowed', async () => {
    await h.database.primary.insert(platformSettings).values({ key: 'registration_allowed', value: true });
    try {
      const res = await post('/api/auth/register', {
        name: ' Reg User ',
        email: ' Reg@Example.test ',
        password: 'registered passphrase 1',
      });
      expect(res.statusCode).toBe(201);
      const [user] = await h.database.primary.select().from(users).where(eq(users.email, 'reg@example.test'));
      expect(user).toMatchObject({ name: 'Reg User', email_verified_at: null });
      await h.inbox.waitFor('reg@example.test', { subject: /Confirm your email/ });
      const dup = await post('/api/auth/register', {
        name: 'X',
        email: 'reg@example.test',
        password: 'registered passphrase 1',
      });
      expect(dup.statusCode).toBe(422);
      expect(dup.json().errors).toHaveProperty('email');
    } finally {
      await h.database.primary
        .delete(platformSettings)
        .where(eq(platformSettings.key, 'registration_allowed'));
    }
  });
});

describe('invitation', () => {
  it('lets an owner invite a colleague who sets a password, signs in and sees only this company', async () => {
    const created = await call(h.app, owner, {
      method: 'POST',
      url: `/api/auth/${companyId}/users`,
      payload: {
        name: 'Colleague',
        email: 'colleague@example.test',
        role: 'admin',
        company_functions: ['billing'],
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      invitation: 'sent',
      user: { status: 'invited', email: 'colleague@example.test' },
    });

    const mail = await h.inbox.waitFor('colleague@example.test', { subject: /invited to Invite Co/ });
    const link = linkIn(mail, '/auth/password-create');
    const reset = await post('/api/auth/password/reset', {
      token: link.searchParams.get('token'),
      email: 'colleague@example.test',
      password: 'colleague password',
    });
    expect(reset.statusCode).toBe(200);

    const token = await signIn(h.app, 'colleague@example.test', 'colleague password');
    const me = await h.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().data).toMatchObject({ status: 'active' });
    expect(me.json().data.email_verified_at).not.toBeNull();
    expect(me.json().data.companies.map((c: { id: number; role: string }) => [c.id, c.role])).toEqual([
      [companyId, 'admin'],
    ]);
  });

  it('shows the sent invitation in the company’s Email History, link hidden', async () => {
    const res = await call(h.app, owner, {
      method: 'GET',
      url: `/api/${companyId}/rentloopdb/email-entries`,
    });
    expect(res.statusCode).toBe(200);
    const invite = res.json().data.find((e: { kind: string }) => e.kind === 'invitation');
    expect(invite).toMatchObject({ to: 'colleague@example.test', status: 'sent', company_id: companyId });
    expect(invite.body_html).toContain('[hidden]');
    expect(invite.body_html).not.toMatch(/token=[A-Za-z0-9_-]{20,}/);
  });
});

describe('secrets stay out of logs', () => {
  it('redacts tokens and passwords in logged URLs', () => {
    expect(redactQuery('/api/auth/password/reset?token=abc&email=a%40b.c&password=secret')).toBe(
      '/api/auth/password/reset?token=[redacted]&email=a%40b.c&password=[redacted]',
    );
  });
});

describe('signing in', () => {
  const login = (email: string, password: string, remoteAddress: string) =>
    h.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });
  /**
   * As if every running wait had run out, so a guesser can fail again. A second in the past, not the
   * database's now(): the throttle compares with the app's clock (milliseconds), and a request within
   * the same millisecond as this update would still see a wait of one second.
   */
  const letWaitsRunOut = () =>
    h.database.primary.update(signInThrottles).set({ blocked_until: sql`now() - interval '1 second'` });

  it('slows the guessing source with growing waits, lets the owner in from elsewhere, and a reset clears it', async () => {
    const user = await createUser(h);
    const guesser = '203.0.113.7';
    for (let i = 0; i < FREE_FAILURES.pair; i++) {
      expect((await login(user.email, `wrong ${i}`, guesser)).statusCode).toBe(401);
    }
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      expect((await login(user.email, `wrong again ${i}`, guesser)).statusCode).toBe(401);
      // During the wait even the right password is refused to this source, every variant of the address.
      const blocked = await login(` ${user.email.toUpperCase()} `, TEST_PASSWORD, guesser);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toBe('Too many sign-in attempts. Please try again later.');
      waits.push(Number(blocked.headers['retry-after']));
      if (i < 4) await letWaitsRunOut();
    }
    // Each failure past the free ones doubles the wait: 1, 2, 4, 8, 16 seconds.
    expect(waits[0]).toBeGreaterThan(0);
    expect(waits).toEqual([...waits].sort((a, b) => a - b));
    expect(waits.at(-1)).toBeGreaterThanOrEqual(8);
    expect(waits.at(-1)).toBeLessThanOrEqual(MAX_WAIT_SECONDS);

    // A source that has not been guessing gets in with the right password, and so does another account.
    expect((await login(user.email, TEST_PASSWORD, '198.51.100.20')).statusCode).toBe(200);
    expect((await login(owner.email, TEST_PASSWORD, guesser)).statusCode).toBe(200);
    expect((await login(user.email, TEST_PASSWORD, guesser)).statusCode).toBe(429);

    // The owner's reset through the mailed link clears the account: the new password works from anywhere.
    await post('/api/auth/password/reset-request', { email: user.email });
    const link = linkIn(await h.inbox.waitFor(user.email), '/auth/password-reset');
    const reset = await post('/api/auth/password/reset', {
      token: link.searchParams.get('token'),
      email: user.email,
      password: 'after the siege 1',
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(user.email, 'after the siege 1', guesser)).statusCode).toBe(200);
  });

  it('slows a botnet spread over many sources only where a source keeps failing on the account', async () => {
    const user = await createUser(h);
    const bots = Array.from({ length: 15 }, (_, i) => `192.0.2.${i + 1}`);
    for (const bot of bots) expect((await login(user.email, `guess ${bot}`, bot)).statusCode).toBe(401);
    // A bot's second failure puts it under the account's wait (16 failures in all: 32 s).
    expect((await login(user.email, 'guess again', bots[0]!)).statusCode).toBe(401);
    const blocked = await login(user.email, TEST_PASSWORD, bots[0]!);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(8);
    // One failure is a typo, not guessing; a clean source and the owner's own are untouched.
    expect((await login(user.email, TEST_PASSWORD, bots[1]!)).statusCode).toBe(200);
    expect((await login(user.email, TEST_PASSWORD, '198.51.100.21')).statusCode).toBe(200);
  });

  it('slows one source spraying guesses over many accounts, not the accounts themselves', async () => {
    const user = await createUser(h);
    const sprayer = '203.0.113.99';
    for (let i = 0; i < FREE_FAILURES.source + 4; i++) {
      expect((await login(`sprayed-${i}@example.test`, 'Summer2026!', sprayer)).statusCode).toBe(401);
      if (i < FREE_FAILURES.source + 3) await letWaitsRunOut();
    }
    const blocked = await login(user.email, TEST_PASSWORD, sprayer);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(4);
    expect((await login(user.email, TEST_PASSWORD, '198.51.100.22')).statusCode).toBe(200);
  });

  it('forgets a source’s typos once it signs in, and counts an IPv6 network as one source', async () => {
    const user = await createUser(h);
    const home = '2001:db8:1:2::10';
    for (let i = 0; i < FREE_FAILURES.pair - 1; i++) {
      expect((await login(user.email, `typo ${i}`, home)).statusCode).toBe(401);
    }
    expect((await login(user.email, TEST_PASSWORD, home)).statusCode).toBe(200);
    const rows = await h.database.primary
      .select()
      .from(signInThrottles)
      .where(eq(signInThrottles.email, user.email));
    expect(rows.map((r) => r.source)).toEqual(['']);

    // Another address of the same /64 is the same source: its failures add up (the last wait is 4 s).
    for (let i = 0; i < FREE_FAILURES.pair + 3; i++) {
      const address = `2001:db8:1:2:${i + 1}::1`;
      expect((await login(user.email, `rotating ${i}`, address)).statusCode).toBe(401);
      if (i < FREE_FAILURES.pair + 2) await letWaitsRunOut();
    }
    expect((await login(user.email, TEST_PASSWORD, '2001:db8:1:2:ffff::1')).statusCode).toBe(429);
  });
});
