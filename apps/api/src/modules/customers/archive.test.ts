/**
 * Archiving, restoring and deleting customers: the default list and its maintained total leave the
 * archived out, the `archived` filter lists them, events are written, another company's customer is
 * 404 and unchanged.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers, events } from '../../db/schema/index.ts';
import {
  call,
  createCompany,
  createUser,
  customerBody,
  type TestUser,
  useHarness,
} from '../../testing/harness.ts';

const h = useHarness();
let cid: number;
let otherCid: number;
let admin: TestUser;
let staff: TestUser;

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Archive Hire' });
  const other = await createCompany(h.database, { name: 'Other Archive Hire' });
  cid = company.id;
  otherCid = other.id;
  admin = await createUser(h, { company, role: 'admin' });
  staff = await createUser(h, { company, role: 'user' });
});

const api = (path: string) => `/api/${cid}/rentloopdb/${path}`;
const req = (user: TestUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  call(h.app, user, { method, url, payload });
const list = async (filters?: object) =>
  (
    await req(
      staff,
      'GET',
      `/read-replica/${cid}/rentloopdb/customers?per_page=100${filters ? `&filters=${encodeURIComponent(JSON.stringify(filters))}` : ''}`,
    )
  ).json();

describe('customers: archive, restore, delete', () => {
  it('archives out of the default list (exact totals), lists the archived, restores, writes events', async () => {
    const made = [];
    for (let i = 0; i < 3; i++)
      made.push((await req(staff, 'POST', api('customers'), customerBody())).json().data);
    const target = made[1];
    expect((await list()).meta.total).toBe(3);
    const archived = await req(staff, 'POST', api(`customers/${target.id}/archive`));
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json()).toMatchObject({ message: 'Customer archived.', data: { delete_refused: null } });
    const active = await list();
    expect(active.meta.total).toBe(2);
    expect(active.data.map((c: { id: number }) => c.id)).not.toContain(target.id);
    const inArchive = await list({ archived: true });
    expect(inArchive.meta.total).toBe(1);
    expect(inArchive.data[0]).toMatchObject({ id: target.id, archived_at: expect.any(String) });
    // A search and a filter count the active ones only too.
    const searched = await req(staff, 'GET', `/read-replica/${cid}/rentloopdb/customers?search=jane`);
    expect(searched.json().meta.total).toBe(2);
    const twice = await req(staff, 'POST', api(`customers/${target.id}/archive`));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This customer is already archived.');
    const restored = await req(staff, 'POST', api(`customers/${target.id}/restore`));
    expect(restored.json()).toMatchObject({ message: 'Customer restored.', data: { archived_at: null } });
    expect((await list()).meta.total).toBe(3);
    expect((await req(staff, 'POST', api(`customers/${target.id}/restore`))).statusCode).toBe(409);
    const types = await h.database.primary
      .select({ type: events.type })
      .from(events)
      .where(and(eq(events.object, 'customer'), eq(events.object_id, target.id)))
      .orderBy(events.id);
    expect(types.map((t) => t.type)).toEqual(['customer.created', 'customer.archived', 'customer.restored']);
  });

  it('deletes a customer nothing refers to (admins only); the total follows', async () => {
    const c = (await req(staff, 'POST', api('customers'), customerBody())).json().data;
    const total = (await list()).meta.total;
    expect((await req(staff, 'GET', api(`customers/${c.id}`))).json().data.delete_refused).toBeNull();
    expect((await req(staff, 'DELETE', api(`customers/${c.id}`))).statusCode).toBe(403);
    const deleted = await req(admin, 'DELETE', api(`customers/${c.id}`));
    expect(deleted.json()).toMatchObject({ message: 'Customer deleted.' });
    expect((await req(staff, 'GET', api(`customers/${c.id}`))).statusCode).toBe(404);
    expect((await list()).meta.total).toBe(total - 1);
  });

  it('another company’s customer: archive, restore and delete are 404 and change nothing', async () => {
    const [theirs] = await h.database.primary
      .insert(customers)
      .values({ company_id: otherCid, name: 'Their customer', email: 'their@example.com' })
      .returning();
    for (const action of ['archive', 'restore'])
      expect((await req(admin, 'POST', api(`customers/${theirs!.id}/${action}`))).statusCode).toBe(404);
    expect((await req(admin, 'DELETE', api(`customers/${theirs!.id}`))).statusCode).toBe(404);
    const [after] = await h.database.primary.select().from(customers).where(eq(customers.id, theirs!.id));
    expect(after).toEqual(theirs);
  });
});
