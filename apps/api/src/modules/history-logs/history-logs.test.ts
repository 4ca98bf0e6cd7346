import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { setAuditContext } from '../../http/transactions.ts';
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
         AND NOT EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = 'audit')`);
    const unaudited = (result as unknown as { rows: { table_name: string }[] }).rows
      .map((r) => r.table_name)
      .sort();
    // Sessions are recorded as sign-in events; the rest is the trail itself, derived counters and job progress.
    expect(unaudited).toEqual(['entity_counts', 'history_logs', 'product_syncs', 'sessions']);
  });
});
