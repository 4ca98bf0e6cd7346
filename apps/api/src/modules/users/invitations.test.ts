/**
 * Adding someone to a company by email is an invitation the person accepts (security probe, issue 10,
 * finding 3). A company admin must not learn whether an email has an account, and must see nothing of a
 * person (name, status, dates, other companies) before that person accepts through the mailed link.
 */
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import { companyUsers, users } from '../../db/schema/index.ts';
import {
  call,
  createCompany,
  createUser,
  signIn,
  TEST_PASSWORD,
  type TestUser,
  useHarness,
} from '../../testing/harness.ts';
import { linkIn } from '../../testing/mail.ts';
import { hashPassword } from '../auth/passwords.ts';

const h = useHarness({ mail: true });
let companyId: number;
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;
let passwordHash: string;

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Team Co' });
  const other = await createCompany(h.database, { name: 'Elsewhere Inc' });
  companyId = company.id;
  owner = await createUser(h, { company, role: 'owner' });
  member = await createUser(h, { company, role: 'user' });
  outsider = await createUser(h, { company: other, role: 'owner' });
  await h.database.primary.update(users).set({ name: 'Olga Outsider' }).where(eq(users.id, outsider.id));
  passwordHash = await hashPassword(TEST_PASSWORD);
});

let n = 0;
/** An existing account of another company, with a name the inviting company must not see. */
async function existingAccount() {
  const email = `known.${++n}.${Date.now().toString(36)}@example.test`;
  const [row] = await h.database.primary
    .insert(users)
    .values({
      name: `Secret Name ${n}`,
      email,
      password_hash: passwordHash,
      email_verified_at: '2020-01-02T03:04:05.000Z',
    })
    .returning({ id: users.id, created_at: users.created_at });
  return { email, id: row!.id, created_at: row!.created_at };
}
const unknownEmail = () => `unknown.${++n}.${Date.now().toString(36)}@example.test`;

const assign = (as: TestUser, email: string, role: string | null, company = companyId) =>
  call(h.app, as, { method: 'PUT', url: '/api/auth/users/roles', payload: { email, id: company, role } });

interface Row {
  id: number;
  name: string;
  email: string;
  status: string;
  created_at: string;
  updated_at: string;
  company_role: string;
}
async function listed(): Promise<Row[]> {
  const res = await call(h.app, owner, { method: 'GET', url: `/api/auth/${companyId}/users?per_page=100` });
  expect(res.statusCode).toBe(200);
  return res.json().data as Row[];
}
const rowOf = async (email: string) => (await listed()).find((r) => r.email === email);

async function companiesOf(user: TestUser): Promise<number[]> {
  const res = await call(h.app, user, { method: 'GET', url: '/api/auth/me' });
  return (res.json().data.companies as { id: number }[]).map((c) => c.id);
}
const companyRoute = (user: TestUser) =>
  call(h.app, user, { method: 'GET', url: `/api/${companyId}/insights/customers` });
const accept = (token: string | null, as: TestUser | null = null) =>
  call(h.app, as, { method: 'POST', url: '/api/auth/invitations/accept', payload: { token } });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('PUT /users/roles for someone who is not a member', () => {
  it('answers the same for an existing account and an unknown email: status, body, time', async () => {
    const answers: { known: string[]; unknown: string[] } = { known: [], unknown: [] };
    const times: { known: number[]; unknown: number[] } = { known: [], unknown: [] };
    const requests: { known: string[]; unknown: string[] } = { known: [], unknown: [] };
    const emails: { known: string[]; unknown: string[] } = { known: [], unknown: [] };
    const knownIds: number[] = [];
    for (let i = 0; i < 5; i++) {
      for (const kind of ['known', 'unknown'] as const) {
        const email = kind === 'known' ? (await existingAccount()).email : unknownEmail();
        if (kind === 'known') {
          const [u] = await h.database.primary.select().from(users).where(eq(users.email, email));
          knownIds.push(u!.id);
        }
        const started = performance.now();
        const res = await assign(owner, email, 'user');
        times[kind].push(performance.now() - started);
        answers[kind].push(`${res.statusCode} ${res.body}`);
        requests[kind].push(String(res.headers['x-request-id']));
        emails[kind].push(email);
      }
    }
    expect(new Set([...answers.known, ...answers.unknown])).toEqual(
      new Set([
        `200 ${JSON.stringify({ status: true, message: 'Invitation email sent.', data: { invitation: 'sent' } })}`,
      ]),
    );
    // The same work either way: within an order of magnitude (it was a lookup against an insert).
    const ratio = median(times.known) / median(times.unknown);
    expect(ratio, `known ${median(times.known)} ms, unknown ${median(times.unknown)} ms`).toBeLessThan(10);
    expect(ratio).toBeGreaterThan(0.1);

    // The company's list shows each as the same pending row: only what the admin typed.
    const rows = await listed();
    const shape = (email: string) => {
      const row = rows.find((r) => r.email === email);
      expect(row, email).toBeDefined();
      const { id, email: _e, name, created_at, updated_at, ...rest } = row!;
      expect(name).toBe(email);
      expect(created_at).toBe(updated_at);
      expect(knownIds).not.toContain(id);
      return rest;
    };
    const shapes = [...emails.known, ...emails.unknown].map(shape);
    expect(new Set(shapes.map((s) => JSON.stringify(s))).size).toBe(1);
    expect(shapes[0]).toMatchObject({ status: 'invited', role: null, email_verified_at: null });

    // Its Email History: the same mail, link hidden.
    const history = await call(h.app, owner, {
      method: 'GET',
      url: `/api/${companyId}/rentloopdb/email-entries?per_page=100`,
    });
    const mails = history.json().data as { to: string; subject: string; body_html: string; kind: string }[];
    const mailOf = (email: string) => {
      const mail = mails.find((m) => m.to === email);
      expect(mail, email).toBeDefined();
      return `${mail!.kind} ${mail!.subject} ${mail!.body_html.replaceAll(email, 'EMAIL')}`;
    };
    expect(new Set([...emails.known, ...emails.unknown].map(mailOf)).size).toBe(1);

    // Its audit trail: the same entries, holding the same kind of values.
    const trail = await call(h.app, owner, {
      method: 'GET',
      url: `/api/${companyId}/utils/history-logs?per_page=100`,
    });
    const logs = trail.json().data as {
      request_id: string;
      entity_type: string;
      action: string;
      after: Record<string, unknown> | null;
    }[];
    const entriesOf = (requestId: string) =>
      logs
        .filter((l) => l.request_id === requestId)
        .map(
          (l) =>
            `${l.entity_type} ${l.action} ${Object.keys(l.after ?? {})
              .sort()
              .join(',')}`,
        )
        .sort()
        .join('; ');
    const trails = new Set([...requests.known, ...requests.unknown].map(entriesOf));
    expect(trails.size).toBe(1);
    expect([...trails][0]).toContain('company_invitations created');
    for (const id of knownIds) expect(trail.body).not.toMatch(new RegExp(`"user_id":${id}[,}]`));
  });

  it('removing (role null) an email that is not a member answers as removing a member, and changes nothing', async () => {
    const known = await existingAccount();
    const answers = [];
    for (const email of [known.email, unknownEmail()]) {
      const res = await assign(owner, email, null);
      answers.push(`${res.statusCode} ${res.body}`);
    }
    expect(new Set(answers)).toEqual(
      new Set([`200 ${JSON.stringify({ status: true, message: 'Deleted role from user.', data: null })}`]),
    );
    const memberships = await h.database.primary
      .select()
      .from(companyUsers)
      .where(eq(companyUsers.user_id, known.id));
    expect(memberships).toEqual([]);
  });
});

describe('an existing account added to a company', () => {
  it('shows nothing of the person and gives no access until the mailed link is opened', async () => {
    const before = await h.database.primary.select().from(users).where(eq(users.id, outsider.id));
    const res = await assign(owner, outsider.email, 'admin');
    expect(res.statusCode).toBe(200);

    // The list: the email typed and the invitation, nothing of the account.
    const pending = await rowOf(outsider.email);
    expect(pending).toMatchObject({ name: outsider.email, status: 'invited', company_role: 'admin' });
    expect(pending!.id).not.toBe(outsider.id);
    expect(pending!.created_at).not.toBe(before[0]!.created_at);
    const list = await call(h.app, owner, {
      method: 'GET',
      url: `/api/auth/${companyId}/users?per_page=100`,
    });
    expect(list.body).not.toContain('Olga Outsider');
    const search = await call(h.app, owner, {
      method: 'GET',
      url: `/api/auth/${companyId}/users?search=olga`,
    });
    expect(search.json().meta.total).toBe(0);

    // The person: no company in the switcher, no access to the company.
    expect(await companiesOf(outsider)).not.toContain(companyId);
    expect((await companyRoute(outsider)).statusCode).toBe(404);
    // Changing the role of a pending invitation (or asking again) is not a way in either.
    expect((await assign(owner, outsider.email, 'user')).json().message).toBe('Invitation email sent.');
    expect((await companyRoute(outsider)).statusCode).toBe(404);

    // Two mails: asking again voided the first link.
    const toOutsider = () => h.inbox.messages.filter((m) => JSON.stringify(m.to).includes(outsider.email));
    await expect.poll(() => toOutsider().length, { timeout: 15_000 }).toBe(2);
    const [first, latest] = toOutsider() as [ParsedMail, ParsedMail];
    const mail = latest;
    expect(mail.subject).toBe('You are invited to Team Co on Rentloop');
    expect(mail.html).not.toContain('Olga');
    const stale = linkIn(first, '/auth/accept-invitation').searchParams.get('token');
    const token = linkIn(latest, '/auth/accept-invitation').searchParams.get('token');
    expect((await accept(stale)).statusCode).toBe(422);

    // Opened while signed in as someone else: the token proves the mailbox, so it is the invitee who joins.
    const accepted = await accept(token, member);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      message: 'You joined Team Co.',
      data: { company: { id: companyId, name: 'Team Co' } },
    });
    expect(await companiesOf(outsider)).toContain(companyId);
    expect((await companyRoute(outsider)).statusCode).toBe(200);
    const joined = await rowOf(outsider.email);
    expect(joined).toMatchObject({
      id: outsider.id,
      name: 'Olga Outsider',
      status: 'active',
      company_role: 'user',
    });

    // A used link is refused, with the message the web page shows.
    const again = await accept(token);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('This link is invalid or has expired.');
  });

  it('through POST /{company}/users too: the answer holds what the admin typed, not the account', async () => {
    const known = await existingAccount();
    const res = await call(h.app, owner, {
      method: 'POST',
      url: `/api/auth/${companyId}/users`,
      payload: { name: 'Typed Name', email: known.email, role: 'user', company_functions: ['billing'] },
    });
    expect(res.statusCode).toBe(201);
    const { user, invitation } = res.json().data;
    // Handed to the SMTP server while the admin waited (http/mail-now.ts).
    expect(invitation).toBe('sent');
    expect(res.json().message).toBe(`Invitation sent to ${known.email}.`);
    expect(user).toMatchObject({ name: 'Typed Name', email: known.email, status: 'invited', role: null });
    expect(user.id).not.toBe(known.id);
    expect(user.email_verified_at).toBeNull();
    expect(res.body).not.toContain('Secret Name');
    expect(await rowOf(known.email)).toMatchObject({ name: 'Typed Name', company_functions: ['billing'] });

    // Asked twice: the same answer as for any address already invited.
    const twice = await call(h.app, owner, {
      method: 'POST',
      url: `/api/auth/${companyId}/users`,
      payload: { name: 'Typed Name', email: known.email },
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.email).toEqual(['This email has already been invited to the company.']);
    // A member's address: the company's own list shows it already.
    const again = await call(h.app, owner, {
      method: 'POST',
      url: `/api/auth/${companyId}/users`,
      payload: { name: 'Again', email: member.email },
    });
    expect(again.json().errors.email).toEqual(['This user already belongs to the company.']);

    // The pending row is sent again by its id, and removed by its id.
    const resend = await call(h.app, owner, {
      method: 'POST',
      url: `/api/auth/${companyId}/users/${user.id}/send-invitation-email`,
    });
    expect(resend.json()).toMatchObject({ data: { status: 'sent' }, message: 'Invitation email sent.' });
    const removed = await call(h.app, owner, {
      method: 'DELETE',
      url: `/api/auth/${companyId}/users/${user.id}`,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('Invitation withdrawn.');
    expect(await rowOf(known.email)).toBeUndefined();
  });
});

describe('an unknown email added to a company', () => {
  it('gets an invited account; setting the password from the mail joins the company', async () => {
    const email = unknownEmail();
    expect((await assign(owner, email, 'user')).statusCode).toBe(200);
    const mail = await h.inbox.waitFor(email, { subject: /invited to Team Co/ });
    const link = linkIn(mail, '/auth/password-create');
    const reset = await call(h.app, null, {
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token: link.searchParams.get('token'), email, password: 'a fine new password' },
    });
    expect(reset.statusCode).toBe(200);
    const token = await signIn(h.app, email, 'a fine new password');
    const newcomer = { id: 0, email, token, headers: { authorization: `Bearer ${token}` } };
    expect(await companiesOf(newcomer)).toEqual([companyId]);
    expect(await rowOf(email)).toMatchObject({ status: 'active', company_role: 'user' });
  });
});

describe('members', () => {
  it('change role and leave the company by email as before', async () => {
    const changed = await assign(owner, member.email, 'admin');
    expect(changed.statusCode).toBe(200);
    expect(changed.json().message).toBe('Role admin assigned to user.');
    expect(await rowOf(member.email)).toMatchObject({
      id: member.id,
      company_role: 'admin',
      status: 'active',
    });
    const back = await assign(owner, member.email, 'user');
    expect(back.json().message).toBe('Role user assigned to user.');
    const lastOwner = await assign(owner, owner.email, 'admin');
    expect(lastOwner.statusCode).toBe(409);
  });
});
