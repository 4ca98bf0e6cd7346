/** Accounts: one's own profile and password, and the operators' administration of every user. */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.ts';
import {
  call,
  createCompany,
  createUser,
  signIn,
  TEST_PASSWORD,
  type TestUser,
  useHarness,
} from '../../testing/harness.ts';

const h = useHarness();
let companyId: number;
let owner: TestUser;
let admin: TestUser;
let member: TestUser;
let operator: TestUser;

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Team Co' });
  companyId = company.id;
  owner = await createUser(h, { company, role: 'owner' });
  admin = await createUser(h, { company, role: 'admin' });
  member = await createUser(h, { company, role: 'user' });
  operator = await createUser(h, { globalRole: 'super-admin' });
});

describe('profile and password', () => {
  it('updates one’s own name, email (trimmed) and alert preferences', async () => {
    const user = await createUser(h);
    const res = await call(h.app, user, {
      method: 'PUT',
      url: `/api/auth/users/${user.id}`,
      payload: { name: '  Renamed  ', show_warnings: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Profile updated.');
    expect(res.json().data).toMatchObject({ name: 'Renamed', show_warnings: false, show_errors: true });
    const email = await call(h.app, user, {
      method: 'PUT',
      url: `/api/auth/users/${user.id}`,
      payload: { email: ` NEW-${user.email.toUpperCase()} ` },
    });
    expect(email.json().data).toMatchObject({ email: `new-${user.email}`, email_verified_at: null });
  });

  it('refuses someone else’s profile (404), a status change by staff (403), a taken email (422)', async () => {
    expect(
      (
        await call(h.app, member, {
          method: 'PUT',
          url: `/api/auth/users/${admin.id}`,
          payload: { name: 'X' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(h.app, member, { method: 'GET', url: `/api/auth/users/${admin.id}` })).statusCode,
    ).toBe(404);
    const status = await call(h.app, member, {
      method: 'PUT',
      url: `/api/auth/users/${member.id}`,
      payload: { status: 'disabled' },
    });
    expect(status.statusCode).toBe(403);
    const taken = await call(h.app, member, {
      method: 'PUT',
      url: `/api/auth/users/${member.id}`,
      payload: { email: admin.email },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().message).toBe('Failed to updated profile.');
  });

  it('changes one’s password with the current one, ending the other sessions but not this one', async () => {
    const user = await createUser(h);
    const otherSession = await signIn(h.app, user.email, TEST_PASSWORD);
    const wrong = await call(h.app, user, {
      method: 'PUT',
      url: `/api/auth/users/password/${user.id}`,
      payload: { current_password: 'nope', password: 'new password 1' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      message: 'Failed to change password.',
      errors: { current_password: ['The current password is not correct.'] },
    });
    const short = await call(h.app, user, {
      method: 'PUT',
      url: `/api/auth/users/password/${user.id}`,
      payload: { current_password: TEST_PASSWORD, password: 'short' },
    });
    expect(short.json().errors.password).toEqual(['Password must be at least 8 characters.']);
    const ok = await call(h.app, user, {
      method: 'PUT',
      url: `/api/auth/users/password/${user.id}`,
      payload: { current_password: TEST_PASSWORD, password: 'new password 1' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Password changed.');
    expect((await call(h.app, user, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    const other = await h.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${otherSession}` },
    });
    expect(other.statusCode).toBe(401);
    expect(await signIn(h.app, user.email, 'new password 1')).toBeTruthy();
  });

  it('also takes current_password and password in PUT /users/{id}, as the spec’s payload has them', async () => {
    const user = await createUser(h);
    const wrong = await call(h.app, user, {
      method: 'PUT',
      url: `/api/auth/users/${user.id}`,
      payload: { password: 'through profile 1', current_password: 'nope' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toHaveProperty('current_password');
    const ok = await call(h.app, user, {
      method: 'PUT',
      url: `/api/auth/users/${user.id}`,
      payload: { name: 'With Password', password: 'through profile 1', current_password: TEST_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.name).toBe('With Password');
    expect(await signIn(h.app, user.email, 'through profile 1')).toBeTruthy();
  });

  it('refuses to change another user’s password unless an operator', async () => {
    const res = await call(h.app, admin, {
      method: 'PUT',
      url: `/api/auth/users/password/${member.id}`,
      payload: { password: 'hijack password' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('operators and users', () => {
  it('lists every user with their companies, searchable', async () => {
    const res = await call(h.app, operator, {
      method: 'GET',
      url: `/api/auth/users?search=${encodeURIComponent(owner.email)}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(1);
    expect(res.json().data[0].companies).toEqual([expect.objectContaining({ id: companyId, role: 'owner' })]);
    expect((await call(h.app, owner, { method: 'GET', url: '/api/auth/users' })).statusCode).toBe(403);
  });

  it('creates a user in a company with functions, and an operator without company', async () => {
    const res = await call(h.app, operator, {
      method: 'POST',
      url: '/api/auth/users',
      payload: {
        name: 'Ops Made',
        email: 'ops-made@x.test',
        company_id: companyId,
        company_role: 'owner',
        company_functions: ['finance'],
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.user.companies[0]).toMatchObject({
      id: companyId,
      role: 'owner',
      company_functions: ['finance'],
    });
    const support = await call(h.app, operator, {
      method: 'POST',
      url: '/api/auth/users',
      payload: { name: 'Support', email: 'support@x.test', role: 'support-user' },
    });
    expect(support.json().data.user).toMatchObject({ role: 'support-user', companies: [] });
    const noCompany = await call(h.app, operator, {
      method: 'POST',
      url: '/api/auth/users',
      payload: { name: 'X', email: 'x@x.test', company_id: 99_999_999 },
    });
    expect(noCompany.statusCode).toBe(422);
    expect(noCompany.json().errors).toHaveProperty('company_id');
  });

  it('disables a user: their sessions end and they cannot sign in', async () => {
    const user = await createUser(h, { company: { id: companyId } });
    const res = await call(h.app, operator, {
      method: 'PUT',
      url: `/api/auth/users/${user.id}`,
      payload: { status: 'disabled' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('User updated.');
    expect((await call(h.app, user, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const login = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(401);
  });

  it('sets another user’s password without the current one; an invited account becomes active', async () => {
    const invited = await call(h.app, operator, {
      method: 'POST',
      url: '/api/auth/users',
      payload: { name: 'Invitee', email: 'invitee-active@x.test', send_invitation: false },
    });
    const invitedId = invited.json().data.user.id;
    expect(invited.json().data.user.status).toBe('invited');
    await call(h.app, operator, {
      method: 'PUT',
      url: `/api/auth/users/password/${invitedId}`,
      payload: { password: 'given by ops 1' },
    });
    const after = await call(h.app, operator, { method: 'GET', url: `/api/auth/users/${invitedId}` });
    expect(after.json().data.status).toBe('active');
    const user = await createUser(h);
    const res = await call(h.app, operator, {
      method: 'PUT',
      url: `/api/auth/users/password/${user.id}`,
      payload: { password: 'set by support' },
    });
    expect(res.statusCode).toBe(200);
    const live = await h.database.primary.select().from(sessions).where(eq(sessions.user_id, user.id));
    expect(live.every((s) => s.revoked_at !== null)).toBe(true);
    expect(await signIn(h.app, user.email, 'set by support')).toBeTruthy();
  });

  it('gives an operator whose email is not verified no operator powers', async () => {
    const unverified = await createUser(h, { globalRole: 'super-admin' });
    const victim = await createUser(h, { company: { id: companyId }, role: 'user' });
    // Verified when signing in; the address then changes and is not verified yet (the session stays).
    await h.database.primary
      .update(users)
      .set({ email_verified_at: null })
      .where(eq(users.id, unverified.id));
    const as = (method: 'GET' | 'PUT', url: string, payload?: object) =>
      call(h.app, unverified, { method, url, payload });

    expect((await as('GET', `/api/auth/users/${victim.id}`)).statusCode).toBe(404);
    expect((await as('PUT', `/api/auth/users/${victim.id}`, { name: 'Taken Over' })).statusCode).toBe(404);
    const password = await as('PUT', `/api/auth/users/password/${victim.id}`, {
      password: 'hijacked password',
    });
    expect(password.statusCode).toBe(404);
    expect(await signIn(h.app, victim.email, TEST_PASSWORD)).toBeTruthy();
    const [row] = await h.database.primary
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, victim.id));
    expect(row!.name).toBe('Test User');
    // Their own account stays theirs, but an operator's status change is refused.
    expect((await as('GET', `/api/auth/users/${unverified.id}`)).statusCode).toBe(200);
    expect((await as('PUT', `/api/auth/users/${unverified.id}`, { status: 'active' })).statusCode).toBe(403);
    // Nor do they see every company (refused outright, or only their own memberships: none).
    const companies = await as('GET', '/api/companies');
    expect(companies.statusCode === 403 || companies.json().meta.total === 0, companies.body).toBe(true);
    expect([403, 404]).toContain((await as('GET', `/api/companies/${companyId}`)).statusCode);

    // Once verified, the same calls work.
    await h.database.primary
      .update(users)
      .set({ email_verified_at: new Date().toISOString() })
      .where(eq(users.id, unverified.id));
    expect((await as('GET', `/api/auth/users/${victim.id}`)).statusCode).toBe(200);
    expect((await as('GET', `/api/companies/${companyId}`)).statusCode).toBe(200);
  });

  it('deletes a user, but not themself and not a company’s last owner', async () => {
    const user = await createUser(h);
    const res = await call(h.app, operator, { method: 'DELETE', url: `/api/auth/users/${user.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Deleted user.');
    expect(
      (await call(h.app, operator, { method: 'GET', url: `/api/auth/users/${user.id}` })).statusCode,
    ).toBe(404);
    expect(
      (await call(h.app, operator, { method: 'DELETE', url: `/api/auth/users/${operator.id}` })).statusCode,
    ).toBe(409);
    const lone = await createCompany(h.database);
    const loneOwner = await createUser(h, { company: lone, role: 'owner' });
    expect(
      (await call(h.app, operator, { method: 'DELETE', url: `/api/auth/users/${loneOwner.id}` })).statusCode,
    ).toBe(409);
    expect(
      (await call(h.app, owner, { method: 'DELETE', url: `/api/auth/users/${member.id}` })).statusCode,
    ).toBe(403);
  });
});
