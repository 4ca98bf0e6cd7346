/**
 * Repairs (spec 01 §2 `/cms/repairs`; decision 55: the spec names no repair calls): the list (read
 * replica), one repair with its pinned questionnaire and costs, its actions, opening one for an asset,
 * saving a page's answers, and closing it.
 */
import { envelope, idParam, listQuerySchema, paginatedEnvelope } from '@rentloop/domain/api';
import {
  REPAIR_SORTS,
  REPAIR_TEXTS,
  repairActionsSchema,
  repairAnswersInputSchema,
  repairCloseSchema,
  repairCreateSchema,
  repairDetailSchema,
  repairFiltersSchema,
  repairSchema,
} from '@rentloop/domain/repairs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../http/access.ts';
import { ctxOf } from '../../http/context.ts';
import { ok, paginated } from '../../http/envelope.ts';
import { listMeta, listParams } from '../../lists.ts';
import { actionsOf } from '../events/transition.ts';
import { repairMachine } from './machine.ts';
import { getRepair, listRepairs } from './records.ts';
import { closeRepair, createRepair, saveAnswers } from './service.ts';

const tags = ['repairs'];
const companyParams = z.object({ company: idParam });
const repairParams = companyParams.extend({ id: idParam });
const base = '/api/:company/rentloopdb/repairs';
const user = access.company('user');

export const repairListOptions = {
  sorts: REPAIR_SORTS,
  defaultSort: 'id',
  defaultDesc: true,
  filters: repairFiltersSchema,
} as const;

export const repairRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/read-replica/:company/rentloopdb/repairs',
    {
      config: { access: user },
      schema: {
        operationId: 'listRepairs',
        tags,
        summary: 'List repairs (search by serial number or product)',
        description: `Sort: ${REPAIR_SORTS.join(', ')} (default id, newest first). Filters (JSON): status (open, closed, cancelled), product_tracking_id, created_from, created_to (days).`,
        params: companyParams,
        querystring: listQuerySchema,
        response: { 200: paginatedEnvelope(repairSchema) },
      },
    },
    async (request) => {
      const p = listParams(request.query, repairListOptions);
      const { rows, total } = await listRepairs(ctxOf(request), p);
      return paginated(rows, listMeta(p, total, rows.length, request.url.split('?')[0] ?? ''));
    },
  );

  app.get(
    `${base}/:id`,
    {
      config: { access: user },
      schema: {
        operationId: 'getRepair',
        tags,
        summary: 'One repair: its answers, the questionnaire version it is answered with, and its costs',
        description:
          'pages are the pinned questionnaire version’s (never changed by later edits); summary holds the costs of the asked COST questions with the answers as they are, exact, in the company’s currency.',
        params: repairParams,
        response: { 200: envelope(repairDetailSchema) },
      },
    },
    async (request) => ok(await getRepair(ctxOf(request), request.params.id)),
  );

  app.get(
    `${base}/:id/actions`,
    {
      config: { access: user },
      schema: {
        operationId: 'getRepairActions',
        tags,
        summary: 'What may be done to the repair now (from its transition table)',
        params: repairParams,
        response: { 200: envelope(repairActionsSchema) },
      },
    },
    async (request) => ok(await actionsOf(ctxOf(request), repairMachine, request.params.id, undefined)),
  );

  app.post(
    base,
    {
      config: { access: user, failureMessage: REPAIR_TEXTS.createFailed, idempotent: true },
      schema: {
        operationId: 'createRepair',
        tags,
        summary: 'Open a repair for an asset (sent to repair now when it is not in repair)',
        description:
          'An asset in stock, rented out or broken is sent to repair (which opens the repair); one already in repair gets a repair when it has no open one (409 when it has). The repair pins the current questionnaire version.',
        params: companyParams,
        body: repairCreateSchema,
        response: { 201: envelope(repairDetailSchema) },
      },
    },
    async (request, reply) => {
      const repair = await createRepair(ctxOf(request), request.body);
      reply.status(201);
      return ok(repair, REPAIR_TEXTS.created);
    },
  );

  app.post(
    `${base}/:id/answers`,
    {
      config: { access: user, failureMessage: REPAIR_TEXTS.saveFailed },
      schema: {
        operationId: 'saveRepairAnswers',
        tags,
        summary: 'Save the answers of one page of the repair’s questionnaire',
        description:
          'answers by question name: a RADIO_GROUP answer is one of its options’ values, a DURATION answer hours (at most 2 decimals), a COST answer an amount; computed costs (duration_to_cost, is_total) are not answered. The page’s asked mandatory questions must be answered. A 422 names answers.<question name>. Answers of questions no longer asked are dropped.',
        params: repairParams,
        body: repairAnswersInputSchema,
        response: { 200: envelope(repairDetailSchema) },
      },
    },
    async (request) =>
      ok(await saveAnswers(ctxOf(request), request.params.id, request.body), REPAIR_TEXTS.saved),
  );

  app.post(
    `${base}/:id/close`,
    {
      config: { access: user, failureMessage: REPAIR_TEXTS.closeFailed, idempotent: true },
      schema: {
        operationId: 'closeRepair',
        tags,
        summary: 'Close the repair: records its total cost and sets the asset’s status',
        description:
          'Every asked mandatory question must be answered (422 naming them). The asset is removed when an asked ACTION REMOVE_STOCK question is answered yes, else goes to asset_status (in stock, the default, or broken), through its transition table and history.',
        params: repairParams,
        body: repairCloseSchema,
        response: { 200: envelope(repairDetailSchema) },
      },
    },
    async (request) =>
      ok(await closeRepair(ctxOf(request), request.params.id, request.body), REPAIR_TEXTS.closed),
  );
};
