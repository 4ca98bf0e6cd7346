/**
 * Test companies and their business clock (modules/companies/clock.ts, migration 0038): only a test
 * company's clock moves, only forward, a day at a time with the due business jobs run on each day's
 * clock; company routes then live in business time on every instance (the session cache forgets the
 * old offset); a real company never becomes a test company.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Ctx, fixedClock, type Transact, withDb } from '../../context.ts';
import { sqlStateOf } from '../../db/errors.ts';
import { events } from '../../db/schema/index.ts';
import { seedCompanyRecords } from '../../testing/company-records.ts';
import {
  call,
  createCompany,
  createUser,
  customerBody,
  type TestUser,
  useHarness,
} from '../../testing/harness.ts';
import { advanceCompanyClock } from './clock.ts';

const wall = fixedClock('2026-03-10T09:00:00.000Z');
const h = useHarness({ clock: wall });
let operator: TestUser;
let owner: TestUser;
let sandbox: { id: number };
let real: { id: number };

beforeAll(async () => {
  operator = await createUser(h, { globalRole: 'super-admin' });
  sandbox = await createCompany(h.database, { is_test: true });
  real = await createCompany(h.database);
  owner = await createUser(h, { company: sandbox, role: 'owner' });
});

const advance = (companyId: number, body: object, user = operator) =>
  call(h.app, user, { method: 'POST', url: `/api/companies/${companyId}/clock/advance`, payload: body });
/** The business time a company route works in: that of the event its write records. */
const createdAt = async () => {
  const res = await call(h.app, owner, {
    method: 'POST',
    url: `/api/${sandbox.id}/rentloopdb/customers`,
    payload: customerBody(),
  });
  expect(res.statusCode).toBe(201);
  const [event] = await h.database.primary
    .select({ at: events.created_at })
    .from(events)
    .where(and(eq(events.object, 'customer'), eq(events.object_id, res.json().data.id)));
  return new Date(event!.at).toISOString();
};

describe('advancing a test company’s clock', () => {
  it('runs each business job once per day on that day’s clock, then company routes live in business time', async () => {
    // A request before the move: the owner's session (with the old offset) is in the session cache.
    expect(await createdAt()).toBe('2026-03-10T09:00:00.000Z');
    const seen: string[] = [];
    const ctx = {
      db: h.database.primary,
      actor: {
        kind: 'user' as const,
        userId: operator.id,
        sessionId: 0,
        globalRole: 'super-admin' as const,
        companyId: null,
        companyRole: null,
        emailVerified: true,
      },
      clock: wall,
      deps: h.app.deps,
    };
    const jobs = [
      {
        name: 'record',
        run: async (c: Ctx, transact: Transact) => {
          expect(c.companyId).toBe(sandbox.id);
          seen.push(c.clock.now().toISOString());
          // The job's transaction works on the same day's clock.
          expect(await transact(async (tx) => tx.clock.now().toISOString())).toBe(seen.at(-1));
          return 1;
        },
      },
    ];
    const transactFor =
      (c: Ctx): Transact =>
      (work) =>
        h.database.primary.transaction((tx) => work(withDb(c, tx)));
    const result = await advanceCompanyClock(ctx, sandbox.id, { days: 3 }, { jobs, transactFor });
    expect(seen).toEqual([
      '2026-03-11T09:00:00.000Z',
      '2026-03-12T09:00:00.000Z',
      '2026-03-13T09:00:00.000Z',
    ]);
    expect(result.steps.map((s) => s.business_date)).toEqual(['2026-03-11', '2026-03-12', '2026-03-13']);
    expect(result.steps.every((s) => s.ran.record === 1)).toBe(true);
    expect(result.business_now).toBe('2026-03-13T09:00:00.000Z');
    // The same owner's next request: the cached session was dropped with the move (NOTIFY).
    expect(await createdAt()).toBe('2026-03-13T09:00:00.000Z');
    const clock = await call(h.app, operator, { method: 'GET', url: `/api/companies/${sandbox.id}/clock` });
    expect(clock.json().data).toMatchObject({
      is_test: true,
      offset_ms: 3 * 86_400_000,
      wall_now: '2026-03-10T09:00:00.000Z',
    });
  });

  it('moves to a given time through the route, never backwards (422 naming the field)', async () => {
    const moved = await advance(sandbox.id, { to: '2026-03-20T12:00:00Z' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().message).toBe(MESSAGES.clockAdvanced);
    expect(moved.json().data.business_now).toBe('2026-03-20T12:00:00.000Z');
    // Seven whole days from 13 March 09:00, then the last three hours.
    const dates = moved.json().data.steps.map((step: { business_date: string }) => step.business_date);
    expect(dates).toEqual(['14', '15', '16', '17', '18', '19', '20', '20'].map((d) => `2026-03-${d}`));
    const back = await advance(sandbox.id, { to: '2026-03-15T00:00:00Z' });
    expect(back.statusCode).toBe(422);
    expect(back.json().errors).toEqual({ to: [MESSAGES.clockBackwards] });
    const both = await advance(sandbox.id, { to: '2026-04-01T00:00:00Z', days: 2 });
    expect(both.statusCode).toBe(422);
    expect(Object.keys(both.json().errors)).toEqual(['days']);
  });

  it('refuses a real company’s clock, in the route and in the database', async () => {
    const refused = await advance(real.id, { days: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MESSAGES.clockNotTest);
    const error = await h.database.primary
      .execute(sql`INSERT INTO company_clocks (company_id, offset_ms) VALUES (${real.id}, 1000)`)
      .catch((e: unknown) => e);
    expect(sqlStateOf(error)).toBe('RL003');
  });

  it('is for operators: staff get 403, an unknown company 404', async () => {
    expect((await advance(sandbox.id, { days: 1 }, owner)).statusCode).toBe(403);
    expect((await advance(999_999, { days: 1 })).statusCode).toBe(404);
  });
});

describe('the test flag', () => {
  it('only operators set it; a company with orders never becomes a test company; a moved clock keeps it', async () => {
    const put = (user: TestUser, id: number, is_test: boolean) =>
      call(h.app, user, { method: 'PUT', url: `/api/companies/${id}`, payload: { is_test } });
    const ownersOwn = await createCompany(h.database);
    const ownerOfIt = await createUser(h, { company: ownersOwn, role: 'owner' });
    const byOwner = await put(ownerOfIt, ownersOwn.id, true);
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json().message).toBe(MESSAGES.testFlagOperatorsOnly);
    expect((await put(operator, ownersOwn.id, true)).json().data.is_test).toBe(true);
    expect((await put(operator, ownersOwn.id, false)).json().data.is_test).toBe(false);

    const trading = await createCompany(h.database);
    const tradingOwner = await createUser(h, { company: trading, role: 'owner' });
    const tradingMember = await createUser(h, { company: trading, role: 'user' });
    await seedCompanyRecords(h, {
      companyId: trading.id,
      marker: 'trading',
      owner: tradingOwner,
      member: tradingMember,
    });
    const refused = await put(operator, trading.id, true);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ is_test: [MESSAGES.companyHasOrders] });
    const stays = await put(operator, sandbox.id, false);
    expect(stays.statusCode).toBe(422);
    expect(stays.json().errors).toEqual({ is_test: [MESSAGES.companyStaysTest] });
  });
});
