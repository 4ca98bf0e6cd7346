/**
 * Step 3 of a charge (charge.ts `recordOutcome`) for many answers at once, set at a time: the billing
 * run's record phase (recurring-payments/record.ts; docs/decisions.md 80). In the caller's transaction,
 * with a fixed number of statements per group rather than five to ten per answer: one read each of the
 * attempts (locked), their invoices (locked when the answer settles or fails them, as `recordOutcome`
 * locks them) and their recurring payments (locked); one `UPDATE ... FROM (VALUES ...)` each for the
 * attempts, the invoices and the payments, with the compare-and-set on the status read under the lock
 * that `transition()` makes; one count of the settled invoices' open and failed attempts. Every move is
 * checked against the same transition tables and guards as `transition()` checks them, and a refusal
 * throws the same 409 (the caller then records each answer alone: recurring-payments/record.ts).
 *
 * What stays one by one, in the answers' order and after each answer's own moves as `recordOutcome`
 * calls it: the dunning (`dunningAfterFailure` for a failed charge, `dunningAfterSuccess` for a paid
 * one whose payment has a running dunning, found by one read). The dunning reads and writes nothing
 * another answer of the group moves (attempts, invoices' payment status, payments' status). The events
 * go out in the order `recordOutcome` writes them, answer after answer (the attempt's, the invoice's,
 * the payment's, then the dunning's).
 *
 * Only the answers the billing run makes take this way: a charge of an invoice of one recurring payment
 * (not an order's initial invoice, not a collective one, not a refund), each attempt, invoice and
 * payment once in the group. A group with any other answer is recorded answer by answer through
 * `recordOutcome`, as before.
 */
import { INVOICE_PAYMENT_TRANSITIONS } from '@rentloop/domain/invoices';
import { OPEN_TRANSACTION_STATES, TRANSACTION_TRANSITIONS } from '@rentloop/domain/payments';
import { RECURRING_PAYMENT_TRANSITIONS } from '@rentloop/domain/recurring-payments';
import { refusal, type TransitionTable, transitionOf } from '@rentloop/domain/transitions';
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Ctx } from '../../context.ts';
import { unnestArguments } from '../../db/insert-rows.ts';
import { dunnings, invoices, recurringPayments, transactions } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import type { GatewayOutcome } from '../../integrations/payments/types.ts';
import { dunningAfterFailure, dunningAfterSuccess } from '../dunning/outcomes.ts';
import { holdingEvents, type NewEvent, recordEvents } from '../events/service.ts';
import { recordOutcome } from './charge.ts';

type TxRow = typeof transactions.$inferSelect;

export interface Answer {
  attemptId: number;
  outcome: GatewayOutcome;
}

/** A row's move by a transition table: what `transition()` would check, write and record. */
interface Move {
  id: number;
  from: string;
  to: string;
  event: NewEvent;
}

/**
 * One row's move by `action`, refused with the table's 409 as `transition()` refuses it (the row is
 * locked by the caller's read, so `from` is what the UPDATE compares with).
 */
function move<S extends string, A extends string, G>(
  table: TransitionTable<S, A, G>,
  object: string,
  id: number,
  from: S,
  action: A,
  guard: G,
  payload: Record<string, unknown> = {},
): Move {
  const refused = refusal(table, action, from, guard);
  if (refused !== null) throw new AppError('conflict', refused);
  const t = transitionOf(table, action);
  return {
    id,
    from,
    to: t.to,
    event: {
      type: t.event ?? `${object}.status_changed`,
      object,
      objectId: id,
      payload: { action, from, to: t.to, ...payload },
    },
  };
}

interface Target {
  table: PgTable;
  id: PgColumn;
  companyId: PgColumn;
  status: PgColumn;
  /** The property names drizzle writes the status and `updated_at` under. */
  statusKey: string;
}

/**
 * The moves of one table in one UPDATE: each row from the status read under the lock to its new one,
 * `updated_at` the clock's time, and the columns of `extra` from each move's values (in the order of
 * `extra.columns`, each of its SQL type); answers the rows as written. The rows come in as one array
 * parameter per column spread by `unnest()`, a statement of constant size (decision 93; as
 * db/insert-rows.ts).
 */
async function moveRows(
  ctx: Ctx,
  target: Target,
  moves: readonly Move[],
  extra: { columns: readonly (readonly [name: string, type: string])[]; values: (m: Move) => unknown[] } = {
    columns: [],
    values: () => [],
  },
): Promise<Record<string, unknown>[]> {
  if (moves.length === 0) return [];
  const columns: (readonly [string, string])[] = [
    ['id', 'bigint'],
    ['from_status', 'text'],
    ['to_status', 'text'],
    ...extra.columns,
  ];
  const arrays = columns.map(() => [] as unknown[]);
  for (const m of moves)
    for (const [i, value] of [m.id, m.from, m.to, ...extra.values(m)].entries())
      arrays[i]!.push(value ?? null);
  const spread = unnestArguments(
    columns.map(([, type]) => type),
    arrays,
  );
  const names = columns.map(([name]) => name).join(', ');
  const set: Record<string, unknown> = {
    [target.statusKey]: sql`v.to_status`,
    updated_at: ctx.clock.now().toISOString(),
  };
  for (const [column] of extra.columns) set[column] = sql.raw(`v.${column}`);
  const written = await ctx.db
    .update(target.table)
    .set(set)
    .from(sql`unnest(${spread}) AS v(${sql.raw(names)})`)
    .where(
      and(
        eq(target.companyId, ctx.companyId),
        eq(target.id, sql`v.id`),
        eq(target.status, sql`v.from_status`),
      ),
    )
    .returning(getTableColumns(target.table));
  // Under the lock nothing can have moved them (transition()'s compare-and-set would answer its 409).
  if (written.length !== moves.length) throw new Error('A row of the group was not moved.');
  return written as Record<string, unknown>[];
}

const ATTEMPTS: Target = {
  table: transactions,
  id: transactions.id,
  companyId: transactions.company_id,
  status: transactions.state,
  statusKey: 'state',
};
const INVOICES: Target = {
  table: invoices,
  id: invoices.id,
  companyId: invoices.company_id,
  status: invoices.payment_status,
  statusKey: 'payment_status',
};
const PAYMENTS: Target = {
  table: recurringPayments,
  id: recurringPayments.id,
  companyId: recurringPayments.company_id,
  status: recurringPayments.status,
  statusKey: 'status',
};

/** The attempt's columns `recordOutcome` writes with its state, from the answer, with their SQL types. */
const ANSWER_COLUMNS = [
  ['provider_status', 'text'],
  ['provider_reference', 'text'],
  ['decline_code', 'text'],
  ['decline_advice_code', 'text'],
  ['decline_class', 'text'],
  ['decline_reason', 'text'],
  ['decline_message', 'text'],
  ['raw', 'jsonb'],
] as const;

function answerValues(outcome: GatewayOutcome): unknown[] {
  const decline = outcome.state === 'failed' ? outcome.decline : null;
  return [
    outcome.state === 'unknown' ? null : outcome.providerStatus,
    outcome.state === 'unknown' ? null : outcome.providerReference,
    decline?.code,
    decline?.adviceCode,
    decline?.class,
    decline?.reason,
    decline?.message ?? (outcome.state === 'unknown' ? outcome.error : null),
    // As drizzle writes a jsonb column: the value's JSON text.
    outcome.raw == null ? null : JSON.stringify(outcome.raw),
  ];
}

/** The invoice's facts the record phase reads (not the whole frozen document). */
const invoiceFacts = {
  id: invoices.id,
  type: invoices.type,
  status: invoices.status,
  payment_status: invoices.payment_status,
  recurring_payment_id: invoices.recurring_payment_id,
};

/**
 * Records `answers` in the caller's transaction as `recordOutcome` would record them one after another;
 * answers the attempts as recorded, in the answers' order.
 */
export async function recordOutcomes(ctx: Ctx, answers: readonly Answer[]): Promise<TxRow[]> {
  if (answers.length === 0) return [];
  // The events keep recordOutcome's order only when they are held for one insert at the end.
  if (!ctx.heldEvents) return holdingEvents(ctx, (held) => recordOutcomes(held, answers));
  const rows = await recordAsSet(ctx, answers);
  if (rows) return rows;
  const out: TxRow[] = [];
  for (const a of answers) out.push(await recordOutcome(ctx, a.attemptId, a.outcome));
  return out;
}

/**
 * The set path: null (nothing written, the attempts locked) when an answer is not one it takes, so the
 * caller records them one by one. `ctx` holds its events.
 */
export async function recordAsSet(ctx: Ctx, answers: readonly Answer[]): Promise<TxRow[] | null> {
  if (!ctx.heldEvents) throw new Error('recordAsSet: the context must hold its events.');
  const ids = answers.map((a) => a.attemptId);
  // Locked in id order, as every group locks them, so two writers queue rather than deadlock.
  const attempts = new Map(
    (
      await ctx.db
        .select()
        .from(transactions)
        .where(and(eq(transactions.company_id, ctx.companyId), inArray(transactions.id, ids)))
        .orderBy(asc(transactions.id))
        .for('update')
    ).map((r) => [r.id, r]),
  );
  const attemptOf = (a: Answer) => attempts.get(a.attemptId);
  // The invoices a success or a failure moves are locked (recordOutcome locks them); a pending answer
  // only reads which payment its invoice is for; a lost one (`unknown`) moves its attempt alone.
  const invoicesOf = (states: readonly GatewayOutcome['state'][]) => [
    ...new Set(
      answers.flatMap((a) => (states.includes(a.outcome.state) ? (attemptOf(a)?.invoice_id ?? []) : [])),
    ),
  ];
  const readInvoices = async (invoiceIds: number[], lock: boolean) => {
    if (invoiceIds.length === 0) return [];
    const query = ctx.db
      .select(invoiceFacts)
      .from(invoices)
      .where(and(eq(invoices.company_id, ctx.companyId), inArray(invoices.id, invoiceIds)))
      .orderBy(asc(invoices.id));
    return lock ? query.for('update') : query;
  };
  const invoiceOf = new Map(
    [
      ...(await readInvoices(invoicesOf(['succeeded', 'failed']), true)),
      ...(await readInvoices(invoicesOf(['pending']), false)),
    ].map((r) => [r.id, r]),
  );
  const factsOf = (a: Answer) => {
    const id = attemptOf(a)?.invoice_id;
    return id == null ? undefined : invoiceOf.get(id);
  };
  const own = answers.every((a) => {
    if (attemptOf(a)?.kind !== 'charge') return false;
    if (a.outcome.state === 'unknown') return true;
    const invoice = factsOf(a);
    return invoice !== undefined && invoice.recurring_payment_id !== null && invoice.type !== 'initial';
  });
  const once = <T>(values: T[]) => new Set(values).size === values.length;
  const moved = answers.filter((a) => a.outcome.state !== 'unknown').map(factsOf);
  if (
    !own ||
    !once(ids) ||
    !once(moved.map((i) => i?.id)) ||
    !once(moved.map((i) => i?.recurring_payment_id))
  )
    return null;
  return recordOwn(ctx, answers, attemptOf, factsOf);
}

type InvoiceFacts = { [K in keyof typeof invoiceFacts]: (typeof invoices.$inferSelect)[K] };

/** The set path, for answers that all passed `recordOutcomes`'s checks. */
async function recordOwn(
  ctx: Ctx,
  answers: readonly Answer[],
  attemptOf: (a: Answer) => TxRow | undefined,
  factsOf: (a: Answer) => InvoiceFacts | undefined,
): Promise<TxRow[]> {
  // The attempts: recordOutcome's action for the answer, from the state read under the lock.
  const attemptMoves = answers.map((a) => {
    const attempt = attemptOf(a)!;
    const action =
      attempt.state === 'unknown'
        ? ({ succeeded: 'resolve_succeeded', pending: 'resolve_pending', failed: 'resolve_failed' } as const)
        : ({ succeeded: 'succeed', pending: 'await', failed: 'fail' } as const);
    const act = a.outcome.state === 'unknown' ? 'lose' : action[a.outcome.state];
    return move(TRANSACTION_TRANSITIONS, 'transaction', attempt.id, attempt.state, act, undefined);
  });
  const outcomeOf = new Map(answers.map((a) => [a.attemptId, a.outcome]));
  const written = new Map(
    (
      await moveRows(ctx, ATTEMPTS, attemptMoves, {
        columns: ANSWER_COLUMNS,
        values: (m) => answerValues(outcomeOf.get(m.id)!),
      })
    ).map((r) => [r.id as number, r as TxRow]),
  );

  // The invoices a success settles (guard: issued, no attempt open: counted after the attempts moved)
  // or a failure fails; recovered when a payment of it failed before.
  const settling = answers.filter((a) => a.outcome.state === 'succeeded').map((a) => factsOf(a)!.id);
  const counts = new Map<number, { open: number; failed: number }>();
  if (settling.length > 0)
    for (const r of await ctx.db
      .select({
        invoice: transactions.invoice_id,
        open: sql<number>`count(*) filter (where ${inArray(transactions.state, [...OPEN_TRANSACTION_STATES])})`,
        failed: sql<number>`count(*) filter (where ${transactions.state} = 'failed')`,
      })
      .from(transactions)
      .where(and(eq(transactions.company_id, ctx.companyId), inArray(transactions.invoice_id, settling)))
      .groupBy(transactions.invoice_id))
      counts.set(r.invoice!, { open: Number(r.open), failed: Number(r.failed) });
  const invoiceMoves = new Map<number, Move>();
  for (const a of answers) {
    const invoice = factsOf(a);
    if (!invoice) continue;
    if (a.outcome.state === 'succeeded')
      invoiceMoves.set(
        a.attemptId,
        move(INVOICE_PAYMENT_TRANSITIONS, 'invoice', invoice.id, invoice.payment_status, 'pay', {
          issued: invoice.status === 'issued',
          open_attempts: counts.get(invoice.id)?.open ?? 0,
        }),
      );
    else if (a.outcome.state === 'failed')
      invoiceMoves.set(
        a.attemptId,
        move(
          INVOICE_PAYMENT_TRANSITIONS,
          'invoice',
          invoice.id,
          invoice.payment_status,
          'fail',
          { issued: true, open_attempts: 0 },
          { decline_code: a.outcome.decline?.code ?? null },
        ),
      );
  }
  await moveRows(ctx, INVOICES, [...invoiceMoves.values()]);
  const recovered = settling.filter((id) => (counts.get(id)?.failed ?? 0) > 0);
  // Its own UPDATE after the status's, as invoicePaid writes it (so the history reads the same).
  if (recovered.length > 0)
    await ctx.db
      .update(invoices)
      .set({ recovered_at: ctx.clock.now().toISOString() })
      .where(and(eq(invoices.company_id, ctx.companyId), inArray(invoices.id, recovered)));

  // The payments: awaiting, paid or failed with their invoice.
  const paymentIdOf = (a: Answer) =>
    a.outcome.state === 'unknown' ? null : factsOf(a)!.recurring_payment_id;
  const paymentIds = answers.flatMap((a) => paymentIdOf(a) ?? []);
  const payments =
    paymentIds.length === 0
      ? new Map<number, string>()
      : new Map(
          (
            await ctx.db
              .select({ id: recurringPayments.id, status: recurringPayments.status })
              .from(recurringPayments)
              .where(
                and(
                  eq(recurringPayments.company_id, ctx.companyId),
                  inArray(recurringPayments.id, paymentIds),
                ),
              )
              .orderBy(asc(recurringPayments.id))
              .for('update')
          ).map((r) => [r.id, r.status]),
        );
  const paymentMoves = new Map<number, Move>();
  for (const a of answers) {
    const id = paymentIdOf(a);
    if (id === null) continue;
    const status = payments.get(id);
    // As transition() answers a payment that is not there.
    if (status === undefined) throw notFound();
    const action = ({ succeeded: 'pay', failed: 'fail', pending: 'await' } as const)[
      a.outcome.state as 'succeeded' | 'failed' | 'pending'
    ];
    paymentMoves.set(
      a.attemptId,
      move(RECURRING_PAYMENT_TRANSITIONS, 'recurring_payment', id, status as never, action, { due: true }),
    );
  }
  await moveRows(ctx, PAYMENTS, [...paymentMoves.values()]);

  // A success closes its payment's running dunning: which ones have one, read (and locked) at once.
  const paid = answers.flatMap((a) => (a.outcome.state === 'succeeded' ? [paymentIdOf(a)!] : []));
  const dunningRunning = new Set(
    paid.length === 0
      ? []
      : (
          await ctx.db
            .select({ rp: dunnings.recurring_payment_id, status: dunnings.status })
            .from(dunnings)
            .where(and(eq(dunnings.company_id, ctx.companyId), inArray(dunnings.recurring_payment_id, paid)))
            .orderBy(asc(dunnings.id))
            .for('update')
        )
          .filter((d) => d.status === 'active')
          .map((d) => d.rp),
  );

  // Answer after answer: its events in recordOutcome's order, then its dunning.
  const out: TxRow[] = [];
  for (const [i, a] of answers.entries()) {
    const attempt = written.get(a.attemptId)!;
    const events = [attemptMoves[i]!.event];
    const invoiceMove = invoiceMoves.get(a.attemptId);
    if (invoiceMove) events.push(invoiceMove.event);
    const paymentMove = paymentMoves.get(a.attemptId);
    if (paymentMove) events.push(paymentMove.event);
    await recordEvents(ctx, events);
    if (a.outcome.state === 'failed') await dunningAfterFailure(ctx, attempt);
    else if (a.outcome.state === 'succeeded' && dunningRunning.has(paymentMove!.id))
      await dunningAfterSuccess(ctx, paymentMove!.id);
    out.push(attempt);
  }
  return out;
}
