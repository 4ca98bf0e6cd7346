/**
 * transition(): the one way an object changes state (transition.ts), shown on user statuses (the
 * stateful object that exists so far), and `GET /api/auth/users/{id}/actions` from the same table.
 */
import { USER_STATUSES, USER_TRANSITIONS, type UserStatus } from '@rentloop/domain/users';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, type PlatformCtx, type UserActor } from '../../context.ts';
import { events, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';
import { activateIfInvited, userMachine } from '../auth/account-status.ts';
import { transition } from './transition.ts';

const h = useHarness();
let operator: TestUser;
let owner: TestUser;
let member: TestUser;
const clock = fixedClock('2026-03-01T10:00:00.000Z');

const actorOf = (u: TestUser): UserActor => ({
  kind: 'user',
  userId: u.id,
  sessionId: 0,
  globalRole: 'super-admin',
  companyId: null,
  companyRole: null,
  emailVerified: true,
});

/** Runs `fn` in its own transaction, as a request would, acting as the operator. */
const inTransaction = <T>(fn: (ctx: PlatformCtx) => Promise<T>) =>
  h.database.primary.transaction((tx) => fn({ db: tx, actor: actorOf(operator), clock, deps: h.app.deps }));

const setStatus = (id: number, status: UserStatus) =>
  h.database.primary.update(users).set({ status }).where(eq(users.id, id));
const userRow = async (id: number) =>
  (await h.database.primary.select().from(users).where(eq(users.id, id)))[0]!;
const eventsOf = (id: number) =>
  h.database.primary
    .select()
    .from(events)
    .where(and(eq(events.object, 'user'), eq(events.object_id, id)))
    .orderBy(events.id);

beforeAll(async () => {
  const company = await createCompany(h.database);
  operator = await createUser(h, { globalRole: 'super-admin' });
  owner = await createUser(h, { company, role: 'owner' });
  member = await createUser(h, { company, role: 'user' });
});

describe('transition()', () => {
  it('changes the row, stamps it with the clock and writes the event in the same transaction', async () => {
    await setStatus(member.id, 'active');
    const before = (await eventsOf(member.id)).length;
    const done = await inTransaction((ctx) =>
      transition(ctx, userMachine, member.id, 'disable', { guard: { self: false }, payload: { note: 'x' } }),
    );
    expect(done).toMatchObject({ action: 'disable', from: 'active', to: 'disabled' });
    const row = await userRow(member.id);
    expect(row.status).toBe('disabled');
    expect(row.updated_at).toBe('2026-03-01T10:00:00.000Z');
    const written = await eventsOf(member.id);
    expect(written).toHaveLength(before + 1);
    expect(written.at(-1)).toMatchObject({
      id: done.eventId,
      company_id: null,
      type: 'user.status_changed',
      object: 'user',
      object_id: member.id,
      actor_id: operator.id,
      payload: { action: 'disable', from: 'active', to: 'disabled', note: 'x' },
      created_at: '2026-03-01T10:00:00.000Z',
    });
  });

  it('refuses an action from a state it does not start from with 409 and the table’s message, changing nothing', async () => {
    await setStatus(member.id, 'disabled');
    const row = await userRow(member.id);
    const before = await eventsOf(member.id);
    clock.advance(60_000);
    const refused = await inTransaction((ctx) =>
      transition(ctx, userMachine, member.id, 'disable', { guard: { self: false } }),
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: 'conflict',
      status: 409,
      message: 'The user is already disabled.',
    });
    expect(await userRow(member.id)).toEqual(row);
    expect(await eventsOf(member.id)).toEqual(before);
  });

  it('refuses what the guard refuses (disabling oneself), changing nothing', async () => {
    const before = await eventsOf(operator.id);
    const refused = await inTransaction((ctx) =>
      transition(ctx, userMachine, operator.id, 'disable', { guard: { self: true } }),
    ).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 409, message: 'You cannot disable your own account.' });
    expect((await userRow(operator.id)).status).toBe('active');
    expect(await eventsOf(operator.id)).toEqual(before);
  });

  it('guards on the locked row, writes `set` from it with the status in one UPDATE, and returns the row', async () => {
    await setStatus(member.id, 'active');
    await h.database.primary.update(users).set({ name: 'Before' }).where(eq(users.id, member.id));
    const seen: unknown[] = [];
    const done = await inTransaction((ctx) =>
      transition(ctx, userMachine, member.id, 'disable', {
        guard: (row) => {
          seen.push(row.name);
          return { self: false };
        },
        // A status in `set` is ignored: only the table moves the status.
        set: (row) => ({ name: `${row.name} (disabled)`, status: 'invited' as const }),
      }),
    );
    expect(seen).toEqual(['Before']);
    expect(done.row).toMatchObject({ id: member.id, status: 'disabled', name: 'Before (disabled)' });
    expect(done.row.updated_at).toBe(clock.now().toISOString());
    expect(await userRow(member.id)).toEqual(done.row);
  });

  it('writes nothing of `set` when the guard refuses', async () => {
    await setStatus(operator.id, 'active');
    const before = await userRow(operator.id);
    const refused = await inTransaction((ctx) =>
      transition(ctx, userMachine, operator.id, 'disable', {
        guard: (row) => ({ self: row.id === operator.id }),
        set: { name: 'Changed' },
      }),
    ).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 409, message: 'You cannot disable your own account.' });
    expect(await userRow(operator.id)).toEqual(before);
  });

  it('answers 404 for an object that does not exist', async () => {
    const missing = await inTransaction((ctx) =>
      transition(ctx, userMachine, 987_654_321, 'activate', { guard: { self: false } }),
    ).catch((e: unknown) => e);
    expect(missing).toMatchObject({ status: 404 });
  });

  it('lets exactly one of two concurrent transitions of one row win; the other is a 409', async () => {
    // On PostgreSQL the two run on two connections; without the lock and the compare-and-set both win
    // (checked by removing them). On PGlite they queue on its one connection.
    for (let round = 0; round < 5; round++) {
      await setStatus(member.id, 'active');
      const before = (await eventsOf(member.id)).length;
      const results = await Promise.allSettled([
        inTransaction((ctx) =>
          transition(ctx, userMachine, member.id, 'disable', { guard: { self: false } }),
        ),
        inTransaction((ctx) =>
          transition(ctx, userMachine, member.id, 'disable', { guard: { self: false } }),
        ),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(lost.reason).toMatchObject({ status: 409, message: 'The user is already disabled.' });
      expect((await userRow(member.id)).status).toBe('disabled');
      expect(await eventsOf(member.id)).toHaveLength(before + 1);
    }
  });

  it('rolls the event back with a transaction that fails after it', async () => {
    await setStatus(member.id, 'disabled');
    const before = await eventsOf(member.id);
    await inTransaction(async (ctx) => {
      await transition(ctx, userMachine, member.id, 'activate', { guard: { self: false } });
      throw new Error('later step failed');
    }).catch(() => undefined);
    expect((await userRow(member.id)).status).toBe('disabled');
    expect(await eventsOf(member.id)).toEqual(before);
  });
});

describe('user status through the API', () => {
  const put = (user: TestUser, id: number, payload: object) =>
    call(h.app, user, { method: 'PUT', url: `/api/auth/users/${id}`, payload });
  const actions = (user: TestUser, id: number) =>
    call(h.app, user, { method: 'GET', url: `/api/auth/users/${id}/actions` });

  it('PUT /api/auth/users/{id} with a status goes through the table: event, ended sessions, the same status again is no change', async () => {
    const target = await createUser(h);
    const before = (await eventsOf(target.id)).length;
    const res = await put(operator, target.id, { status: 'disabled' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('disabled');
    const written = await eventsOf(target.id);
    expect(written).toHaveLength(before + 1);
    expect(written.at(-1)).toMatchObject({ type: 'user.status_changed', actor_id: operator.id });
    // The disabled user's session ended.
    expect((await call(h.app, target, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    // The same status again: 200, nothing written.
    expect((await put(operator, target.id, { status: 'disabled' })).statusCode).toBe(200);
    expect(await eventsOf(target.id)).toHaveLength(before + 1);
    // And back.
    expect((await put(operator, target.id, { status: 'active' })).json().data.status).toBe('active');
    expect((await eventsOf(target.id)).at(-1)?.payload).toEqual({
      action: 'activate',
      from: 'disabled',
      to: 'active',
    });
  });

  it('keeps the contract: disabling oneself is a 409; a non-operator may not set a status (403)', async () => {
    const self = await put(operator, operator.id, { status: 'disabled' });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('You cannot disable your own account.');
    expect((await put(owner, owner.id, { status: 'disabled' })).statusCode).toBe(403);
  });

  it('GET /api/auth/users/{id}/actions answers the table’s actions for every status', async () => {
    const target = await createUser(h);
    for (const status of USER_STATUSES) {
      await setStatus(target.id, status);
      const res = await actions(operator, target.id);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        status,
        actions: USER_TRANSITIONS.filter((t) => t.from.includes(status)).map((t) => ({
          action: t.action,
          to: t.to,
        })),
      });
    }
    await setStatus(target.id, 'active');
  });

  it('leaves out what the guard refuses (an operator’s own disable), answers 404 for no user, 403 for staff', async () => {
    expect((await actions(operator, operator.id)).json().data).toEqual({ status: 'active', actions: [] });
    expect((await actions(operator, 987_654_321)).statusCode).toBe(404);
    expect((await actions(owner, member.id)).statusCode).toBe(403);
    expect((await actions(owner, owner.id)).statusCode).toBe(403);
  });

  it('every action the answer offers is accepted, and nothing else is', async () => {
    const target = await createUser(h);
    for (const status of ['active', 'disabled'] as const) {
      await setStatus(target.id, status);
      const offered = (await actions(operator, target.id)).json().data.actions as { to: string }[];
      for (const to of ['active', 'disabled'] as const) {
        await setStatus(target.id, status);
        const res = await put(operator, target.id, { status: to });
        // Asking for the current status is no change (200); any other target must be on offer.
        const expected = to === status || offered.some((a) => a.to === to) ? 200 : 409;
        expect(res.statusCode, `${status} -> ${to}`).toBe(expected);
      }
    }
  });

  it('a support user is offered nothing on a super-admin (the server would refuse every change)', async () => {
    const support = await createUser(h, { globalRole: 'support-user' });
    const superAdmin = await createUser(h, { globalRole: 'super-admin' });
    expect((await actions(support, superAdmin.id)).json().data).toEqual({ status: 'active', actions: [] });
    expect((await put(support, superAdmin.id, { status: 'disabled' })).statusCode).toBe(403);
    // The same support user is offered the table's actions on a merchant's user.
    expect((await actions(support, member.id)).json().data.actions.length).toBeGreaterThan(0);
  });

  it('an invited account that gets its password becomes active through the table, with its event', async () => {
    const target = await createUser(h);
    await setStatus(target.id, 'invited');
    const res = await call(h.app, operator, {
      method: 'PUT',
      url: `/api/auth/users/password/${target.id}`,
      payload: { password: 'a-New-passphrase-42' },
    });
    expect(res.statusCode).toBe(200);
    expect((await userRow(target.id)).status).toBe('active');
    expect((await eventsOf(target.id)).at(-1)).toMatchObject({
      type: 'user.status_changed',
      actor_id: operator.id,
      payload: { action: 'activate', from: 'invited', to: 'active', reason: 'password_set' },
    });
  });
});

describe('activateIfInvited()', () => {
  it('activates only an invited account: a disabled one stays disabled, an active one writes nothing', async () => {
    const target = await createUser(h);
    for (const [status, after] of [
      ['invited', 'active'],
      ['disabled', 'disabled'],
      ['active', 'active'],
    ] as const) {
      await setStatus(target.id, status);
      const before = (await eventsOf(target.id)).length;
      await inTransaction((ctx) => activateIfInvited(ctx, target.id, 'invitation_accepted'));
      expect((await userRow(target.id)).status, status).toBe(after);
      expect((await eventsOf(target.id)).length, status).toBe(before + (status === 'invited' ? 1 : 0));
    }
  });
});
