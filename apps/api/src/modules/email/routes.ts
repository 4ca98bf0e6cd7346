import { idParam, listQuerySchema, paginatedEnvelope } from '@rentloop/domain/api';
import { EMAIL_ENTRY_SORTS, emailEntryFiltersSchema, emailEntrySchema } from '@rentloop/domain/email';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../http/access.ts';
import { ctxOf } from '../../http/context.ts';
import { paginated } from '../../http/envelope.ts';
import { registerListExport } from '../../http/list-export.ts';
import { listMeta, listParams } from '../../lists.ts';
import { exportEmailEntries, listEmailEntries } from './service.ts';

const listOptions = {
  sorts: EMAIL_ENTRY_SORTS,
  defaultSort: 'id',
  defaultDesc: true,
  filters: emailEntryFiltersSchema,
} as const;

export const emailRoutes: FastifyPluginAsyncZod = async (app) => {
  registerListExport(app, {
    url: '/api/:company/rentloopdb/email-entries',
    operationId: 'exportEmailEntries',
    tags: ['email'],
    summary: 'Export the Email History as CSV',
    access: access.company('admin'),
    params: z.object({ company: idParam }),
    list: listOptions,
    record: emailEntrySchema,
    filename: 'email-history',
    rows: (request, p, ids) => exportEmailEntries(ctxOf(request), p, ids),
  });

  app.get(
    '/api/:company/rentloopdb/email-entries',
    {
      config: { access: access.company('admin') },
      schema: {
        operationId: 'listEmailEntries',
        tags: ['email'],
        summary: 'Email History: every email the company sent (secret links hidden), newest first',
        description:
          'Filters (JSON): status (queued, sent, failed, not_sent), kind, customer_id (the mails sent to that customer’s email address). Search: recipient or subject.',
        params: z.object({ company: idParam }),
        querystring: listQuerySchema,
        response: { 200: paginatedEnvelope(emailEntrySchema) },
      },
    },
    async (request) => {
      const p = listParams(request.query, listOptions);
      const { rows, total } = await listEmailEntries(ctxOf(request), p);
      return paginated(rows, listMeta(p, total, rows.length, request.url.split('?')[0] ?? ''));
    },
  );
};
