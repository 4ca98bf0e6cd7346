/**
 * Debt collection (spec 02 §7 "Debt collection", under `/api/{company}/debtist/...` as the spec writes
 * it, without the product's data segment). Every route calls the agency or answers what it reported,
 * so each one first needs the agency configured (Settings, section `debt_collection`): without it a 409
 * saying where, never a 500 (but the dunning's hand-over of an invoice, which asks the agency nothing). Routes that call the agency run outside the request transaction
 * (`transaction: false`) and write through short audited transactions after the call.
 */
import { envelope, idParam, listQuerySchema, paginatedEnvelope } from '@rentloop/domain/api';
import {
  DEBT_CLAIM_SORTS,
  DEBT_CLAIM_STATUSES,
  DEBT_TEXTS,
  debtClaimDetailSchema,
  debtClaimSchema,
  debtCommentInputSchema,
  debtHandoverAnswerSchema,
  debtSyncResultSchema,
  debtUserInputSchema,
  debtUserSchema,
} from '@rentloop/domain/debt-collection';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../http/access.ts';
import { ctxOf } from '../../http/context.ts';
import { ok, paginated } from '../../http/envelope.ts';
import { errorSchema } from '../../http/openapi.ts';
import { requestTransact } from '../../http/transactions.ts';
import { listMeta, listParams } from '../../lists.ts';
import { agencyOf } from './agency.ts';
import { addClaimComment, claimInvoice } from './claims.ts';
import { invoiceHandover } from './handover-due.ts';
import { getClaim, listClaims } from './records.ts';
import { syncClaims } from './sync.ts';
import { createDebtUser, getDebtUser, setDebtUserEnabled } from './users.ts';

const companyParams = z.object({ company: idParam });
const idParams = companyParams.extend({ id: idParam });
const base = '/api/:company/debtist';
const tags = ['debt-collection'];
// Spec 02 §6: debt collection is guest level (every member); the agency user is an account matter.
const user = access.company('user');
const admin = access.company('admin');
const outside = { transaction: false } as const;

const claimFilters = z.strictObject({
  status: z.enum(DEBT_CLAIM_STATUSES).optional(),
  invoice_id: z.number().int().positive().optional(),
  customer_id: z.number().int().positive().optional(),
});
const listOptions = {
  sorts: DEBT_CLAIM_SORTS,
  defaultSort: 'id',
  defaultDesc: true,
  filters: claimFilters,
} as const;

const NOT_CONFIGURED = `409 when debt collection is not configured (Settings, section debt_collection: switched on, API address and API key): "${DEBT_TEXTS.notConfigured}"`;
const AGENCY_DOWN =
  '503 when the agency cannot be reached (down, time-out, HTTP 5xx or 429), 502 when it refuses the API key or answers nonsense; the message starts with the spec’s failure text.';
const failures = { 409: errorSchema, 502: errorSchema, 503: errorSchema };

export const debtCollectionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${base}/claims`,
    {
      config: { access: user },
      schema: {
        operationId: 'listDebtClaims',
        tags,
        summary: 'List the invoices handed over to debt collection (claims)',
        description: `Sort: ${DEBT_CLAIM_SORTS.join(', ')} (default id, newest first). Filters (JSON): status, invoice_id, customer_id. No search. Answers what the latest sync recorded (POST claims/sync asks the agency). ${NOT_CONFIGURED}.`,
        params: companyParams,
        querystring: listQuerySchema,
        response: { 200: paginatedEnvelope(debtClaimSchema), 409: errorSchema },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      await agencyOf(ctx);
      const p = listParams(request.query, listOptions);
      const { rows, total } = await listClaims(ctx, p);
      return paginated(rows, listMeta(p, total, rows.length, request.url.split('?')[0] ?? ''));
    },
  );

  app.get(
    `${base}/claims/:id`,
    {
      config: { access: user },
      schema: {
        operationId: 'getDebtClaim',
        tags,
        summary: 'One claim with its activity comments',
        description: `404 for another company’s claim. ${NOT_CONFIGURED}.`,
        params: idParams,
        response: { 200: envelope(debtClaimDetailSchema), 409: errorSchema },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const claim = await getClaim(ctx, request.params.id);
      await agencyOf(ctx);
      return ok(claim);
    },
  );

  app.get(
    `${base}/invoice/:id/handover`,
    {
      config: { access: user },
      schema: {
        operationId: 'getDebtHandover',
        tags,
        summary: 'The dunning’s hand-over of an invoice: when it is to be filed, or why it was not',
        description:
          'An invoice whose dunning ended with "hand to debt collection" is filed `handover_after_days` (settings, section debt_collection) after the due date of its last reminder (`reminder_due_on`, the last retry’s date): `scheduled` until `handover_on`, then `filed` (its `claim_id`) or `skipped` with the `reason` (paid or settled meanwhile, below the smallest claim, debt collection not set up). `handover` is null for an invoice the dunning did not hand over. Answers also while debt collection is not set up (nothing is asked of the agency). 404 for another company’s invoice.',
        params: idParams,
        response: { 200: envelope(debtHandoverAnswerSchema) },
      },
    },
    async (request) => ok({ handover: await invoiceHandover(ctxOf(request), request.params.id) }),
  );

  app.post(
    `${base}/invoice/:id/claim`,
    {
      config: { access: user, idempotent: true, failureMessage: DEBT_TEXTS.claimFailed, ...outside },
      schema: {
        operationId: 'claimDebtInvoice',
        tags,
        summary: 'Hand an unpaid, due invoice over to the debt collection agency',
        description: `Records the claim (status pending), files it at the agency with our reference as its idempotency key, and answers it (201; message "${DEBT_TEXTS.claimFiled}"). Idempotent per invoice: a second hand-over answers the existing claim (200) and files nothing new; a claim left pending by an agency that was down is filed again. 409 when the invoice is not issued, is settled or has a payment in progress, is a credit, is not past its due date, or is below the smallest claim of the settings. 404 for another company’s invoice. ${NOT_CONFIGURED}. ${AGENCY_DOWN} The claim then stays recorded as pending with its reason (nothing lost); the next hand-over or sync files it.`,
        params: idParams,
        response: { 200: envelope(debtClaimDetailSchema), 201: envelope(debtClaimDetailSchema), ...failures },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const { claim, created } = await claimInvoice(ctx, requestTransact(request, ctx), request.params.id);
      reply.code(created ? 201 : 200);
      return ok(claim, DEBT_TEXTS.claimFiled);
    },
  );

  app.post(
    `${base}/claims/sync`,
    {
      config: { access: user, ...outside },
      schema: {
        operationId: 'syncDebtClaims',
        tags,
        summary: 'Pull the claims’ status, collected amounts, fees and comments from the agency',
        description: `Asks the agency about every claim not yet paid or closed (up to 500 per call, the least recently synced first) and files the pending ones. A claim the agency reports paid settles its invoice through the billing engine (invoice settled, order and recurring payment paid, dunning recovered) with a succeeded offline transaction referencing the claim, whose raw answer records the amount collected and the agency’s fee; an invoice settled otherwise meanwhile is not settled twice. A claim the agency could not be asked about keeps its reason in last_error and is counted in failed. ${NOT_CONFIGURED}.`,
        params: companyParams,
        response: { 200: envelope(debtSyncResultSchema), 409: errorSchema },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return ok(await syncClaims(ctx, requestTransact(request, ctx)), DEBT_TEXTS.synced);
    },
  );

  app.post(
    `${base}/claims/:id/activity/comments`,
    {
      config: { access: user, idempotent: true, failureMessage: DEBT_TEXTS.commentFailed, ...outside },
      schema: {
        operationId: 'addDebtClaimComment',
        tags,
        summary: 'Add a comment to a claim’s activity at the agency',
        description: `Sent to the agency first, stored with its id after; answers the claim with its comments (201; message "${DEBT_TEXTS.commentAdded}"). 409 while the claim is pending (not confirmed by the agency). 404 for another company’s claim. ${NOT_CONFIGURED}. ${AGENCY_DOWN}`,
        params: idParams,
        body: debtCommentInputSchema,
        response: { 201: envelope(debtClaimDetailSchema), ...failures },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const claim = await addClaimComment(
        ctx,
        requestTransact(request, ctx),
        request.params.id,
        request.body.comment,
      );
      reply.code(201);
      return ok(claim, DEBT_TEXTS.commentAdded);
    },
  );

  app.get(
    `${base}/user`,
    {
      config: { access: user },
      schema: {
        operationId: 'getDebtUser',
        tags,
        summary: 'The company’s user at the agency (null when none was created)',
        description: `${NOT_CONFIGURED}.`,
        params: companyParams,
        response: { 200: envelope(debtUserSchema.nullable()), 409: errorSchema },
      },
    },
    async (request) => ok(await getDebtUser(ctxOf(request))),
  );

  app.post(
    `${base}/users`,
    {
      config: { access: admin, idempotent: true, failureMessage: DEBT_TEXTS.userFailed, ...outside },
      schema: {
        operationId: 'createDebtUser',
        tags,
        summary: 'Create the company’s user at the agency (its login to the agency’s portal)',
        description: `One per company: 409 when it has one. ${NOT_CONFIGURED}. ${AGENCY_DOWN} (message "${DEBT_TEXTS.userFailed} …").`,
        params: companyParams,
        body: debtUserInputSchema,
        response: { 201: envelope(debtUserSchema), ...failures },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const created = await createDebtUser(ctx, requestTransact(request, ctx), request.body);
      reply.code(201);
      return ok(created, DEBT_TEXTS.userCreated);
    },
  );

  for (const action of ['enable', 'disable'] as const) {
    app.put(
      `${base}/users/${action}`,
      {
        config: { access: admin, ...outside },
        schema: {
          operationId: action === 'enable' ? 'enableDebtUser' : 'disableDebtUser',
          tags,
          summary: `${action === 'enable' ? 'Enable' : 'Disable'} the company’s user at the agency`,
          description: `409 when the company has no agency user yet. ${NOT_CONFIGURED}. ${AGENCY_DOWN}`,
          params: companyParams,
          response: { 200: envelope(debtUserSchema), ...failures },
        },
      },
      async (request) => {
        const ctx = ctxOf(request);
        const updated = await setDebtUserEnabled(ctx, requestTransact(request, ctx), action === 'enable');
        return ok(updated, action === 'enable' ? DEBT_TEXTS.userEnabled : DEBT_TEXTS.userDisabled);
      },
    );
  }
};
