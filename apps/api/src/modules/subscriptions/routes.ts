/** Subscriptions (spec 01 §7 "Subscriptions"): the list, one subscription, its actions and changes. */
import { envelope, idParam, listQuerySchema, paginatedEnvelope } from '@rentloop/domain/api';
import { MESSAGES } from '@rentloop/domain/messages';
import { productTrackingSchema } from '@rentloop/domain/product-tracking';
import {
  SUBSCRIPTION_END_TEXTS,
  subscriptionEndSchema,
  subscriptionTimelineEntrySchema,
} from '@rentloop/domain/subscription-end';
import {
  SUBSCRIPTION_SORTS,
  subscriptionActionsSchema,
  subscriptionDetailSchema,
  subscriptionFiltersSchema,
  subscriptionInputSchema,
  subscriptionSchema,
  subscriptionsBulkUpdateSchema,
  subscriptionUpdateSchema,
} from '@rentloop/domain/subscriptions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../http/access.ts';
import { ctxOf } from '../../http/context.ts';
import { ok, paginated } from '../../http/envelope.ts';
import { registerListExport } from '../../http/list-export.ts';
import { listMeta, listParams } from '../../lists.ts';
import {
  createSubscription,
  subscriptionActions,
  updateSubscription,
  updateSubscriptions,
} from './changes.ts';
import { endSubscription, withdrawScheduledEnd } from './ending.ts';
import { productTracking } from './figures.ts';
import { getSubscription, listSubscriptions, subscriptionList } from './records.ts';
import { subscriptionTimeline } from './timeline.ts';

const tags = ['subscriptions'];
const companyParams = z.object({ company: idParam });
const subscriptionParams = companyParams.extend({ id: idParam });
const base = '/api/:company/rentloopdb';
const user = access.company('user');

const listOptions = {
  sorts: SUBSCRIPTION_SORTS,
  defaultSort: 'id',
  defaultDesc: true,
  filters: subscriptionFiltersSchema,
} as const;

const bulkResult = z.object({
  updated: z.number().int(),
  results: z.array(z.object({ id: z.number().int(), ok: z.boolean(), message: z.string().nullable() })),
});

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  registerListExport(app, {
    url: '/read-replica/:company/rentloopdb/subscriptions',
    operationId: 'exportSubscriptions',
    tags,
    summary: 'Export the subscriptions list as CSV',
    access: user,
    params: companyParams,
    list: listOptions,
    record: subscriptionSchema,
    filename: 'subscriptions',
    rows: (request, p, ids) => subscriptionList.batches(ctxOf(request), p, { ids }),
  });

  app.get(
    '/read-replica/:company/rentloopdb/subscriptions',
    {
      config: { access: user },
      schema: {
        operationId: 'listSubscriptions',
        tags,
        summary: 'List subscriptions (search by customer, product or order number)',
        description: `Sort: ${SUBSCRIPTION_SORTS.join(', ')} (default id, newest first). Filters (JSON): status, product_id, customer_id, order_id, next_billing_from, next_billing_to, ended_from, ended_to (the day a final status was reached, UTC), auto_renew, running_on (a day: started by then, not pending activation, not ended on or before it, UTC).`,
        params: companyParams,
        querystring: listQuerySchema,
        response: { 200: paginatedEnvelope(subscriptionSchema) },
      },
    },
    async (request) => {
      const p = listParams(request.query, listOptions);
      const { rows, total } = await listSubscriptions(ctxOf(request), p);
      return paginated(rows, listMeta(p, total, rows.length, request.url.split('?')[0] ?? ''));
    },
  );

  app.get(
    `${base}/subscriptions/:id`,
    {
      config: { access: user },
      schema: {
        operationId: 'getSubscription',
        tags,
        summary: 'One subscription',
        params: subscriptionParams,
        response: { 200: envelope(subscriptionDetailSchema) },
      },
    },
    async (request) => ok(await getSubscription(ctxOf(request), request.params.id)),
  );

  app.get(
    `${base}/subscriptions/:id/actions`,
    {
      config: { access: user },
      schema: {
        operationId: 'getSubscriptionActions',
        tags,
        summary: 'What may be done to the subscription now (from its transition table)',
        params: subscriptionParams,
        response: { 200: envelope(subscriptionActionsSchema) },
      },
    },
    async (request) => ok(await subscriptionActions(ctxOf(request), request.params.id)),
  );

  app.post(
    `${base}/subscriptions`,
    {
      config: { access: user, failureMessage: MESSAGES.subscriptionCreateFailed, idempotent: true },
      schema: {
        operationId: 'createSubscription',
        tags,
        summary:
          'Add a subscription to an open or fulfilled order, for a variant, at the price and terms given',
        params: companyParams,
        body: subscriptionInputSchema,
        response: { 201: envelope(subscriptionDetailSchema) },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const id = await createSubscription(ctx, request.body);
      reply.status(201);
      return ok(await getSubscription(ctx, id), MESSAGES.subscriptionCreated);
    },
  );

  app.put(
    `${base}/subscriptions`,
    {
      config: { access: user, failureMessage: MESSAGES.subscriptionsUpdateFailed },
      schema: {
        operationId: 'updateSubscriptions',
        tags,
        summary:
          'One status (through the transitions) and/or auto-renew for many, with a result per subscription',
        params: companyParams,
        body: subscriptionsBulkUpdateSchema,
        response: { 200: envelope(bulkResult) },
      },
    },
    async (request) =>
      ok(await updateSubscriptions(ctxOf(request), request.body), MESSAGES.subscriptionsUpdated),
  );

  app.put(
    `${base}/subscriptions/:id`,
    {
      config: { access: user },
      schema: {
        operationId: 'updateSubscription',
        tags,
        summary:
          'Reactivate (`action: reactivate`), toggle auto-renew (`action: auto_renew`), or change fields',
        description:
          'Reactivating an active subscription: 409 "Subscription already active.". Fields: price_mode, price, quantity, next_billing_date.',
        params: subscriptionParams,
        body: subscriptionUpdateSchema,
        response: { 200: envelope(subscriptionDetailSchema) },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const done = await updateSubscription(ctx, request.params.id, request.body);
      const message =
        done === 'reactivated'
          ? MESSAGES.subscriptionReactivated
          : done === 'auto_renew'
            ? MESSAGES.autoRenewUpdated
            : MESSAGES.subscriptionUpdated;
      return ok(await getSubscription(ctx, request.params.id), message);
    },
  );

  app.post(
    `${base}/subscriptions/:id/end`,
    {
      config: { access: user },
      schema: {
        operationId: 'endSubscription',
        tags,
        summary: 'End a subscription with a reason, now or when its minimum term ends',
        description:
          'The spec’s `{reason}` (free text) ends it now, filed under the reason code `other`. Optional: ' +
          '`reason_code` (too_expensive, no_longer_needed, moved, switched_provider, product_issue, ' +
          'payment_issue, other; `other` needs `reason`) and `when` (`now`, default, or `end_of_term`: it ' +
          'runs and bills until `minimum_term_end`, which becomes `end_scheduled_on`, and the business ' +
          'jobs end it that day; 422 on `when` once the term is over). 409 when it can no longer be ended.',
        params: subscriptionParams,
        body: subscriptionEndSchema,
        response: { 200: envelope(subscriptionDetailSchema) },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      await endSubscription(ctx, request.params.id, request.body);
      const message =
        request.body.when === 'now' ? MESSAGES.subscriptionEnded : SUBSCRIPTION_END_TEXTS.endScheduled;
      return ok(await getSubscription(ctx, request.params.id), message);
    },
  );

  app.delete(
    `${base}/subscriptions/:id/scheduled-end`,
    {
      config: { access: user },
      schema: {
        operationId: 'withdrawScheduledSubscriptionEnd',
        tags,
        summary: 'Withdraw an end scheduled for the end of the minimum term: it runs on as before',
        description: '409 "No end is scheduled for this subscription." when none is.',
        params: subscriptionParams,
        response: { 200: envelope(subscriptionDetailSchema) },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      await withdrawScheduledEnd(ctx, request.params.id);
      return ok(await getSubscription(ctx, request.params.id), SUBSCRIPTION_END_TEXTS.endWithdrawn);
    },
  );

  app.get(
    `${base}/subscriptions/:id/timeline`,
    {
      config: { access: user },
      schema: {
        operationId: 'getSubscriptionTimeline',
        tags,
        summary: 'What happened to the subscription, oldest first, with who and why (from its events)',
        params: subscriptionParams,
        response: { 200: envelope(z.array(subscriptionTimelineEntrySchema)) },
      },
    },
    async (request) => ok(await subscriptionTimeline(ctxOf(request), request.params.id)),
  );

  app.get(
    `${base}/subscriptions/:id/product-tracking`,
    {
      config: { access: user },
      schema: {
        operationId: 'getSubscriptionProductTracking',
        tags,
        summary:
          'Where the rented unit is: its order item’s tracking and serial numbers, its status, and the asset it holds',
        params: subscriptionParams,
        response: {
          200: envelope(
            z.object({
              subscription_id: z.number().int(),
              order_id: z.number().int(),
              order_number: z.string().nullable(),
              order_item_id: z.number().int().nullable(),
              tracking_number: z.string().nullable(),
              serial_number: z.string().nullable(),
              status: z.string(),
              asset: productTrackingSchema.nullable(),
            }),
          ),
        },
      },
    },
    async (request) => ok(await productTracking(ctxOf(request), request.params.id)),
  );
};
