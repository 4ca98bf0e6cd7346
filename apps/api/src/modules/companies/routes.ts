import { envelope, idParam, listQuerySchema, paginatedEnvelope } from '@rentloop/domain/api';
import { companyCreateSchema, companyUpdateSchema, userCompanySchema } from '@rentloop/domain/companies';
import {
  clockAdvanceResultSchema,
  clockAdvanceSchema,
  companyClockSchema,
} from '@rentloop/domain/company-clock';
import { MESSAGES } from '@rentloop/domain/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asBackgroundWork } from '../../db/background-work.ts';
import { access } from '../../http/access.ts';
import { ctxOf, platformCtxOf } from '../../http/context.ts';
import { ok, paginated } from '../../http/envelope.ts';
import { requestTransact } from '../../http/transactions.ts';
import { BUSINESS_JOBS } from '../../jobs/business-jobs.ts';
import { listMeta, listParams } from '../../lists.ts';
import { advanceCompanyClock, getCompanyClock } from './clock.ts';
import { createCompany, deleteCompany, getCompany, listCompanies, updateCompany } from './service.ts';

export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/companies',
    {
      config: { access: access.signedIn },
      schema: {
        operationId: 'listCompanies',
        tags: ['companies'],
        summary:
          'Companies the user may open: a member’s highest role first, then by name (all of them, by name, for operators)',
        querystring: listQuerySchema,
        response: { 200: paginatedEnvelope(userCompanySchema) },
      },
    },
    async (request) => {
      const p = listParams(request.query, {
        sorts: ['name'] as const,
        defaultSort: 'name',
        defaultDesc: false,
        filters: z.object({}),
      });
      const { rows, total } = await listCompanies(platformCtxOf(request, { verified: true }), p);
      return paginated(rows, listMeta(p, total, rows.length, request.url.split('?')[0] ?? ''));
    },
  );

  // Every /api/companies/{company} route names the id `company` (one name per path shape in OpenAPI).
  app.get(
    '/api/companies/:company',
    {
      config: { access: access.signedIn },
      schema: {
        operationId: 'getCompany',
        tags: ['companies'],
        summary: 'One company, with the user’s role and flags',
        params: z.object({ company: idParam }),
        response: { 200: envelope(userCompanySchema) },
      },
    },
    async (request) =>
      ok(await getCompany(platformCtxOf(request, { verified: true }), request.params.company)),
  );

  app.post(
    '/api/companies',
    {
      config: { access: access.operator, failureMessage: MESSAGES.companyCreateFailed, idempotent: true },
      schema: {
        operationId: 'createCompany',
        tags: ['companies'],
        summary: 'Create a company (operators)',
        body: companyCreateSchema,
        response: { 201: envelope(userCompanySchema) },
      },
    },
    async (request, reply) => {
      const company = await createCompany(platformCtxOf(request), request.body);
      reply.status(201);
      return ok(company, MESSAGES.companyCreated);
    },
  );

  // The id is named `company` so the access check resolves the membership like any company route.
  app.put(
    '/api/companies/:company',
    {
      config: { access: access.company('owner'), failureMessage: MESSAGES.companyUpdateFailed },
      schema: {
        operationId: 'updateCompany',
        tags: ['companies'],
        summary: 'Update a company (its owners and operators)',
        params: z.object({ company: idParam }),
        body: companyUpdateSchema,
        response: { 200: envelope(userCompanySchema) },
      },
    },
    async (request) => ok(await updateCompany(ctxOf(request), request.body), MESSAGES.companyUpdated),
  );

  app.delete(
    '/api/companies/:company',
    {
      config: { access: access.operator },
      schema: {
        operationId: 'deleteCompany',
        tags: ['companies'],
        summary: 'Delete a company and all its data (operators)',
        params: z.object({ company: idParam }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deleteCompany(platformCtxOf(request), request.params.company);
      return ok(null, MESSAGES.companyDeleted);
    },
  );

  app.get(
    '/api/companies/:company/clock',
    {
      config: { access: access.operator },
      schema: {
        operationId: 'getCompanyClock',
        tags: ['companies'],
        summary: 'A company’s business clock (operators; moved only for test companies)',
        params: z.object({ company: idParam }),
        response: { 200: envelope(companyClockSchema) },
      },
    },
    async (request) => ok(await getCompanyClock(platformCtxOf(request), request.params.company)),
  );

  // No request transaction: every business job runs in transactions of its own and calls gateways outside them.
  app.post(
    '/api/companies/:company/clock/advance',
    {
      config: { access: access.operator, transaction: false, idempotent: true },
      schema: {
        operationId: 'advanceCompanyClock',
        tags: ['companies'],
        summary: 'Move a test company’s clock forward, running every job due on the way (operators)',
        params: z.object({ company: idParam }),
        body: clockAdvanceSchema,
        response: { 200: envelope(clockAdvanceResultSchema) },
      },
    },
    async (request) =>
      ok(
        // The jobs of the days passed run as they would in the worker: background work, after people's.
        await asBackgroundWork(() =>
          advanceCompanyClock(platformCtxOf(request), request.params.company, request.body, {
            jobs: BUSINESS_JOBS,
            transactFor: (ctx) => requestTransact(request, ctx),
          }),
        ),
        MESSAGES.clockAdvanced,
      ),
  );
};
