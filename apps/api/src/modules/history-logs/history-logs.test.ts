import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setAuditContext } from '../../db/audit.ts';
import { companySettings, platformSettings, users } from '../../db/schema/index.ts';
import {
  call,
  createCompany,
  createUser,
  customerBody,
  type TestUser,
  useHarness,
} from '../../testing/harness.ts';

const h = useHarness();
let companyId: number;
let admin: TestUser;
let plainUser: TestUser;
let strangerAdmin: TestUser;
let operator: TestUser;

const logs = (user: TestUser, query = '', company = companyId) =>
  call(h.app, user, { method: 'GET', url: `/api/${company}/utils/history-logs${query}` });
const filters = (f: object) => `?filters=${encodeURIComponent(JSON.stringify(f))}`;

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Audit Co' });
  const other = await createCompany(h.database);
  companyId = company.id;
  admin = await createUser(h, { company, role: 'admin' });
  plainUser = await createUser(h, { company, role: 'user' });
  strangerAdmin = await createUser(h, { company: other, role: 'owner' });
  operator = await createUser(h, { globalRole: 'super-admin' });
});

describe('the audit trail', () => {
  it('records a created customer with who, request id and IP, in the same transaction', async () => {
    const created = await call(h.app, admin, {
      method: 'POST',
      url: `/api/${companyId}/rentloopdb/customers`,
      payload: customerBody({ name: 'Audited Person' }),
      headers: { 'x-request-id': 'req-create-1' },
    });
    expect(created.statusCode).toBe(201);
    const id = String(created.json().data.id);
    const res = await logs(admin, filters({ entity: 'customers', entity_id: id }));
    expect(res.statusCode).toBe(200);
    const [entry] = res.json().data;
    expect(entry).toMatchObject({
      action: 'created',
      entity_type: 'customers',
      entity_id: id,
      company_id: companyId,
      user_id: admin.id,
      user_email: admin.email,
      request_id: 'req-create-1',
      before: null,
    });
    expect(entry.ip).toBeTruthy();
    expect(entry.after).toMatchObject({ name: 'Audited Person' });
    expect(entry.after).not.toHaveProperty('search_text');
  });

  it('records only the changed fields of an update, before and after', async () => {
    const created = await call(h.app, admin, {
      method: 'POST',
      url: `/api/${companyId}/rentloopdb/customers`,
      payload: customerBody({ name: 'Before Name', phone: '+1 416 555 0100' }),
    });
    const id = created.json().data.id;
    await call(h.app, plainUser, {
      method: 'PUT',
      url: `/api/${companyId}/rentloopdb/customers/${id}`,
      payload: { name: 'After Name', phone: '+1 416 555 0100' },
    });
    const [entry] = (
      await logs(admin, filters({ entity: 'customers', entity_id: String(id), action: 'updated' }))
    ).json().data;
    expect(entry.before).toEqual({ name: 'Before Name' });
    expect(entry.after).toEqual({ name: 'After Name' });
    expect(entry.user_id).toBe(plainUser.id);
    const one = await call(h.app, admin, {
      method: 'GET',
      url: `/api/${companyId}/utils/history-logs/${entry.id}`,
    });
    expect(one.json().data).toMatchObject({ id: entry.id, action: 'updated' });
  });

  it('writes nothing when a write fails (the transaction rolls back)', async () => {
    const before = (await logs(admin)).json().meta.total;
    const bad = await call(h.app, admin, {
      method: 'POST',
      url: `/api/${companyId}/rentloopdb/customers`,
      payload: customerBody({ email: 'dup@audit.test' }),
    });
    expect(bad.statusCode).toBe(201);
    const dup = await call(h.app, admin, {
      method: 'POST',
      url: `/api/${companyId}/rentloopdb/customers`,
      payload: customerBody({ email: 'dup@audit.test' }),
    });
    expect(dup.statusCode).toBe(422);
    expect((await logs(admin)).json().meta.total).toBe(before + 1);
  });

  it('records every row of a statement that writes many, and nothing for a row it left as it was', async () => {
    // The trail is written per statement (migration 0077): one entry per row still, each with its own change.
    const ids: number[] = [];
    for (const name of ['Many One', 'Many Two', 'Many Three']) {
      const created = await call(h.app, admin, {
        method: 'POST',
        url: `/api/${companyId}/rentloopdb/customers`,
        payload: customerBody({ name }),
      });
      ids.push(created.json().data.id);
    }
    const before = (await logs(admin)).json().meta.total;
    const list = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
    await h.database.primary.execute(sql`
      UPDATE customers SET name = CASE WHEN name = 'Many Three' THEN name ELSE name || ' (renamed)' END,
                           updated_at = now()
       WHERE company_id = ${companyId} AND id IN (${list})`);
    const after = (await logs(admin)).json();
    // Two entries, not three: the third row's update changed nothing the trail records (updated_at only).
    expect(after.meta.total).toBe(before + 2);
    const updated = (await logs(admin, filters({ entity: 'customers', action: 'updated' }))).json().data as {
      entity_id: string;
      before: unknown;
      after: unknown;
      user_id: number | null;
    }[];
    const byId = new Map(updated.map((e) => [e.entity_id, e]));
    expect(byId.get(String(ids[0]))).toMatchObject({
      before: { name: 'Many One' },
      after: { name: 'Many One (renamed)' },
      user_id: null,
    });
    expect(byId.get(String(ids[1]))).toMatchObject({ after: { name: 'Many Two (renamed)' } });
    expect(byId.has(String(ids[2]))).toBe(false);
    await h.database.primary.execute(
      sql`DELETE FROM customers WHERE company_id = ${companyId} AND id IN (${list})`,
    );
    const deleted = (await logs(admin, filters({ entity: 'customers', action: 'deleted' }))).json().data as {
      entity_id: string;
      before: { name: string } | null;
      after: unknown;
    }[];
    expect(
      deleted
        .filter((e) => ids.map(String).includes(e.entity_id))
        .map((e) => e.before?.name)
        .sort(),
    ).toEqual(['Many One (renamed)', 'Many Three', 'Many Two (renamed)']);
    expect(deleted.every((e) => e.after === null)).toBe(true);
    expect((await logs(admin)).json().meta.total).toBe(before + 5);
  });

  it('never records a password hash: a change shows as [redacted]', async () => {
    await h.database.primary.transaction(async (tx) => {
      await setAuditContext(tx, { userId: operator.id, requestId: 'req-pw', ip: '127.0.0.1' });
      await tx.update(users).set({ password_hash: 'new-hash-value' }).where(eq(users.id, admin.id));
    });
    const res = await logs(operator, filters({ entity: 'users', entity_id: String(admin.id) }));
    const entry = res.json().data.find((e: { request_id: string }) => e.request_id === 'req-pw');
    expect(entry.after).toEqual({ password_hash: '[redacted]' });
    const created = res.json().data.find((e: { action: string }) => e.action === 'created');
    expect(created.after).not.toHaveProperty('password_hash');
    expect(JSON.stringify(res.json())).not.toContain('new-hash-value');
  });

  it('keeps nested secrets out of the trail: sealed shop credentials never reach history_logs', async () => {
    const url = `/api/companies/${companyId}/settings/shop_system`;
    const save = (consumer_secret: string) =>
      call(h.app, admin, {
        method: 'PUT',
        url,
        payload: {
          shop_system: 'woocommerce',
          url: 'https://shop.example.com',
          credentials: { consumer_key: 'ck_visible_key', consumer_secret },
        },
      });
    expect((await save('cs_first_secret')).statusCode).toBe(200);
    expect((await save('cs_second_secret')).statusCode).toBe(200);
    const [stored] = await h.database.primary
      .select({ data: companySettings.data })
      .from(companySettings)
      .where(eq(companySettings.company_id, companyId));
    const sealed = String(stored!.data.credentials_sealed);
    expect(sealed.length).toBeGreaterThan(20);

    const res = await logs(admin, filters({ entity: 'company_settings' }));
    expect(res.statusCode).toBe(200);
    type Data = { data: Record<string, unknown> };
    const entries = res.json().data as { action: string; entity_id: string; before: Data; after: Data }[];
    expect(entries.map((e) => e.action).sort()).toEqual(['created', 'updated']);
    // A meaningful entity id for a table without an id column: the settings group.
    expect(entries.every((e) => e.entity_id === 'shop_system')).toBe(true);
    const created = entries.find((e) => e.action === 'created')!;
    expect(created.after.data).toEqual({
      shop_system: 'woocommerce',
      url: 'https://shop.example.com',
      credentials_sealed: '[redacted]',
    });
    const updated = entries.find((e) => e.action === 'updated')!;
    expect(updated.before.data.credentials_sealed).toBe('[redacted]');
    expect(updated.after.data.credentials_sealed).toBe('[redacted]');
    const rows = await h.database.primary.execute(
      sql`select before::text || after::text as t from history_logs`,
    );
    const trail = (rows as unknown as { rows: { t: string | null }[] }).rows.map((r) => r.t ?? '').join('\n');
    expect(trail).not.toContain(sealed);
    expect(trail).not.toContain('cs_first_secret');
    expect(trail).not.toContain('cs_second_secret');
  });

  it('redacts secret keys at any depth and names a row by its primary key', async () => {
    await h.database.primary.transaction(async (tx) => {
      await setAuditContext(tx, { userId: operator.id, requestId: 'req-nested', ip: '127.0.0.1' });
      await tx.insert(platformSettings).values({
        key: 'mail_relay',
        value: {
          host: 'smtp.example.com',
          password: 'p-top',
          nested: { api_key: 'k-deep', list: [{ client_secret: 's-deeper', note: 'kept' }], token: null },
          refresh_token: 'r-tok',
        },
      });
      await tx
        .update(platformSettings)
        .set({ value: { host: 'smtp2.example.com', password: 'p-new' } })
        .where(eq(platformSettings.key, 'mail_relay'));
    });
    const res = await call(h.app, operator, {
      method: 'GET',
      url: `/api/utils/history-logs?${filters({ entity: 'platform_settings', entity_id: 'mail_relay' }).slice(1)}`,
    });
    expect(res.statusCode).toBe(200);
    const [updated, created] = res.json().data;
    expect(created).toMatchObject({ action: 'created', entity_id: 'mail_relay', company_id: null });
    expect(created.after.value).toEqual({
      host: 'smtp.example.com',
      password: '[redacted]',
      nested: { api_key: '[redacted]', list: [{ client_secret: '[redacted]', note: 'kept' }], token: null },
      refresh_token: '[redacted]',
    });
    expect(updated.action).toBe('updated');
    expect(updated.after.value).toEqual({ host: 'smtp2.example.com', password: '[redacted]' });
    for (const secret of ['p-top', 'k-deep', 's-deeper', 'r-tok', 'p-new']) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('records sign-ins and failed sign-ins (visible to operators)', async () => {
    await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin.email, password: 'wrong!' },
    });
    const res = await logs(operator, filters({ entity: 'auth', action: 'login_failed' }));
    expect(res.json().data[0]).toMatchObject({
      action: 'login_failed',
      user_id: admin.id,
      after: { email: admin.email },
    });
    const ok = await logs(operator, filters({ entity: 'auth', action: 'login', user: admin.id }));
    expect(ok.json().meta.total).toBeGreaterThanOrEqual(1);
  });

  it('does not show platform entries to a company admin', async () => {
    const res = await logs(admin, filters({ entity: 'auth' }));
    expect(res.json().meta.total).toBe(0);
  });

  it('is for owners, admins and operators: a plain user gets 403, another company 404', async () => {
    expect((await logs(plainUser)).statusCode).toBe(403);
    expect((await logs(strangerAdmin)).statusCode).toBe(404);
    const [any] = (await logs(admin)).json().data;
    const foreign = await call(h.app, strangerAdmin, {
      method: 'GET',
      url: `/api/${companyId}/utils/history-logs/${any.id}`,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('lets operators read a deleted company’s trail (GET /api/utils/history-logs), nobody else', async () => {
    const gone = await createCompany(h.database, { name: 'Soon Gone Co' });
    const goneAdmin = await createUser(h, { company: gone, role: 'owner' });
    const customer = await call(h.app, goneAdmin, {
      method: 'POST',
      url: `/api/${gone.id}/rentloopdb/customers`,
      payload: customerBody({ name: 'Left Behind' }),
    });
    expect(customer.statusCode).toBe(201);
    const deleted = await call(h.app, operator, { method: 'DELETE', url: `/api/companies/${gone.id}` });
    expect(deleted.statusCode).toBe(200);

    // The company-scoped route has no company left to open.
    expect((await logs(operator, '', gone.id)).statusCode).toBe(404);

    const all = (user: TestUser, query: string) =>
      call(h.app, user, { method: 'GET', url: `/api/utils/history-logs${query}` });
    const res = await all(operator, filters({ company_id: gone.id }));
    expect(res.statusCode).toBe(200);
    const entries = res.json().data as { entity_type: string; action: string; company_id: number }[];
    expect(entries.every((e) => e.company_id === gone.id)).toBe(true);
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ entity_type: 'customers', action: 'created' }),
        expect.objectContaining({ entity_type: 'customers', action: 'deleted' }),
        expect.objectContaining({ entity_type: 'companies', action: 'deleted', user_id: operator.id }),
      ]),
    );
    // Filters combine with the company: only its customers.
    const customersOnly = await all(operator, filters({ company_id: gone.id, entity: 'customers' }));
    expect(
      customersOnly.json().data.every((e: { entity_type: string }) => e.entity_type === 'customers'),
    ).toBe(true);
    expect(customersOnly.json().meta.total).toBeGreaterThanOrEqual(2);

    // A support user may read it too; company staff, even an owner, may not.
    const support = await createUser(h, { globalRole: 'support-user' });
    expect((await all(support, filters({ company_id: gone.id }))).statusCode).toBe(200);
    expect((await all(admin, '')).statusCode).toBe(403);
    expect((await all(strangerAdmin, filters({ company_id: companyId }))).statusCode).toBe(403);
    expect((await call(h.app, null, { method: 'GET', url: '/api/utils/history-logs' })).statusCode).toBe(401);
    expect((await all(operator, filters({ company_id: 'x' }))).json().errors).toHaveProperty([
      'filters.company_id',
    ]);
    expect(h.app.routeTable).toContainEqual({
      method: 'GET',
      url: '/api/utils/history-logs',
      access: { kind: 'operator' },
    });
  });

  it('answers 422 for a bad filter', async () => {
    const res = await logs(admin, filters({ date_from: 'yesterday' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty(['filters.date_from']);
  });

  it('covers every table but its own bookkeeping: a new table without the audit trigger fails here', async () => {
    const result = await h.database.primary.execute(sql`
      SELECT c.relname AS table_name
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE c.relkind = 'r' AND n.nspname = current_schema()
         AND NOT EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = 'audit')
         -- Or the three statement-level triggers of migration 0077, all of them.
         AND (SELECT count(*) FROM pg_trigger t WHERE t.tgrelid = c.oid
                 AND t.tgname IN ('audit_insert', 'audit_update', 'audit_delete')) < 3`);
    const unaudited = (result as unknown as { rows: { table_name: string }[] }).rows
      .map((r) => r.table_name)
      .sort();
    // Sessions are recorded as sign-in events (and failed sign-ins, which sign_in_throttles counts, as
    // login_failed); events record changes that have their own entries; the rest is the trail itself,
    // derived counters and job progress; the crons' rows take every run's result (one runs every minute);
    // notification_reads is each user's own read state, changed on every open and hover of the menu;
    // number_series is the counter behind gapless numbers (the numbered row's own entry shows its number);
    // order_tag_history is itself a trail (every tag an order was given); subscription_imports and asset_imports
    // are import jobs' progress (their orders, subscriptions and assets have their own entries); event_cursors is where
    // each events reader has got to (it moves on every batch); billing_runs is the
    // billing run's progress (its invoices and attempts have their own entries); invoice_documents is an
    // issued invoice's frozen HTML and PDF (the invoice's own entry records the issue; copying every
    // document's bytes into the trail would double them; invoice_zips, the ZIPs of those PDFs, likewise);
    // gateway_events are a provider's webhooks as they arrived (the attempts they move have their own entries);
    // webhook_deliveries and webhook_attempts are the outgoing webhooks' delivery log (a trail of its own);
    // data_exports is an export job's progress (the request writes its own 'exported' entry, decision 66)
    // and data_export_chunks the file's bytes; insights_rollup_* are the Insights graphs' derived rollups
    // (decision 89), folded from the events by a job; order_search and subscription_search are the lists'
    // narrow search copies (decision 102), kept by triggers from the audited orders and subscriptions.
    expect(unaudited).toEqual([
      'asset_imports',
      'billing_runs',
      'crons',
      'data_export_chunks',
      'data_exports',
      'entity_counts',
      'event_cursors',
      'events',
      'gateway_events',
      'history_logs',
      'idempotency_keys',
      'insights_rollup_facts',
      'insights_rollup_state',
      'insights_rollup_values',
      'invoice_documents',
      'invoice_zips',
      'notification_reads',
      'number_series',
      'order_search',
      'order_tag_history',
      'product_syncs',
      'sessions',
      'sign_in_throttles',
      'subscription_imports',
      'subscription_search',
      'trail_count_changes',
      'trail_counts',
      'webhook_attempts',
      'webhook_deliveries',
    ]);
  });
});
