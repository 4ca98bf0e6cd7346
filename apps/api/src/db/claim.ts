/**
 * Claiming due work across workers (shared/BILLING.md "The billing run"): each worker takes a batch of
 * due rows with `FOR UPDATE SKIP LOCKED`, so two workers (or two runs of one job) never take the same
 * row, and nobody waits on a row another worker holds. The rows stay locked until the caller's
 * transaction ends: do the batch's database work in it (issue invoices, commit attempts as
 * `processing`), and let the row's new state say it is taken once the transaction commits; network
 * calls come after, outside any transaction.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './client.ts';

export interface DueQuery {
  table: PgTable;
  id: PgColumn;
  /** What makes a row due, including its company when the work is per company. */
  due: SQL;
  /** The order work is taken in (oldest due first); the id breaks ties. */
  order: PgColumn;
  limit: number;
}

/** The ids of up to `limit` due rows, locked for `tx`; rows other transactions hold are skipped. */
export async function claimDue(tx: Tx, q: DueQuery): Promise<number[]> {
  const result = await tx.execute(
    sql`SELECT ${q.id} AS id FROM ${q.table} WHERE ${q.due}
         ORDER BY ${q.order}, ${q.id} LIMIT ${q.limit} FOR UPDATE SKIP LOCKED`,
  );
  return (result as unknown as { rows: { id: string | number }[] }).rows.map((r) => Number(r.id));
}
