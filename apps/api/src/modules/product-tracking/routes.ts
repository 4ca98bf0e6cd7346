/**
 * Product tracking (assets; spec 01 §7, spec 02 §9): the list (read replica), one asset with its history,
 * its actions from the transition table, creating one, running an action, and giving a subscription the
 * unit of a serial number.
 */
import { envelope, idParam, listQuerySchema, paginatedEnvelope } from '@rentloop/domain/api';
import { MESSAGES } from '@rentloop/domain/messages';
import {
  ASSET_ACTIONS,
  PRODUCT_TRACKING_SORTS,
  productTrackingActionSchema,
  productTrackingActionsSchema,
  productTrackingDetailSchema,
  productTrackingFiltersSchema,
  productTrackingInputSchema,
  productTrackingSchema,
  subscriptionAssetAssignSchema,
} from '@rentloop/domain/product-tracking';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../http/access.ts';
import { ctxOf } from '../../http/context.ts';
import { ok, paginated } from '../../http/envelope.ts';
import { registerListExport } from '../../http/list-export.ts';
import { listMeta, listParams } from '../../lists.ts';
import { actionsOf } from '../events/transition.ts';
import { assetMachine } from './machine.ts';
import { assetList, assetListParams, getAsset, listAssets } from './records.ts';
import { assignBySerial, createAsset, runAssetAction } from './service.ts';

const tags = ['product-tracking'];
const companyParams = z.object({ company: idParam });
const assetParams = companyParams.extend({ id: idParam });
const base = '/api/:company/rentloopdb';
const listUrl = '/read-replica/:company/rentloopdb/product-tracking';
const user = access.company('user');

export const assetListOptions = {
  sorts: PRODUCT_TRACKING_SORTS,
  defaultSort: 'id',
  defaultDesc: true,
  filters: productTrackingFiltersSchema,
} as const;

export const productTrackingRoutes: FastifyPluginAsyncZod = async (app) => {
  registerListExport(app, {
    url: listUrl,
    operationId: 'exportProductTracking',
    tags,
    summary: 'Export the assets list as CSV',
    access: user,
    params: companyParams,
    list: assetListOptions,
    record: productTrackingSchema,
    filename: 'assets',
    rows: (request, p, ids) => {
      const ctx = ctxOf(request);
      return assetList.batches(ctx, assetListParams(ctx, p), { ids });
    },
  });

  app.get(
    listUrl,
    {
      config: { access: user },
      schema: {
        operationId: 'listProductTracking',
        tags,
        summary: 'List assets (product tracking; search by serial number or product)',
        description: `Sort: ${PRODUCT_TRACKING_SORTS.join(', ')} (default id, newest first); profit and utilisation are the asset's insights figures (GET insights/assets/{id}), kept on the row: utilisation as of the company's current business day, a null one last ascending, first descending. Filters (JSON): status, variant_id, product_id, bundle_id, subscription_id, status_changed_within (30, 90 or 180: the status changed in the last so many days).`,
        params: companyParams,
        querystring: listQuerySchema,
        response: { 200: paginatedEnvelope(productTrackingSchema) },
      },
    },
    async (request) => {
      const p = listParams(request.query, assetListOptions);
      const { rows, total } = await listAssets(ctxOf(request), p);
      return paginated(rows, listMeta(p, total, rows.length, request.url.split('?')[0] ?? ''));
    },
  );

  app.get(
    `${base}/product-tracking/:id`,
    {
      config: { access: user },
      schema: {
        operationId: 'getProductTracking',
        tags,
        summary:
          'One asset with its status history (who, when, from, to, why, which subscription), newest first',
        params: assetParams,
        response: { 200: envelope(productTrackingDetailSchema) },
      },
    },
    async (request) => ok(await getAsset(ctxOf(request), request.params.id)),
  );

  app.get(
    `${base}/product-tracking/:id/actions`,
    {
      config: { access: user },
      schema: {
        operationId: 'getProductTrackingActions',
        tags,
        summary: 'What may be done to the asset now (from its transition table)',
        params: assetParams,
        response: { 200: envelope(productTrackingActionsSchema) },
      },
    },
    async (request) => ok(await actionsOf(ctxOf(request), assetMachine, request.params.id, undefined)),
  );

  app.post(
    `${base}/product-tracking`,
    {
      config: { access: user, failureMessage: MESSAGES.trackingCreateFailed, idempotent: true },
      schema: {
        operationId: 'createProductTracking',
        tags,
        summary:
          'Track a new unit (in stock): a variant’s or a bundle’s, its serial number unique in the company',
        description:
          'Exactly one of variant_id and bundle_id. The serial number is unique in the company ignoring case (422 on serial_number). purchase_cost is an amount in the company’s currency.',
        params: companyParams,
        body: productTrackingInputSchema,
        response: { 201: envelope(productTrackingDetailSchema) },
      },
    },
    async (request, reply) => {
      const asset = await createAsset(ctxOf(request), request.body);
      reply.status(201);
      return ok(asset, MESSAGES.trackingCreated);
    },
  );

  app.post(
    `${base}/product-tracking/:id/actions`,
    {
      config: { access: user, failureMessage: MESSAGES.assetStatusChangeFailed },
      schema: {
        operationId: 'runProductTrackingAction',
        tags,
        summary: 'Change the asset’s status through an action of its transition table',
        description: `Actions: ${ASSET_ACTIONS.join(', ')}. rent_out needs subscription_id (an active or pending activation subscription holding no other unit, or a pending replacement: its missing unit is written off as stolen and the subscription runs again). A refused action is a 409 with the reason.`,
        params: assetParams,
        body: productTrackingActionSchema,
        response: { 200: envelope(productTrackingDetailSchema) },
      },
    },
    async (request) =>
      ok(
        await runAssetAction(ctxOf(request), request.params.id, {
          action: request.body.action,
          reason: request.body.reason,
          subscription_id: request.body.subscription_id,
        }),
        MESSAGES.assetStatusChanged,
      ),
  );

  app.post(
    `${base}/subscriptions/:id/product-tracking`,
    {
      config: { access: user, failureMessage: MESSAGES.assetStatusChangeFailed },
      schema: {
        operationId: 'assignSubscriptionProductTracking',
        tags,
        summary: 'Give the subscription the unit of a serial number (scanned or typed): it is rented out',
        params: assetParams,
        body: subscriptionAssetAssignSchema,
        response: { 200: envelope(productTrackingDetailSchema) },
      },
    },
    async (request) =>
      ok(await assignBySerial(ctxOf(request), request.params.id, request.body), MESSAGES.assetStatusChanged),
  );
};
