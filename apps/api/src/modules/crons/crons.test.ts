import { MESSAGES } from '@rentloop/domain/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';

// With the job workers: run now runs the real job.
const h = useHarness({ jobs: true });
let companyId: number;
let operator: TestUser;
let owner: TestUser;

const url = (path = '', company = companyId) => `/api/${company}/system/crons${path}`;
const send = (
  user: TestUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path = '',
  payload?: object,
) => call(h.app, user, { method, url: url(path), ...(payload ? { payload } : {}) });

type CronRow = { id: number; name: string; enabled: boolean; next_runs: string[] };
const cronNamed = async (name: string) =>
  ((await send(operator, 'GET')).json().data as CronRow[]).find((c) => c.name === name);

beforeAll(async () => {
  const company = await createCompany(h.database);
  companyId = company.id;
  operator = await createUser(h, { globalRole: 'super-admin' });
  owner = await createUser(h, { company, role: 'owner' });
});

describe('the Cron Manager', () => {
  it("lists the platform's scheduled jobs with their next three runs, to operators only", async () => {
    const res = await send(operator, 'GET');
    expect(res.statusCode).toBe(200);
    // The envelope of every list: the crons as `data`, all on one page.
    const { data: crons, is_paginated, meta } = res.json();
    expect(is_paginated).toBe(true);
    expect(meta).toMatchObject({ current_page: 1, last_page: 1, total: 5, from: 1, to: 5 });
    const available_jobs = (await send(operator, 'GET', '/jobs')).json().data;
    expect(crons.map((c: CronRow) => c.name)).toEqual([
      'business-day',
      'insights-rollups',
      'sessions-purge-expired',
      'trail-counts-fold',
      'webhooks-deliver',
    ]);
    const purge = crons[2];
    expect(purge).toMatchObject({ cron: '17 3 * * *', timezone: 'UTC', enabled: true });
    expect(purge.next_runs).toHaveLength(3);
    expect(purge.next_runs.every((t: string) => t.endsWith('T03:17:00.000Z'))).toBe(true);
    expect(available_jobs).toEqual([]);
    expect((await send(owner, 'GET')).statusCode).toBe(403);
    expect((await send(null, 'GET')).statusCode).toBe(401);
    expect((await call(h.app, operator, { method: 'GET', url: url('', 999_999) })).statusCode).toBe(404);
  });

  it('changes a schedule (expression, time zone, enabled) and pg-boss follows', async () => {
    const purge = (await cronNamed('sessions-purge-expired'))!;
    const res = await send(operator, 'PUT', `/${purge.id}`, {
      cron: '30 2 * * 1',
      timezone: 'Europe/Berlin',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: MESSAGES.cronUpdated, data: { cron: '30 2 * * 1' } });
    // 02:30 in Berlin is 01:30 UTC in winter.
    expect(res.json().data.next_runs[0]).toMatch(/T01:30:00.000Z$/);
    let schedules = await h.boss.getSchedules();
    expect(schedules.find((s) => s.name === 'sessions-purge-expired')).toMatchObject({
      cron: '30 2 * * 1',
      timezone: 'Europe/Berlin',
    });
    const off = await send(operator, 'PUT', `/${purge.id}`, { enabled: false });
    expect(off.json().data).toMatchObject({ enabled: false, next_runs: [] });
    schedules = await h.boss.getSchedules();
    expect(schedules.some((s) => s.name === 'sessions-purge-expired')).toBe(false);
    await send(operator, 'PUT', `/${purge.id}`, { enabled: true });
  });

  it('answers 422 naming the field for a bad expression or time zone', async () => {
    const purge = (await cronNamed('sessions-purge-expired'))!;
    for (const [body, field] of [
      [{ cron: '61 * * * *' }, 'cron'],
      [{ cron: 'every day' }, 'cron'],
      [{ timezone: 'Mars/Olympus' }, 'timezone'],
    ] as const) {
      const res = await send(operator, 'PUT', `/${purge.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().message).toBe(MESSAGES.cronUpdateFailed);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    const unknown = await send(operator, 'POST', '', { name: 'no-such-job', cron: '* * * * *' });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['name']);
    const twice = await send(operator, 'POST', '', { name: 'trail-counts-fold', cron: '* * * * *' });
    expect(twice.statusCode).toBe(422);
    expect(Object.keys(twice.json().errors)).toEqual(['name']);
  });

  it('runs a job now and shows its last run and result', async () => {
    const fold = (await cronNamed('trail-counts-fold'))!;
    const res = await send(operator, 'POST', `/${fold.id}/run`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: MESSAGES.cronRan,
      data: { name: 'trail-counts-fold', last_result: 'completed', last_error: null },
    });
    expect(res.json().data.last_run_at).not.toBeNull();
    expect((await call(h.app, owner, { method: 'POST', url: url(`/${fold.id}/run`) })).statusCode).toBe(403);
  });

  it('deletes a schedule and creates it again', async () => {
    const fold = (await cronNamed('trail-counts-fold'))!;
    const gone = await send(operator, 'DELETE', `/${fold.id}`);
    expect(gone.json()).toMatchObject({ status: true, message: MESSAGES.cronDeleted });
    expect((await h.boss.getSchedules()).some((s) => s.name === 'trail-counts-fold')).toBe(false);
    expect((await send(operator, 'GET', '/jobs')).json().data).toEqual(['trail-counts-fold']);
    expect((await send(operator, 'GET', `/${fold.id}`)).statusCode).toBe(404);
    const made = await send(operator, 'POST', '', { name: 'trail-counts-fold', cron: '*/5 * * * *' });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({
      message: MESSAGES.cronCreated,
      data: { timezone: 'UTC', enabled: true },
    });
    expect((await h.boss.getSchedules()).find((s) => s.name === 'trail-counts-fold')?.cron).toBe(
      '*/5 * * * *',
    );
  });
});
