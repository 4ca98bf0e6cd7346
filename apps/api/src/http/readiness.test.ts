/**
 * GET /api/health/ready: 200 when the database answers and no demo data is still being made; 503 with
 * its reason while the first start's demo job waits or runs (the browser suite waits on it).
 */
import { describe, expect, it } from 'vitest';
import { companies } from '../db/schema/index.ts';
import { seedDemoCustomersJob } from '../jobs/definitions.ts';
import { enqueue } from '../jobs/queue.ts';
import { DEMO_DATA_PENDING } from '../seed/bootstrap.ts';
import { useHarness } from '../testing/harness.ts';

// Mail only: the workers started run the mail job, so a queued demo job stays queued until cancelled.
const h = useHarness({ mail: true });

describe('readiness', () => {
  it('is ready without pending demo data, not ready while the demo job waits, ready again after', async () => {
    const ready = () => h.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect((await ready()).json()).toEqual({
      status: true,
      message: 'ready',
      data: { database: h.database.kind },
    });

    const [company] = await h.database.primary.insert(companies).values({ name: 'Ready Co' }).returning();
    const jobId = await h.database.primary.transaction((tx) =>
      enqueue(h.boss, tx, seedDemoCustomersJob, { companyId: company!.id, count: 5, seed: 1 }),
    );
    const waiting = await ready();
    expect(waiting.statusCode).toBe(503);
    expect(waiting.json()).toMatchObject({ status: false, message: DEMO_DATA_PENDING });

    await h.boss.cancel(seedDemoCustomersJob.name, String(jobId));
    expect((await ready()).statusCode).toBe(200);
    // The plain health check never waited on it.
    expect((await h.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
