import { envelope, idParam, listQuerySchema, paginatedEnvelope } from '@rentloop/domain/api';
import { EVENT_SORTS, eventFiltersSchema, eventSchema } from '@rentloop/domain/events';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx, UserActor } from '../../context.ts';
import { companies } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { access } from '../../http/access.ts';
import { platformCtxOf } from '../../http/context.ts';
import { ok, paginated } from '../../http/envelope.ts';
import { registerListExport } from '../../http/list-export.ts';
import { listMeta, listParams } from '../../lists.ts';
import { eventList, getEvent, listEvents } from './service.ts';

const companyParams = z.object({ company: idParam });

/**
 * The context of an operator tool under a company's URL (spec 01 §7: `/read-replica/{company}/...`):
 * the route is `access.operator` (company staff, owners included, get 403), and the company of the URL
 * must exist (404 otherwise, like a company route).
 */
async function operatorCompanyCtx(request: FastifyRequest, companyId: number): Promise<Ctx<UserActor>> {
  const ctx = platformCtxOf(request);
  const [company] = await ctx.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw notFound();
  return { ...ctx, companyId };
}

const listOptions = {
  sorts: EVENT_SORTS,
  defaultSort: 'id',
  defaultDesc: true,
  filters: eventFiltersSchema,
} as const;

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  registerListExport(app, {
    url: '/read-replica/:company/rentloopdb/events',
    operationId: 'exportEvents',
    tags: ['events'],
    summary: 'Export the Event List as CSV (operators)',
    access: access.operator,
    params: companyParams,
    list: listOptions,
    record: eventSchema,
    filename: 'events',
    rows: async (request, p, ids) => {
      const ctx = await operatorCompanyCtx(request, (request.params as { company: number }).company);
      return eventList.batches(ctx, p, { ids });
    },
  });

  app.get(
    '/read-replica/:company/rentloopdb/events',
    {
      config: { access: access.operator },
      schema: {
        operationId: 'listEvents',
        tags: ['events'],
        summary: 'Events of a company and of the platform, newest first (operators)',
        description:
          `Sort: ${EVENT_SORTS.join(', ')} (default id, newest first). Search: type, object, object id. ` +
          'Filters (JSON): type, object, object_id, actor, date_from, date_to. Super-admins and support users only; ' +
          'platform events (users) have no company and show under every company.',
        params: companyParams,
        querystring: listQuerySchema,
        response: { 200: paginatedEnvelope(eventSchema) },
      },
    },
    async (request) => {
      const p = listParams(request.query, listOptions);
      const ctx = await operatorCompanyCtx(request, request.params.company);
      const { rows, total } = await listEvents(ctx, p);
      return paginated(rows, listMeta(p, total, rows.length, request.url.split('?')[0] ?? ''));
    },
  );

  app.get(
    '/api/:company/rentloopdb/events/:id',
    {
      config: { access: access.operator },
      schema: {
        operationId: 'getEvent',
        tags: ['events'],
        summary: 'One event with its payload (operators)',
        params: companyParams.extend({ id: idParam }),
        response: { 200: envelope(eventSchema) },
      },
    },
    async (request) => {
      const ctx = await operatorCompanyCtx(request, request.params.company);
      return ok(await getEvent(ctx, request.params.id));
    },
  );
};
