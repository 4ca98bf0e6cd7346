/**
 * The audit context of a transaction: transaction-local settings that the history trigger
 * (migration 0004) records with every change. Requests set it from the request
 * (http/transactions.ts), jobs from the job and whoever enqueued it.
 */
import { sql } from 'drizzle-orm';
import type { AuditContext } from '../context.ts';
import type { Tx } from './client.ts';

export async function setAuditContext(tx: Tx, ctx: AuditContext) {
  await tx.execute(sql`select
    set_config('rentloop.user_id', ${ctx.userId === null ? '' : String(ctx.userId)}, true),
    set_config('rentloop.request_id', ${ctx.requestId}, true),
    set_config('rentloop.ip', ${ctx.ip}, true)`);
}
