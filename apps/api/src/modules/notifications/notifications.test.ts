/**
 * Notifications over HTTP: the company list (its own and the platform's, per-user read state, the
 * unread filter and total), the read flag, the operators' platform notifications (roles, 404 across
 * companies, 422 naming the field), and the push: a real listening server's stream hears a platform
 * notification posted by an operator and a company's from a job, and never another company's.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { jobActor } from '../../jobs/context.ts';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';
import { notifyCompanyFromJob } from './product-events.ts';

const h = useHarness();
let companyA: number;
let companyB: number;
let operator: TestUser;
let staffA: TestUser;
let otherStaffA: TestUser;
let staffB: TestUser;

const list = (user: TestUser, company: number, query = '') =>
  call(h.app, user, { method: 'GET', url: `/read-replica/${company}/rentloopdb/notifications${query}` });
const one = (user: TestUser, company: number, id: number, payload?: object) =>
  call(h.app, user, {
    method: payload ? 'PUT' : 'GET',
    url: `/api/${company}/rentloopdb/notifications/${id}`,
    ...(payload ? { payload } : {}),
  });
const post = (user: TestUser, payload: object) =>
  call(h.app, user, { method: 'POST', url: '/api/notifications', payload });
const jobContext = () => ({
  database: h.database,
  notifications: h.app.deps.notifications,
  log: { info: () => {}, error: () => {} },
});
const fromJob = (company: number, title: string) =>
  notifyCompanyFromJob(jobContext(), jobActor('test-job', 'test-1', null), company, {
    title,
    description: 'From a job',
    type: 'success',
  });

beforeAll(async () => {
  const a = await createCompany(h.database);
  const b = await createCompany(h.database);
  companyA = a.id;
  companyB = b.id;
  operator = await createUser(h, { globalRole: 'super-admin' });
  staffA = await createUser(h, { company: a, role: 'user' });
  otherStaffA = await createUser(h, { company: a, role: 'user' });
  staffB = await createUser(h, { company: b, role: 'owner' });
});

describe('platform notifications (operators)', () => {
  it('are written by operators only, with the author and a validated input', async () => {
    const created = await post(operator, {
      title: 'Maintenance tonight',
      description: 'Short downtime at 02:00 UTC',
      message: 'The back office is down for ten minutes.',
      type: 'warning',
      input: { type: 'download-link', href: 'https://status.example.com/notes.pdf' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      company_id: null,
      title: 'Maintenance tonight',
      type: 'warning',
      author: 'Test User',
      author_id: operator.id,
      is_read: false,
      input: { type: 'download-link', href: 'https://status.example.com/notes.pdf' },
    });
    expect((await post(staffB, { title: 'Not mine to send' })).statusCode).toBe(403);
    expect((await post(staffB, { title: 'Not mine to send' })).json().message).toBe(
      'This action is unauthorized.',
    );
  });

  it("answer 422 naming the field, with the spec's failure text", async () => {
    const empty = await post(operator, { title: '  ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('Could not create super notification.');
    expect(Object.keys(empty.json().errors)).toEqual(['title']);
    const badType = await post(operator, { title: 'x', type: 'purple' });
    expect(Object.keys(badType.json().errors)).toEqual(['type']);
    const script = await post(operator, {
      title: 'x',
      input: { type: 'download-link', href: 'javascript:alert(1)' },
    });
    expect(script.statusCode).toBe(422);
    expect(Object.keys(script.json().errors).every((k) => k.startsWith('input'))).toBe(true);
    const badRedirect = await post(operator, {
      title: 'x',
      input: { type: 'redirect', destination: 'Customers!', id: 1 },
    });
    expect(badRedirect.statusCode).toBe(422);
  });

  it('are changed and deleted for everyone; a company notification is not one of them (404)', async () => {
    const id = (await post(operator, { title: 'To be removed' })).json().data.id as number;
    const changed = await call(h.app, operator, {
      method: 'PUT',
      url: `/api/notifications/${id}`,
      payload: { title: 'Renamed' },
    });
    expect(changed.json().data.title).toBe('Renamed');
    expect((await one(staffA, companyA, id)).json().data.title).toBe('Renamed');
    const companyOwn = await fromJob(companyA, 'Company only');
    for (const method of ['GET', 'DELETE'] as const)
      expect(
        (await call(h.app, operator, { method, url: `/api/notifications/${companyOwn}` })).statusCode,
      ).toBe(404);
    const deleted = await call(h.app, operator, { method: 'DELETE', url: `/api/notifications/${id}` });
    expect(deleted.statusCode).toBe(200);
    expect((await one(staffA, companyA, id)).statusCode).toBe(404);
    expect((await call(h.app, operator, { method: 'GET', url: `/api/notifications/${id}` })).statusCode).toBe(
      404,
    );
    expect(
      (await call(h.app, staffA, { method: 'DELETE', url: `/api/notifications/${companyOwn}` })).statusCode,
    ).toBe(403);
  });
});

describe("a company's notifications", () => {
  it("list the company's and the platform's, newest first, never another company's", async () => {
    const own = await fromJob(companyA, 'Sync of A done');
    const other = await fromJob(companyB, 'Sync of B done');
    const platform = (await post(operator, { title: 'For everyone' })).json().data.id as number;
    const page = (await list(staffA, companyA)).json();
    const ids = page.data.map((n: { id: number }) => n.id);
    expect(ids.slice(0, 2)).toEqual([platform, own]);
    expect(ids).not.toContain(other);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => y - x));
    expect((await list(staffB, companyB)).json().data.map((n: { id: number }) => n.id)).toContain(platform);
    // Another company's notification, through one's own company or the other's URL: 404.
    expect((await one(staffB, companyB, own)).statusCode).toBe(404);
    expect((await one(staffB, companyA, own)).statusCode).toBe(404);
    expect((await one(staffB, companyB, own, { is_read: true })).statusCode).toBe(404);
  });

  it('keep read state per user: read, unread again, the unread filter and total', async () => {
    const id = await fromJob(companyA, 'Read me');
    const before = (await list(staffA, companyA)).json().meta.unread as number;
    const read = await one(staffA, companyA, id, { is_read: true });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.is_read).toBe(true);
    expect((await list(staffA, companyA)).json().meta.unread).toBe(before - 1);
    // Someone else's read state is their own.
    expect((await one(otherStaffA, companyA, id)).json().data.is_read).toBe(false);
    const unreadOnly = (await list(staffA, companyA, '?is_read=false')).json();
    expect(unreadOnly.data.map((n: { id: number }) => n.id)).not.toContain(id);
    expect(unreadOnly.meta.total).toBe(before - 1);
    expect(unreadOnly.data.every((n: { is_read: boolean }) => !n.is_read)).toBe(true);
    // Mark as unread.
    expect((await one(staffA, companyA, id, { is_read: false })).json().data.is_read).toBe(false);
    expect((await list(staffA, companyA)).json().meta.unread).toBe(before);
    const bad = await one(staffA, companyA, id, { is_read: 'yes' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('Failed to update notification.');
    expect(Object.keys(bad.json().errors)).toEqual(['is_read']);
  });

  it('page 10 at a time', async () => {
    const company = await createCompany(h.database);
    const member = await createUser(h, { company, role: 'user' });
    for (let i = 0; i < 12; i++) await fromJob(company.id, `Paged ${i}`);
    const first = (await list(member, company.id)).json();
    expect(first.data).toHaveLength(10);
    const total = first.meta.total as number;
    expect(total).toBeGreaterThanOrEqual(12);
    const last = (await list(member, company.id, `?page=${first.meta.last_page}`)).json();
    expect(last.meta.to).toBe(total);
  });
});

/** Reads Server-Sent Events from a real connection, one frame at a time. */
function openStream(base: string, user: TestUser, company: number) {
  const controller = new AbortController();
  const frames: { event: string; data: unknown }[] = [];
  let buffer = '';
  let wake = null as (() => void) | null;
  const done = (async () => {
    const res = await fetch(`${base}/api/${company}/rentloopdb/notifications/stream`, {
      headers: user.headers,
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const decoder = new TextDecoder();
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (event && data) frames.push({ event, data: JSON.parse(data) });
        end = buffer.indexOf('\n\n');
      }
      wake?.();
    }
  })().catch((err) => {
    if ((err as Error).name !== 'AbortError') throw err;
  });
  /** The next frame of `event` after the `seen` first frames (waits for it, no sleeping). */
  const next = async (event: string, seen = 0) => {
    for (;;) {
      const found = frames.slice(seen).find((f) => f.event === event);
      if (found) return found;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  };
  return { frames, next, close: () => controller.abort(), done };
}

describe('the push', () => {
  let base: string;
  beforeAll(async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const address = h.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    base = `http://127.0.0.1:${address.port}`;
  });

  it("tells every open stream of a company of a platform notification and of its own, never of another company's", async () => {
    const listenersBefore = h.app.deps.notifications!.listeners();
    const a1 = openStream(base, staffA, companyA);
    const a2 = openStream(base, otherStaffA, companyA);
    const b = openStream(base, staffB, companyB);
    await Promise.all([a1.next('ready'), a2.next('ready'), b.next('ready')]);
    expect(h.app.deps.notifications!.listeners()).toBe(listenersBefore + 3);

    const started = Date.now();
    const posted = (await post(operator, { title: 'Live news' })).json().data.id as number;
    const [heardA1, heardA2, heardB] = await Promise.all([
      a1.next('notification'),
      a2.next('notification'),
      b.next('notification'),
    ]);
    expect(Date.now() - started).toBeLessThan(1000);
    for (const heard of [heardA1, heardA2, heardB])
      expect(heard.data).toEqual({ kind: 'created', id: posted, company_id: null });

    // A company's own notification (from a job, after its commit): A hears it, B hears the next platform one first.
    const seenB = b.frames.length;
    const seenA = a1.frames.length;
    const own = await fromJob(companyA, 'Only for A');
    expect((await a1.next('notification', seenA)).data).toEqual({
      kind: 'created',
      id: own,
      company_id: companyA,
    });
    const later = (await post(operator, { title: 'Again for everyone' })).json().data.id as number;
    expect((await b.next('notification', seenB)).data).toEqual({
      kind: 'created',
      id: later,
      company_id: null,
    });

    // A write that fails pushes nothing: the next push a2 hears is the delete's.
    const seenDelete = a2.frames.length;
    expect((await post(operator, { title: '' })).statusCode).toBe(422);
    await call(h.app, operator, { method: 'DELETE', url: `/api/notifications/${later}` });
    expect((await a2.next('notification', seenDelete)).data).toEqual({
      kind: 'deleted',
      id: later,
      company_id: null,
    });

    // Closed streams leave no listener behind.
    for (const s of [a1, a2, b]) s.close();
    await vi.waitFor(() => expect(h.app.deps.notifications!.listeners()).toBe(listenersBefore), {
      timeout: 2000,
      interval: 10,
    });
  });

  it('refuses a stream without a token (401) and through another company (404)', async () => {
    const none = await fetch(`${base}/api/${companyA}/rentloopdb/notifications/stream`);
    expect(none.status).toBe(401);
    const other = await fetch(`${base}/api/${companyA}/rentloopdb/notifications/stream`, {
      headers: staffB.headers,
    });
    expect(other.status).toBe(404);
  });
});
