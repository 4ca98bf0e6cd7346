/**
 * One recurring payment (GET recurring-payments/{id}, /refunded-amount, /actions): the list's row, so the
 * detail and the list never disagree, and what staff may do to it now from its transition table.
 */
import {
  RECURRING_PAYMENT_SORTS,
  RECURRING_PAYMENT_TRANSITIONS,
  type RecurringPayment,
  recurringPaymentFiltersSchema,
} from '@rentloop/domain/recurring-payments';
import { allowedActions } from '@rentloop/domain/transitions';
import { companyToday } from '../../company-time.ts';
import type { Ctx } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { listParams } from '../../lists.ts';
import { recurringPaymentList } from './list.ts';

export const recurringPaymentListOptions = {
  sorts: RECURRING_PAYMENT_SORTS,
  defaultSort: 'due_date',
  defaultDesc: true,
  filters: recurringPaymentFiltersSchema,
} as const;

/** What staff start on a recurring payment (the others are the gateway's answers and the run's). */
const STAFF_ACTIONS = new Set(['charge']);

/** The payment as the list shows it; 404 when it is not the company's. */
export async function getRecurringPayment(ctx: Ctx, id: number): Promise<RecurringPayment> {
  const p = listParams({ page: 1, per_page: 1 }, recurringPaymentListOptions);
  for await (const batch of recurringPaymentList.batches(ctx, p, { ids: [id] })) {
    const [row] = batch;
    if (row) return row;
  }
  throw notFound();
}

export async function recurringPaymentActions(ctx: Ctx, id: number) {
  const rp = await getRecurringPayment(ctx, id);
  const due = rp.due_date <= (await companyToday(ctx));
  const actions = allowedActions(RECURRING_PAYMENT_TRANSITIONS, rp.status, { due }).filter((a) =>
    STAFF_ACTIONS.has(a.action),
  );
  return { status: rp.status, actions };
}
