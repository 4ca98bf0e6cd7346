import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companyUsers, customers, sessions, users } from '../../db/schema/index.ts';
import {
  call,
  createCompany,
  createUser,
  customerBody,
  signIn,
  TEST_PASSWORD,
  type TestUser,
  useHarness,
} from '../../testing/harness.ts';

const h = useHarness();
let companyId: number;
let otherCompanyId: number;
let owner: TestUser;
let admin: TestUser;
let member: TestUser;
let stranger: TestUser;
let operator: TestUser;

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Team Co' });
  const other = await createCompany(h.database, { name: 'Elsewhere Inc' });
  companyId = company.id;
  otherCompanyId = other.id;
  owner = await createUser(h, { company, role: 'owner' });
  admin = await createUser(h, { company, role: 'admin' });
  member = await createUser(h, { company, role: 'user' });
  stranger = await createUser(h, { company: other, role: 'owner' });
  operator = await createUser(h, { globalRole: 'super-admin' });
});

describe('company users', () => {
  const listUrl = () => `/api/auth/${companyId}/users`;

  it('lists the company’s users with their role there, for admins', async () => {
    const res = await call(h.app, admin, { method: 'GET', url: `${listUrl()}?per_page=100` });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { email: string; company_role: string }[];
    expect(rows.map((r) => [r.email, r.company_role]).sort()).toEqual(
      [
        [owner.email, 'owner'],
        [admin.email, 'admin'],
        [member.email, 'user'],
      ].sort(),
    );
    expect(rows[0]).not.toHaveProperty('password_hash');
  });

  it('is refused to a plain user (403) and hidden from another company (404)', async () => {
    expect((await call(h.app, member, { method: 'GET', url: listUrl() })).statusCode).toBe(403);
    expect((await call(h.app, stranger, { method: 'GET', url: listUrl() })).statusCode).toBe(404);
  });

  it('lets an admin add a user (invited, not delivered without SMTP) but not an owner', async () => {
    const res = await call(h.app, admin, {
      method: 'POST',
      url: listUrl(),
      payload: { name: 'Pat New', email: 'pat@team.test', role: 'user', company_functions: ['warehouse'] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(
      'The invitation was recorded but not delivered: email is not configured.',
    );
    expect(res.json().data.user.companies).toEqual([
      { id: companyId, name: 'Team Co', role: 'user', company_functions: ['warehouse'] },
    ]);
    const asOwner = await call(h.app, admin, {
      method: 'POST',
      url: listUrl(),
      payload: { name: 'Boss', email: 'boss@team.test', role: 'owner' },
    });
    expect(asOwner.statusCode).toBe(403);
    const dup = await call(h.app, admin, {
      method: 'POST',
      url: listUrl(),
      payload: { name: 'Pat', email: 'pat@team.test' },
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.email).toEqual(['This email has already been invited to the company.']);
    const bad = await call(h.app, admin, {
      method: 'POST',
      url: listUrl(),
      payload: { name: '', email: 'x', role: 'god' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'name', 'role']);
  });

  it('invites an existing account of another company by email: it joins only by accepting', async () => {
    const res = await call(h.app, owner, {
      method: 'POST',
      url: listUrl(),
      payload: { name: 'Typed', email: stranger.email, role: 'user', send_invitation: false },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.invitation).toBe('skipped');
    // The answer is the invitation (what was typed), not the account: see invitations.test.ts.
    expect(res.json().data.user.companies.map((c: { id: number }) => c.id)).toEqual([companyId]);
    const kept = await h.database.primary
      .select({ company: companyUsers.company_id })
      .from(companyUsers)
      .where(eq(companyUsers.user_id, stranger.id));
    expect(kept.map((m) => m.company)).toEqual([otherCompanyId]);
  });

  it('assigns and removes roles by email and company id, with the catalogue messages', async () => {
    // Pat is invited, not a member: the role goes with the invitation, sent again (invitations.test.ts).
    const assign = await call(h.app, admin, {
      method: 'PUT',
      url: '/api/auth/users/roles',
      payload: { email: 'pat@team.test', id: companyId, role: 'admin' },
    });
    expect(assign.statusCode).toBe(200);
    expect(assign.json().message).toBe(
      'The invitation was recorded but not delivered: email is not configured.',
    );
    const remove = await call(h.app, admin, {
      method: 'PUT',
      url: '/api/auth/users/roles',
      payload: { email: 'pat@team.test', id: companyId, role: null },
    });
    expect(remove.json().message).toBe('Deleted role from user.');
    const list = await call(h.app, admin, { method: 'GET', url: `${listUrl()}?search=pat%40team` });
    expect(list.json().meta.total).toBe(0);
  });

  it('refuses role changes from a plain user (403), for another company (404), and removing the last owner (409)', async () => {
    const asMember = await call(h.app, member, {
      method: 'PUT',
      url: '/api/auth/users/roles',
      payload: { email: admin.email, id: companyId, role: 'user' },
    });
    expect(asMember.statusCode).toBe(403);
    const foreign = await call(h.app, stranger, {
      method: 'PUT',
      url: '/api/auth/users/roles',
      payload: { email: member.email, id: companyId, role: 'owner' },
    });
    // The stranger was only invited to Team Co above: not a member, so the company is not theirs to see.
    expect(foreign.statusCode).toBe(404);
    const elsewhere = await call(h.app, admin, {
      method: 'PUT',
      url: '/api/auth/users/roles',
      payload: { email: stranger.email, id: otherCompanyId, role: 'user' },
    });
    expect(elsewhere.statusCode).toBe(404);
    const lastOwner = await call(h.app, owner, {
      method: 'PUT',
      url: '/api/auth/users/roles',
      payload: { email: owner.email, id: companyId, role: 'admin' },
    });
    expect(lastOwner.statusCode).toBe(409);
    expect(lastOwner.json().message).toBe('A company needs at least one owner.');
  });

  it('removes a user from the company; the account stays', async () => {
    const extra = await createUser(h, { company: { id: companyId }, role: 'user' });
    const res = await call(h.app, admin, { method: 'DELETE', url: `${listUrl()}/${extra.id}` });
    expect(res.statusCode).toBe(200);
    const memberships = await h.database.primary
      .select()
      .from(companyUsers)
      .where(eq(companyUsers.user_id, extra.id));
    expect(memberships).toHaveLength(0);
    expect((await call(h.app, extra, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    expect((await call(h.app, admin, { method: 'DELETE', url: `${listUrl()}/${extra.id}` })).statusCode).toBe(
      404,
    );
  });
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

describe('company administration', () => {
  it('lets an operator create, update and delete a company (with everything in it)', async () => {
    const created = await call(h.app, operator, {
      method: 'POST',
      url: '/api/companies',
      payload: { name: '  Fresh Rentals ', currency: 'CAD' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      message: 'Company created.',
      data: { name: 'Fresh Rentals', currency: 'CAD' },
    });
    const id = created.json().data.id;
    const updated = await call(h.app, operator, {
      method: 'PUT',
      url: `/api/companies/${id}`,
      payload: { shop_system: 'shopify' },
    });
    expect(updated.json().data).toMatchObject({ shop_system: 'shopify', name: 'Fresh Rentals' });
    await call(h.app, operator, {
      method: 'POST',
      url: `/api/${id}/rentloopdb/customers`,
      payload: customerBody(),
    });
    const deleted = await call(h.app, operator, { method: 'DELETE', url: `/api/companies/${id}` });
    expect(deleted.json().message).toBe('Company deleted.');
    expect(
      await h.database.primary.select().from(customers).where(eq(customers.company_id, id)),
    ).toHaveLength(0);
    expect((await call(h.app, operator, { method: 'GET', url: `/api/companies/${id}` })).statusCode).toBe(
      404,
    );
  });

  it('keeps the fields an update does not send', async () => {
    const created = await call(h.app, operator, {
      method: 'POST',
      url: '/api/companies',
      payload: { name: 'Partial Co', currency: 'CAD', shop_system: 'woocommerce', payment_system: 'stripe' },
    });
    const id = created.json().data.id;
    const res = await call(h.app, operator, {
      method: 'PUT',
      url: `/api/companies/${id}`,
      payload: { name: 'Partial Co 2' },
    });
    expect(res.json().data).toMatchObject({
      name: 'Partial Co 2',
      currency: 'CAD',
      shop_system: 'woocommerce',
      payment_system: 'stripe',
    });
  });

  it('lets an owner rename their company, but not an admin (403) or a stranger (404)', async () => {
    const res = await call(h.app, owner, {
      method: 'PUT',
      url: `/api/companies/${companyId}`,
      payload: { name: 'Team Co' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Company updated.');
    expect(
      (
        await call(h.app, admin, {
          method: 'PUT',
          url: `/api/companies/${companyId}`,
          payload: { name: 'X' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(h.app, stranger, {
          method: 'PUT',
          url: `/api/companies/${otherCompanyId + 1000}`,
          payload: { name: 'X' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(h.app, owner, { method: 'POST', url: '/api/companies', payload: { name: 'Mine' } }))
        .statusCode,
    ).toBe(403);
    const bad = await call(h.app, operator, {
      method: 'POST',
      url: '/api/companies',
      payload: { name: '', currency: 'XXX' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['currency', 'name']);
  });

  it('gives the chosen settings groups, and 422 for an unknown group', async () => {
    const res = await call(h.app, member, {
      method: 'GET',
      url: `/api/companies/${companyId}/settings/selective?groups=general,invoice`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ general: {}, invoice: {} });
    const bad = await call(h.app, member, {
      method: 'GET',
      url: `/api/companies/${companyId}/settings/selective?groups=nope`,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('Could not fetch settings.');
  });
});
