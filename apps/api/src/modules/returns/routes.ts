/**
 * Returns (spec 01 §2 `/cms/returns`; the spec names no return calls: docs/decisions.md "Returns"): the
 * list (read replica), one return, its actions from the transition table, opening one by hand, its
 * parcel and note, and running a step (receive, inspect, close, report_stolen).
 */
import { envelope, idParam, listQuerySchema, paginatedEnvelope } from '@rentloop/domain/api';
import { MESSAGES } from '@rentloop/domain/messages';
import {
  RETURN_ACTIONS,
  RETURN_SORTS,
  returnActionSchema,
  returnActionsSchema,
  returnFiltersSchema,
  returnInputSchema,
  returnSchema,
  returnUpdateSchema,
} from '@rentloop/domain/returns';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../http/access.ts';
import { ctxOf } from '../../http/context.ts';
import { ok, paginated } from '../../http/envelope.ts';
import { listMeta, listParams } from '../../lists.ts';
import { actionsOf } from '../events/transition.ts';
import { returnMachine } from './machine.ts';
import { getReturn, listReturns } from './records.ts';
import { createReturn, runReturnAction, updateReturn } from './service.ts';

const tags = ['returns'];
const companyParams = z.object({ company: idParam });
const returnParams = companyParams.extend({ id: idParam });
const base = '/api/:company/rentloopdb';
const user = access.company('user');

export const returnListOptions = {
  sorts: RETURN_SORTS,
  defaultSort: 'id',
  defaultDesc: true,
  filters: returnFiltersSchema,
} as const;

export const returnRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/read-replica/:company/rentloopdb/returns',
    {
      config: { access: user },
      schema: {
        operationId: 'listReturns',
        tags,
        summary: 'List returns (search by serial number, product, customer or tracking number)',
        description: `Sort: ${RETURN_SORTS.join(', ')} (default id, newest first). Filters (JSON): status, outcome, product_tracking_id, subscription_id, created_from, created_to (days).`,
        params: companyParams,
        querystring: listQuerySchema,
        response: { 200: paginatedEnvelope(returnSchema) },
      },
    },
    async (request) => {
      const p = listParams(request.query, returnListOptions);
      const { rows, total } = await listReturns(ctxOf(request), p);
      return paginated(rows, listMeta(p, total, rows.length, request.url.split('?')[0] ?? ''));
    },
  );

  app.get(
    `${base}/returns/:id`,
    {
      config: { access: user },
      schema: {
        operationId: 'getReturn',
        tags,
        summary: 'One return: its asset, subscription, parcel, receipt, inspection and outcome',
        params: returnParams,
        response: { 200: envelope(returnSchema) },
      },
    },
    async (request) => ok(await getReturn(ctxOf(request), request.params.id)),
  );

  app.get(
    `${base}/returns/:id/actions`,
    {
      config: { access: user },
      schema: {
        operationId: 'getReturnActions',
        tags,
        summary: 'What may be done to the return now (from its transition table)',
        params: returnParams,
        response: { 200: envelope(returnActionsSchema) },
      },
    },
    async (request) => ok(await actionsOf(ctxOf(request), returnMachine, request.params.id, undefined)),
  );

  app.post(
    `${base}/returns`,
    {
      config: { access: user, failureMessage: MESSAGES.returnCreateFailed, idempotent: true },
      schema: {
        operationId: 'createReturn',
        tags,
        summary: 'Open a return by hand for a rented out asset',
        description:
          'The asset must be rented out with no open return (422 on product_tracking_id). A running subscription holding it goes to pending return.',
        params: companyParams,
        body: returnInputSchema,
        response: { 201: envelope(returnSchema) },
      },
    },
    async (request, reply) => {
      const created = await createReturn(ctxOf(request), request.body);
      reply.status(201);
      return ok(created, MESSAGES.returnCreated);
    },
  );

  app.put(
    `${base}/returns/:id`,
    {
      config: { access: user, failureMessage: MESSAGES.returnUpdateFailed },
      schema: {
        operationId: 'updateReturn',
        tags,
        summary: 'Set the return’s carrier, tracking number and note (all three; 409 once closed)',
        params: returnParams,
        body: returnUpdateSchema,
        response: { 200: envelope(returnSchema) },
      },
    },
    async (request) =>
      ok(await updateReturn(ctxOf(request), request.params.id, request.body), MESSAGES.returnUpdated),
  );

  app.post(
    `${base}/returns/:id/actions`,
    {
      config: { access: user, failureMessage: MESSAGES.returnUpdateFailed },
      schema: {
        operationId: 'runReturnAction',
        tags,
        summary: 'Run a step of the return: receive, inspect, close (with the outcome) or report_stolen',
        description: `Actions: ${RETURN_ACTIONS.join(', ')}. receive: received_on (default today), condition_note. inspect: complete and damaged (missing when not complete, damage when damaged), note. close: outcome (in stock, to repair, broken, removed), note; the asset moves through its own transitions and a subscription pending return ends. report_stolen (before it is received): the asset is stolen and the subscription lost/stolen. A refused step is a 409 with the reason.`,
        params: returnParams,
        body: returnActionSchema,
        response: { 200: envelope(returnSchema) },
      },
    },
    async (request) =>
      ok(await runReturnAction(ctxOf(request), request.params.id, request.body), MESSAGES.returnUpdated),
  );
};
