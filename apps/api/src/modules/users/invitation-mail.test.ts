/**
 * An invitation says what happened to its mail (issue 25 item 3; http/mail-now.ts): handed to the SMTP
 * server while the admin waits, "Invitation sent to …" only when it took it; a refused mail leaves the
 * person invited, says so with the server's words, and keeps the entry failed in Email History; sending it
 * again that is refused is a 502. The SMTP server here is real and refuses mail to REFUSED_DOMAIN.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailEntries } from '../../db/schema/index.ts';
import { MAIL_TEXTS } from '../../integrations/email/mailer.ts';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';
import { REFUSED_DOMAIN, REFUSED_REPLY } from '../../testing/mail.ts';

const h = useHarness({ mail: true });
let companyId: number;
let owner: TestUser;
let operator: TestUser;

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Invite Mail Co' });
  companyId = company.id;
  owner = await createUser(h, { company, role: 'owner' });
  operator = await createUser(h, { globalRole: 'super-admin' });
});

const entriesTo = (to: string) =>
  h.database.primary.select().from(emailEntries).where(eq(emailEntries.to, to)).orderBy(emailEntries.id);

describe('an invitation’s mail', () => {
  it('is sent while the admin waits: "Invitation sent to …" once the SMTP server has it', async () => {
    const email = 'welcome@invite-mail.test';
    const res = await call(h.app, owner, {
      method: 'POST',
      url: `/api/auth/${companyId}/users`,
      payload: { name: 'Wendy Welcome', email, role: 'user' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: MESSAGES.invitationSentTo(email),
      data: { invitation: 'sent' },
    });
    // In the inbox before the answer: no job in between.
    expect(h.inbox.messages.some((m) => JSON.stringify(m.to).includes(email))).toBe(true);
    expect((await entriesTo(email)).map((e) => e.status)).toEqual(['sent']);
  });

  it('refused: the person is invited, the answer says the mail was not sent and why, Email History keeps it failed', async () => {
    const email = `nobody@${REFUSED_DOMAIN}`;
    const res = await call(h.app, owner, {
      method: 'POST',
      url: `/api/auth/${companyId}/users`,
      payload: { name: 'Nobody Home', email, role: 'user' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { data, message } = res.json();
    expect(data.invitation).toBe('failed');
    expect(data.user).toMatchObject({ email, status: 'invited' });
    expect(message).toContain(`${email} is invited, but the invitation email was not sent.`);
    expect(message).toContain(REFUSED_REPLY);
    const [entry] = await entriesTo(email);
    expect(entry).toMatchObject({ kind: 'invitation', status: 'failed', sent_at: null, delivery_html: null });
    expect(entry!.error).toContain(REFUSED_REPLY);

    // Sent again: refused again, a 502 with the spec's failure text and the server's words.
    const again = await call(h.app, owner, {
      method: 'POST',
      url: `/api/auth/${companyId}/users/${data.user.id}/send-invitation-email`,
    });
    expect(again.statusCode, again.body).toBe(502);
    expect(again.json().message.startsWith(MAIL_TEXTS.notSent('The mail server refused it:'))).toBe(true);
    expect((await entriesTo(email)).map((e) => e.status)).toEqual(['failed', 'failed']);

    // A role given by email to an address that is not a member invites it: the answer says the same.
    const other = `other@${REFUSED_DOMAIN}`;
    const assigned = await call(h.app, owner, {
      method: 'PUT',
      url: '/api/auth/users/roles',
      payload: { email: other, id: companyId, role: 'user' },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().data).toEqual({ invitation: 'failed' });
    expect(assigned.json().message).toContain(`${other} is invited, but the invitation email was not sent.`);
  });

  it('an operator’s new user: created, and the answer says the invitation was refused', async () => {
    const email = `operator-made@${REFUSED_DOMAIN}`;
    const res = await call(h.app, operator, {
      method: 'POST',
      url: '/api/auth/users',
      payload: { name: 'Made By Operator', email },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.invitation).toBe('failed');
    expect(res.json().message).toContain(REFUSED_REPLY);
    expect((await entriesTo(email)).map((e) => e.status)).toEqual(['failed']);

    const fine = await call(h.app, operator, {
      method: 'POST',
      url: '/api/auth/users',
      payload: { name: 'Fine Person', email: 'fine.person@invite-mail.test' },
    });
    expect(fine.json()).toMatchObject({ message: MESSAGES.userCreated, data: { invitation: 'sent' } });
  });
});
