import { envelope, idParam, paginatedEnvelope } from '@rentloop/domain/api';
import { cronInputSchema, cronSchema, cronUpdateSchema } from '@rentloop/domain/crons';
import { MESSAGES } from '@rentloop/domain/messages';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PlatformCtx, UserActor } from '../../context.ts';
import { companies } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { access } from '../../http/access.ts';
import { platformCtxOf } from '../../http/context.ts';
import { ok, paginated } from '../../http/envelope.ts';
import { availableJobs, createCron, deleteCron, getCron, listCrons, runCron, updateCron } from './service.ts';

const companyParams = z.object({ company: idParam });
const cronParams = companyParams.extend({ id: idParam });

/**
 * An operator tool under a company's URL (spec 01 §7): `access.operator` (company staff get 403), the
 * company of the URL must exist (404 otherwise); the crons themselves are the platform's.
 */
async function operatorCtx(request: FastifyRequest, companyId: number): Promise<PlatformCtx<UserActor>> {
  const ctx = platformCtxOf(request);
  const [company] = await ctx.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw notFound();
  return ctx;
}

// pg-boss writes through its own connection (the only one on PGlite): no request transaction.
const write = (failureMessage: string) => ({ access: access.operator, transaction: false, failureMessage });

export const cronRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/:company/system/crons',
    {
      config: { access: access.operator },
      schema: {
        operationId: 'listCrons',
        tags: ['system'],
        summary:
          'The scheduled jobs, with their next three runs (operators): the envelope of every list, all on one page',
        params: companyParams,
        response: { 200: paginatedEnvelope(cronSchema) },
      },
    },
    async (request) => {
      const list = await listCrons(await operatorCtx(request, request.params.company));
      const n = list.length;
      const meta = {
        current_page: 1,
        from: n ? 1 : null,
        last_page: 1,
        per_page: Math.max(n, 1),
        to: n || null,
        total: n,
      };
      return paginated(list, { ...meta, path: request.url.split('?')[0] ?? request.url });
    },
  );

  app.get(
    '/api/:company/system/crons/jobs',
    {
      config: { access: access.operator },
      schema: {
        operationId: 'listCronJobs',
        tags: ['system'],
        summary: 'The scheduled jobs that have no cron, each of which one may be created for (operators)',
        params: companyParams,
        response: { 200: envelope(z.array(z.string())) },
      },
    },
    async (request) => ok(await availableJobs(await operatorCtx(request, request.params.company))),
  );

  app.post(
    '/api/:company/system/crons',
    {
      config: write(MESSAGES.cronCreateFailed),
      schema: {
        operationId: 'createCron',
        tags: ['system'],
        summary: 'Schedule a job that has no cron (operators)',
        description: 'A name that is no scheduled job, or one that has a cron already: 422 naming `name`.',
        params: companyParams,
        body: cronInputSchema,
        response: { 201: envelope(cronSchema) },
      },
    },
    async (request, reply) => {
      const cron = await createCron(await operatorCtx(request, request.params.company), request.body);
      reply.status(201);
      return ok(cron, MESSAGES.cronCreated);
    },
  );

  app.get(
    '/api/:company/system/crons/:id',
    {
      config: { access: access.operator },
      schema: {
        operationId: 'getCron',
        tags: ['system'],
        summary: 'One scheduled job (operators)',
        params: cronParams,
        response: { 200: envelope(cronSchema) },
      },
    },
    async (request) =>
      ok(await getCron(await operatorCtx(request, request.params.company), request.params.id)),
  );

  app.put(
    '/api/:company/system/crons/:id',
    {
      config: write(MESSAGES.cronUpdateFailed),
      schema: {
        operationId: 'updateCron',
        tags: ['system'],
        summary: 'Change a schedule: expression, time zone, enabled (operators)',
        params: cronParams,
        body: cronUpdateSchema,
        response: { 200: envelope(cronSchema) },
      },
    },
    async (request) =>
      ok(
        await updateCron(await operatorCtx(request, request.params.company), request.params.id, request.body),
        MESSAGES.cronUpdated,
      ),
  );

  app.delete(
    '/api/:company/system/crons/:id',
    {
      config: write(MESSAGES.cronDeleteFailed),
      schema: {
        operationId: 'deleteCron',
        tags: ['system'],
        summary: 'Remove a schedule: the job no longer runs on its own (operators)',
        params: cronParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deleteCron(await operatorCtx(request, request.params.company), request.params.id);
      return ok(null, MESSAGES.cronDeleted);
    },
  );

  app.post(
    '/api/:company/system/crons/:id/run',
    {
      config: write(MESSAGES.cronRunFailed),
      schema: {
        operationId: 'runCron',
        tags: ['system'],
        summary: 'Run a scheduled job now and wait for its result (operators)',
        description: 'A run that fails, or does not end within 20 s: 409 "Could not run Cron.".',
        params: cronParams,
        response: { 200: envelope(cronSchema) },
      },
    },
    async (request) => {
      const { cron, completed } = await runCron(
        await operatorCtx(request, request.params.company),
        request.params.id,
      );
      if (!completed) throw new AppError('conflict', MESSAGES.cronRunFailed);
      return ok(cron, MESSAGES.cronRan);
    },
  );
};
