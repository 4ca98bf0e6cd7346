/**
 * The outbox and its delivery job: a secret link (reset, invitation, verification token) never sits in
 * the job queue, Email History never shows it, and the entry's copy of the real body is gone once the
 * job is done with it. A worker that cannot send says so on the entry instead of completing silently.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailEntries } from '../../db/schema/index.ts';
import { testPlatformCtx } from '../../testing/ctx.ts';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';
import { linkIn } from '../../testing/mail.ts';
import { createMailer, NO_SMTP_ON_WORKER, queueMail, sendEmailJob } from './mailer.ts';

const h = useHarness({ mail: true });
let companyId: number;
let owner: TestUser;
const quietLog = { info: () => {}, error: () => {} };

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Outbox Co' });
  companyId = company.id;
  owner = await createUser(h, { company, role: 'owner' });
});

const entryOf = async (id: number) =>
  (await h.database.primary.select().from(emailEntries).where(eq(emailEntries.id, id)))[0]!;

/** Every stored email-send job (pg-boss keeps finished ones for days), as text. */
async function queuedJobsText(): Promise<string[]> {
  const tables = await h.database.executor.executeSql(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'pgboss' AND table_name IN ('job', 'archive')`,
    [],
  );
  const out: string[] = [];
  for (const { table_name } of tables.rows as { table_name: string }[]) {
    const r = await h.database.executor.executeSql(
      `SELECT data::text AS data FROM pgboss.${table_name} WHERE name = 'email-send'`,
      [],
    );
    out.push(...(r.rows as { data: string }[]).map((row) => row.data));
  }
  return out;
}

describe('secret links in mail', () => {
  it('delivers the real link, while the job, Email History and the audit trail never hold the token', async () => {
    const invited = await call(h.app, owner, {
      method: 'POST',
      url: `/api/auth/${companyId}/users`,
      payload: { name: 'New Colleague', email: 'new.colleague@outbox.test', role: 'user' },
    });
    expect(invited.statusCode).toBe(201);
    const mail = await h.inbox.waitFor('new.colleague@outbox.test');
    const token = linkIn(mail, '/auth/password-create').searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(20);

    const [entry] = await h.database.primary
      .select()
      .from(emailEntries)
      .where(eq(emailEntries.to, 'new.colleague@outbox.test'));
    await expect.poll(async () => (await entryOf(entry!.id)).status).toBe('sent');
    const sent = await entryOf(entry!.id);
    // Delivered: the real body is gone; what is kept is the redacted copy.
    expect(sent.delivery_html).toBeNull();
    expect(sent.body_html).not.toContain(token);
    expect(sent.body_html).toContain('[hidden]');

    // Handed over while the admin waited (http/mail-now.ts); the only job is its guard, which carries
    // the entry id and who asked, nothing else.
    const jobs = await queuedJobsText();
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.join('\n')).not.toContain(token);
    expect(jobs.map((j) => JSON.parse(j))).toContainEqual({
      entryId: entry!.id,
      requestedBy: owner.id,
      abandonIfQueued: true,
    });

    // The write that marked it sent is audited as the owner's request.
    const audited = await h.database.primary.execute(
      sql`select user_id::int as user_id, request_id from history_logs
          where entity_type = 'email_entries' and entity_id = ${String(entry!.id)} and action = 'updated'`,
    );
    expect((audited as unknown as { rows: unknown[] }).rows).toContainEqual({
      user_id: owner.id,
      request_id: invited.headers['x-request-id'],
    });

    // Email History (company admins) shows the mail without the token and without the delivery copy.
    const history = await call(h.app, owner, {
      method: 'GET',
      url: `/api/${companyId}/rentloopdb/email-entries`,
    });
    expect(history.statusCode).toBe(200);
    const listed = history.json().data.find((e: { id: number }) => e.id === entry!.id);
    expect(listed).toBeDefined();
    expect(listed).not.toHaveProperty('delivery_html');
    expect(history.body).not.toContain(token);

    // Nor does the audit trail, which records the outbox too.
    const trail = await h.database.primary.execute(
      sql`select coalesce(before::text, '') || coalesce(after::text, '') as t from history_logs where entity_type = 'email_entries'`,
    );
    const text = (trail as unknown as { rows: { t: string }[] }).rows.map((r) => r.t).join('\n');
    expect(text).toContain(String(entry!.id));
    expect(text).not.toContain(token);
  });

  it('keeps the real body on the entry until the job is done, and only when it has a secret', async () => {
    const { withSecret, plain } = await h.database.primary.transaction(async (tx) => {
      const deps = { boss: h.boss, mailer: createMailer({ smtpUrl: h.inbox.url, from: 'x@rentloop.test' }) };
      const ctx = testPlatformCtx(tx, { deps });
      const withSecret = await queueMail(ctx, {
        companyId,
        kind: 'test',
        to: 'secret@outbox.test',
        subject: 'With a link',
        html: '<a href="https://app.test/x?token=tok-123456">go</a>',
        secrets: ['tok-123456'],
      });
      const plain = await queueMail(ctx, {
        companyId,
        kind: 'test',
        to: 'plain@outbox.test',
        subject: 'Plain',
        html: '<p>hello</p>',
      });
      // Inside the transaction, before any worker can take the job.
      const [a] = await tx.select().from(emailEntries).where(eq(emailEntries.id, withSecret.id));
      const [b] = await tx.select().from(emailEntries).where(eq(emailEntries.id, plain.id));
      expect(a!.delivery_html).toContain('tok-123456');
      expect(a!.body_html).not.toContain('tok-123456');
      expect(b!.delivery_html).toBeNull();
      return { withSecret, plain };
    });
    const received = await h.inbox.waitFor('secret@outbox.test');
    expect(received.html).toContain('tok-123456');
    expect((await h.inbox.waitFor('plain@outbox.test')).html).toContain('hello');
    await expect.poll(async () => (await entryOf(withSecret.id)).status).toBe('sent');
    expect((await entryOf(withSecret.id)).delivery_html).toBeNull();
    await expect.poll(async () => (await entryOf(plain.id)).status).toBe('sent');
    // The job's write (status sent) is audited as the job.
    const audited = await h.database.primary.execute(
      sql`select request_id from history_logs
          where entity_type = 'email_entries' and entity_id = ${String(plain.id)} and action = 'updated'`,
    );
    expect((audited as unknown as { rows: unknown[] }).rows).toContainEqual({
      request_id: expect.stringMatching(/^job:email-send:/),
    });
  });

  it('clears the real body after the last failed attempt, not before', async () => {
    const [entry] = await h.database.primary
      .insert(emailEntries)
      .values({
        company_id: companyId,
        kind: 'test',
        to: 'unreachable@outbox.test',
        subject: 'Will fail',
        body_html: '<p>[hidden]</p>',
        delivery_html: '<p>tok-fail</p>',
        status: 'queued',
      })
      .returning({ id: emailEntries.id });
    // Nothing listens on port 1: every attempt fails.
    const broken = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'x@rentloop.test' });
    const ctx = (retryCount: number) => ({
      database: h.database,
      mailer: broken,
      log: quietLog,
      attempt: { jobId: 'j', retryCount, retryLimit: 5 },
    });
    await expect(sendEmailJob.handler({ entryId: entry!.id }, ctx(0))).rejects.toThrow();
    expect(await entryOf(entry!.id)).toMatchObject({ status: 'failed', delivery_html: '<p>tok-fail</p>' });
    await expect(sendEmailJob.handler({ entryId: entry!.id }, ctx(5))).rejects.toThrow();
    expect(await entryOf(entry!.id)).toMatchObject({ status: 'failed', delivery_html: null });
    expect((await entryOf(entry!.id)).error).toBeTruthy();
  });
});

describe('a worker without SMTP', () => {
  it('marks the entry not sent, with the reason, instead of leaving it queued', async () => {
    const [entry] = await h.database.primary
      .insert(emailEntries)
      .values({
        company_id: companyId,
        kind: 'test',
        to: 'nobody@outbox.test',
        subject: 'Queued by an API with SMTP',
        body_html: '<p>[hidden]</p>',
        delivery_html: '<p>tok-no-smtp</p>',
        status: 'queued',
      })
      .returning({ id: emailEntries.id });
    const noSmtp = createMailer({ from: 'x@rentloop.test' });
    expect(noSmtp.transport).toBeNull();
    await sendEmailJob.handler(
      { entryId: entry!.id },
      { database: h.database, mailer: noSmtp, log: quietLog },
    );
    expect(await entryOf(entry!.id)).toMatchObject({
      status: 'not_sent',
      error: NO_SMTP_ON_WORKER,
      delivery_html: null,
      sent_at: null,
    });
    // Without any mailer at all (a worker started without one), the same.
    const [other] = await h.database.primary
      .insert(emailEntries)
      .values({ company_id: companyId, kind: 'test', to: 'n@outbox.test', subject: 's', body_html: 'b' })
      .returning({ id: emailEntries.id });
    await sendEmailJob.handler({ entryId: other!.id }, { database: h.database, log: quietLog });
    expect(await entryOf(other!.id)).toMatchObject({ status: 'not_sent', error: NO_SMTP_ON_WORKER });
  });

  it('does nothing for an entry already sent or gone', async () => {
    const [entry] = await h.database.primary
      .insert(emailEntries)
      .values({
        company_id: companyId,
        kind: 'test',
        to: 's@outbox.test',
        subject: 's',
        body_html: 'b',
        status: 'sent',
      })
      .returning({ id: emailEntries.id });
    await sendEmailJob.handler({ entryId: entry!.id }, { database: h.database, log: quietLog });
    expect((await entryOf(entry!.id)).status).toBe('sent');
    await expect(
      sendEmailJob.handler({ entryId: 2 ** 40 }, { database: h.database, log: quietLog }),
    ).resolves.toBeUndefined();
  });
});
