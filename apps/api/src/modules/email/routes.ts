import { idParam, listQuerySchema, paginatedEnvelope } from '@rentloop/domain/api';
import { EMAIL_ENTRY_SORTS, emailEntryFiltersSchema, emailEntrySchema } from '@rentloop/domain/email';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../http/access.ts';
import { ctxOf } from '../../http/context.ts';
import { paginated } from '../../http/envelope.ts';
import { listMeta, listParams } from '../../lists.ts';
import { listEmailEntries } from './service.ts';

export const emailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/:company/rentloopdb/email-entries',
    {
      config: { access: access.company('admin') },
      schema: {
        operationId: 'listEmailEntries',
        tags: ['email'],
        summary: 'Email History: every email the company sent (secret links hidden), newest first',
        description:
          'Filters (JSON): status (queued, sent, failed, not_sent), kind. Search: recipient or subject.',
        params: z.object({ company: idParam }),
        querystring: listQuerySchema,
        response: { 200: paginatedEnvelope(emailEntrySchema) },
      },
    },
    async (request) => {
      const p = listParams(request.query, {
        sorts: EMAIL_ENTRY_SORTS,
        defaultSort: 'id',
        defaultDesc: true,
        filters: emailEntryFiltersSchema,
      });
      const { rows, total } = await listEmailEntries(ctxOf(request), p);
      return paginated(rows, listMeta(p, total, rows.length, request.url.split('?')[0] ?? ''));
    },
  );
};
