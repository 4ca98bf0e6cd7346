import { MESSAGES } from '@rentloop/domain/messages';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { platformSettings, users } from '../../db/schema/index.ts';
import { bootstrap } from '../../seed/bootstrap.ts';
import { testPlatformCtx } from '../../testing/ctx.ts';
import { call, createUser, TEST_PASSWORD, type TestUser, useHarness } from '../../testing/harness.ts';
import { commonVariants, passwordProblem } from './password-policy.ts';
import { issueUserToken } from './tokens.ts';

const h = useHarness();
const jane = { email: 'jane.doe@example.test', name: 'Jane Doe' };

describe('passwordProblem (the rules)', () => {
  it('refuses what the probe found accepted, each with its reason', async () => {
    expect(await passwordProblem('password', jane)).toBe(MESSAGES.passwordCommon);
    expect(await passwordProblem('12345678', jane)).toBe(MESSAGES.passwordCommon);
    expect(await passwordProblem('        ', jane)).toBe(MESSAGES.passwordRepetitive);
    expect(await passwordProblem('jane.doe@example.test', jane)).toBe(MESSAGES.passwordPersonal);
    expect(await passwordProblem('pass\u0000word-long', jane)).toBe(MESSAGES.passwordControlCharacter);
    expect(await passwordProblem('short', jane)).toBe('Password must be at least 8 characters.');
  });

  it('looks the list up whatever the case, and refuses passwords made of the email or name', async () => {
    expect(await passwordProblem('PassWord1', jane)).toBe(MESSAGES.passwordCommon);
    expect(await passwordProblem('iloveyou ', jane)).toBe(MESSAGES.passwordCommon);
    expect(await passwordProblem('JaneDoe2026', jane)).toBe(MESSAGES.passwordPersonal);
    expect(await passwordProblem('doe.123456', jane)).toBe(MESSAGES.passwordPersonal);
    expect(await passwordProblem('x jane.doe@example.test x', jane)).toBe(MESSAGES.passwordPersonal);
    expect(await passwordProblem('tab\there-long', jane)).toBe(MESSAGES.passwordControlCharacter);
  });

  it('refuses the common variants of a listed password: case, look-alike letters, digits and symbols at the ends (issue 25 item 8)', async () => {
    for (const password of [
      'Passw0rd!',
      'P@ssw0rd123',
      'password 123',
      'Dragon2024!',
      '@dmin123',
      'M0nkey!!',
      '2024Sunshine',
      'Summer2024!',
    ]) {
      expect(await passwordProblem(password, jane), password).toBe(MESSAGES.passwordCommon);
    }
    expect(commonVariants('Passw0rd!')).toContain('password');
  });

  it('has no composition rules: long passphrases and the passwords the tests and the seed use pass', async () => {
    for (const password of [
      TEST_PASSWORD,
      'e2e-admin-password',
      'bench-admin-password',
      'colleague-password',
      'set-by-an-operator',
      'a long enough password',
      'pw-x-1234-abcd',
      'jane’s garden is green',
      'mot de passe très long',
    ]) {
      expect(await passwordProblem(password, jane), password).toBeNull();
    }
    expect(
      await passwordProblem('e2e-admin-password', { email: 'admin@rentloop.test', name: 'Rentloop Admin' }),
    ).toBeNull();
  });
});

describe('every path that sets a password applies them (422 on password, saying why)', () => {
  let user: TestUser;
  let operator: TestUser;
  beforeAll(async () => {
    user = await createUser(h);
    operator = await createUser(h, { globalRole: 'support-user' });
  });
  const refusal = (res: { statusCode: number; json: () => { errors?: Record<string, string[]> } }) => [
    res.statusCode,
    res.json().errors?.password,
  ];

  it('reset and invitation links', async () => {
    for (const kind of ['password_reset', 'invitation'] as const) {
      const token = await issueUserToken(testPlatformCtx(h.database.primary), user.id, kind);
      const post = (password: string) =>
        call(h.app, null, {
          method: 'POST',
          url: '/api/auth/password/reset',
          payload: { token, email: user.email, password },
        });
      expect(refusal(await post('password'))).toEqual([422, [MESSAGES.passwordCommon]]);
      expect(refusal(await post('Passw0rd!'))).toEqual([422, [MESSAGES.passwordCommon]]);
      expect(refusal(await post(user.email))).toEqual([422, [MESSAGES.passwordPersonal]]);
      expect(refusal(await post('nul\u0000password'))).toEqual([422, [MESSAGES.passwordControlCharacter]]);
      expect(refusal(await post('        '))).toEqual([422, [MESSAGES.passwordRepetitive]]);
      // The refusals rolled back: the link still sets a good password.
      expect((await post(`${kind} passphrase 1`)).statusCode).toBe(200);
    }
  });

  it('one’s own password change, through both routes', async () => {
    const own = await createUser(h);
    const change = await call(h.app, own, {
      method: 'PUT',
      url: `/api/auth/users/password/${own.id}`,
      payload: { current_password: TEST_PASSWORD, password: 'qwertyuiop' },
    });
    expect(refusal(change)).toEqual([422, [MESSAGES.passwordCommon]]);
    const profile = await call(h.app, own, {
      method: 'PUT',
      url: `/api/auth/users/${own.id}`,
      payload: { current_password: TEST_PASSWORD, password: own.email },
    });
    expect(refusal(profile)).toEqual([422, [MESSAGES.passwordPersonal]]);
  });

  it('an operator setting another user’s password', async () => {
    const target = await createUser(h);
    const res = await call(h.app, operator, {
      method: 'PUT',
      url: `/api/auth/users/password/${target.id}`,
      payload: { password: 'trustno1' },
    });
    expect(refusal(res)).toEqual([422, [MESSAGES.passwordCommon]]);
  });

  it('registration', async () => {
    await h.database.primary.insert(platformSettings).values({ key: 'registration_allowed', value: true });
    try {
      const res = await call(h.app, null, {
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Sam Weak', email: 'sam.weak@example.test', password: 'football' },
      });
      expect(refusal(res)).toEqual([422, [MESSAGES.passwordCommon]]);
      const [row] = await h.database.primary
        .select()
        .from(users)
        .where(eq(users.email, 'sam.weak@example.test'));
      expect(row).toBeUndefined();
    } finally {
      await h.database.primary
        .delete(platformSettings)
        .where(eq(platformSettings.key, 'registration_allowed'));
    }
  });

  it('the first operator’s ADMIN_PASSWORD at the first start', async () => {
    // No super-admin exists in this database yet, so this is a first start.
    await expect(
      bootstrap(h.database, null, {
        adminEmail: 'ops@example.test',
        adminPassword: 'password1',
        seedDemo: false,
      }),
    ).rejects.toThrow(`ADMIN_PASSWORD is refused: ${MESSAGES.passwordCommon}`);
    const [row] = await h.database.primary.select().from(users).where(eq(users.email, 'ops@example.test'));
    expect(row).toBeUndefined();
  });
});
