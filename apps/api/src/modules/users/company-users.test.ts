/** A company's users as its owners and admins manage them: list, invite, roles, removal. */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companyUsers } from '../../db/schema/index.ts';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';

const h = useHarness();
let companyId: number;
let otherCompanyId: number;
let owner: TestUser;
let admin: TestUser;
let member: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Team Co' });
  const other = await createCompany(h.database, { name: 'Elsewhere Inc' });
  companyId = company.id;
  otherCompanyId = other.id;
  owner = await createUser(h, { company, role: 'owner' });
  admin = await createUser(h, { company, role: 'admin' });
  member = await createUser(h, { company, role: 'user' });
  stranger = await createUser(h, { company: other, role: 'owner' });
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
    // Says what happened: an invitation, saved but not mailed (not "User created.").
    expect(res.json().message).toBe(
      `${stranger.email} is invited. The invitation email was not sent: send it from the user's actions when ready.`,
    );
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
    expect(res.json().message).toBe('Removed from the company.');
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
