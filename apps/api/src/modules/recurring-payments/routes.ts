/** Recurring payments (spec 01 §7 "Recurring payments"): the list and its CSV export. */
import { idParam, listQuerySchema, paginatedEnvelope } from '@rentloop/domain/api';
import {
  RECURRING_PAYMENT_SORTS,
  recurringPaymentFiltersSchema,
  recurringPaymentSchema,
} from '@rentloop/domain/recurring-payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../http/access.ts';
import { ctxOf } from '../../http/context.ts';
import { paginated } from '../../http/envelope.ts';
import { registerListExport } from '../../http/list-export.ts';
import { listMeta, listParams } from '../../lists.ts';
import { recurringPaymentList } from './list.ts';

const tags = ['recurring-payments'];
const companyParams = z.object({ company: idParam });
const url = '/read-replica/:company/rentloopdb/recurring-payments';

const listOptions = {
  sorts: RECURRING_PAYMENT_SORTS,
  defaultSort: 'due_date',
  defaultDesc: true,
  filters: recurringPaymentFiltersSchema,
} as const;

export const recurringPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  registerListExport(app, {
    url,
    operationId: 'exportRecurringPayments',
    tags,
    summary: 'Export the recurring payments list as CSV',
    access: access.company('user'),
    params: companyParams,
    list: listOptions,
    record: recurringPaymentSchema,
    filename: 'recurring-payments',
    rows: (request, p, ids) => recurringPaymentList.batches(ctxOf(request), p, { ids }),
  });

  app.get(
    url,
    {
      config: { access: access.company('user') },
      schema: {
        operationId: 'listRecurringPayments',
        tags,
        summary: 'List recurring payments (one per billing period of a subscription)',
        description: `Sort: ${RECURRING_PAYMENT_SORTS.join(', ')} (default due_date, latest first). Filters (JSON): status, subscription_id, customer_id, order_id, due_from, due_to (dates inclusive). refunded_amount: the succeeded refunds of its invoice.`,
        params: companyParams,
        querystring: listQuerySchema,
        response: { 200: paginatedEnvelope(recurringPaymentSchema) },
      },
    },
    async (request) => {
      const p = listParams(request.query, listOptions);
      const { rows, total } = await recurringPaymentList.list(ctxOf(request), p);
      return paginated(rows, listMeta(p, total, rows.length, request.url.split('?')[0] ?? ''));
    },
  );
};
