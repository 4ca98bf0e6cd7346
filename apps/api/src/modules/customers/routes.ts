import { envelope, idParam, listQuerySchema, paginatedEnvelope } from '@rentloop/domain/api';
import {
  CUSTOMER_SORTS,
  CUSTOMER_TEXTS,
  customerDetailSchema,
  customerFiltersSchema,
  customerInputSchema,
  customerInsightsSchema,
  customerSchema,
  customerUpdateSchema,
} from '@rentloop/domain/customers';
import { MESSAGES } from '@rentloop/domain/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../http/access.ts';
import { ctxOf } from '../../http/context.ts';
import { ok, paginated } from '../../http/envelope.ts';
import { registerListExport } from '../../http/list-export.ts';
import { listMeta, listParams } from '../../lists.ts';
import { customerFigures } from './insights.ts';
import {
  createCustomer,
  customerInsights,
  customerList,
  deleteCustomer,
  getCustomerDetail,
  listCustomers,
  setCustomerArchived,
  updateCustomer,
} from './service.ts';

const companyParams = z.object({ company: idParam });
const customerParams = companyParams.extend({ id: idParam });

const listOptions = {
  sorts: CUSTOMER_SORTS,
  defaultSort: 'id',
  defaultDesc: true,
  filters: customerFiltersSchema,
} as const;

export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  registerListExport(app, {
    url: '/read-replica/:company/rentloopdb/customers',
    operationId: 'exportCustomers',
    tags: ['customers'],
    summary: 'Export the customers list as CSV',
    access: access.company('user'),
    params: companyParams,
    list: listOptions,
    record: customerSchema,
    filename: 'customers',
    rows: (request, p, ids) => customerList.batches(ctxOf(request), p, { ids }),
  });

  app.get(
    '/read-replica/:company/rentloopdb/customers',
    {
      config: { access: access.company('user') },
      schema: {
        operationId: 'listCustomers',
        tags: ['customers'],
        summary: 'List customers (search by name, email, phone)',
        description: `Sort: ${CUSTOMER_SORTS.join(', ')} (default id, newest first). Filters (JSON): language, country, created_from, created_to, subscribed_on (a day: with a subscription running on it, as the subscriptions list's running_on), first_order_from, first_order_to (the day of the first order, quotes not counted, UTC), archived (true: the archived customers instead of the active ones).`,
        params: companyParams,
        querystring: listQuerySchema,
        response: { 200: paginatedEnvelope(customerSchema) },
      },
    },
    async (request) => {
      const p = listParams(request.query, listOptions);
      const { rows, total } = await listCustomers(ctxOf(request), p);
      return paginated(rows, listMeta(p, total, rows.length, request.url.split('?')[0] ?? ''));
    },
  );

  app.post(
    '/api/:company/rentloopdb/customers',
    {
      config: {
        access: access.company('user'),
        failureMessage: MESSAGES.customerCreateFailed,
        idempotent: true,
      },
      schema: {
        operationId: 'createCustomer',
        tags: ['customers'],
        summary: 'Create a customer',
        params: companyParams,
        body: customerInputSchema,
        response: { 201: envelope(customerSchema) },
      },
    },
    async (request, reply) => {
      const customer = await createCustomer(ctxOf(request), request.body);
      reply.status(201);
      return ok(customer, MESSAGES.customerCreated);
    },
  );

  app.get(
    '/api/:company/rentloopdb/customers/:id',
    {
      config: { access: access.company('user') },
      schema: {
        operationId: 'getCustomer',
        tags: ['customers'],
        summary: 'One customer, and why it may not be deleted',
        params: customerParams,
        response: { 200: envelope(customerDetailSchema) },
      },
    },
    async (request) => ok(await getCustomerDetail(ctxOf(request), request.params.id)),
  );

  for (const [action, archive] of [
    ['archive', true],
    ['restore', false],
  ] as const) {
    app.post(
      `/api/:company/rentloopdb/customers/:id/${action}`,
      {
        config: { access: access.company('user') },
        schema: {
          operationId: archive ? 'archiveCustomer' : 'restoreCustomer',
          tags: ['customers'],
          summary: archive
            ? 'Archive a customer: out of the default list (filter archived: true shows it), kept whole'
            : 'Restore an archived customer to the default list',
          description: 'The customer already in that state: 409.',
          params: customerParams,
          response: { 200: envelope(customerDetailSchema) },
        },
      },
      async (request) =>
        ok(
          await setCustomerArchived(ctxOf(request), request.params.id, archive),
          archive ? CUSTOMER_TEXTS.archived : CUSTOMER_TEXTS.restored,
        ),
    );
  }

  app.delete(
    '/api/:company/rentloopdb/customers/:id',
    {
      config: { access: access.company('admin') },
      schema: {
        operationId: 'deleteCustomer',
        tags: ['customers'],
        summary: 'Delete a customer nothing refers to (else 409 with the reason: archive it instead)',
        params: customerParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deleteCustomer(ctxOf(request), request.params.id);
      return ok(null, CUSTOMER_TEXTS.deleted);
    },
  );

  app.put(
    '/api/:company/rentloopdb/customers/:id',
    {
      config: { access: access.company('user'), failureMessage: MESSAGES.customerUpdateFailed },
      schema: {
        operationId: 'updateCustomer',
        tags: ['customers'],
        summary: 'Update a customer (only the fields sent change)',
        params: customerParams,
        body: customerUpdateSchema,
        response: { 200: envelope(customerSchema) },
      },
    },
    async (request) => {
      const customer = await updateCustomer(ctxOf(request), request.params.id, request.body);
      return ok(customer, MESSAGES.customerUpdated);
    },
  );

  app.get(
    '/api/:company/insights/customers',
    {
      config: { access: access.company('user') },
      schema: {
        operationId: 'getCustomerInsights',
        tags: ['insights'],
        summary: 'Customer figures: total and new this month',
        params: companyParams,
        response: { 200: envelope(z.object({ total: z.number().int(), new_this_month: z.number().int() })) },
      },
    },
    async (request) => ok(await customerInsights(ctxOf(request))),
  );

  app.get(
    '/api/:company/insights/customers/:id',
    {
      config: { access: access.company('user') },
      schema: {
        operationId: 'getCustomerFigures',
        tags: ['insights'],
        summary:
          "One customer's figures: orders, subscriptions and MRR, invoices paid, open and overdue, failed payments and recoveries, lifetime",
        description:
          "Computed from the customer's records. revenue_paid: the settled invoices' total (refunds paid out subtract); open_amount: issued invoices not settled and not cancelled; overdue_amount: of those, the ones due before today. mrr, failed_payments, recovered_invoices and recovered_amount come from the Insights graphs' own functions narrowed to the customer (docs/insights.md \"Customer insights\"); lifetime_days runs from the first order to today, or to the last subscription's end when none runs. Money in the company's currency (decimal strings). A customer of another company: 404.",
        params: customerParams,
        response: { 200: envelope(customerInsightsSchema) },
      },
    },
    async (request) => ok(await customerFigures(ctxOf(request), request.params.id)),
  );
};
