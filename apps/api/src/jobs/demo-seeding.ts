/**
 * Which companies a demo seed job (jobs/definitions.ts, `demo-seed-customers`) is still filling. While
 * it makes a company's history it runs that company's business days itself, each on the day's clock
 * (seed/demo-billing.ts); the hourly business-day cron must leave such a company alone. Run beside the
 * seed it would bill every payment due by the real today while the history is still months back
 * (invoices numbered out of their days' order), and on PostgreSQL its billing run and the seed's took
 * the same rows in opposite orders (a deadlock, seen on the browser tests' PostgreSQL server).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

export const DEMO_SEED_JOB = 'demo-seed-customers';

/** The ids of the companies with a demo seed job queued, running or waiting for its retry. */
export async function companiesBeingSeeded(db: Database['primary']): Promise<Set<number>> {
  // No job table (a database whose queue was never started, as in unit-level tests): no seed runs.
  const table = (await db.execute(sql`select to_regclass('pgboss.job') as t`)) as unknown as {
    rows: { t: string | null }[];
  };
  if (!table.rows[0]?.t) return new Set();
  const jobs = (await db.execute(
    sql`select distinct (data->>'companyId')::int as id from pgboss.job
         where name = ${DEMO_SEED_JOB} and state in ('created', 'retry', 'active')`,
  )) as unknown as { rows: { id: number }[] };
  return new Set(jobs.rows.map((r) => Number(r.id)));
}
