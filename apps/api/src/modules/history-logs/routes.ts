import { envelope, idParam, listQuerySchema, paginatedEnvelope } from '@rentloop/domain/api';
import {
  HISTORY_LOG_SORTS,
  historyLogFiltersSchema,
  historyLogSchema,
  operatorHistoryLogFiltersSchema,
} from '@rentloop/domain/history-logs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../http/access.ts';
import { ctxOf, platformCtxOf } from '../../http/context.ts';
import { ok, paginated } from '../../http/envelope.ts';
import { registerListExport } from '../../http/list-export.ts';
import { listMeta, listParams } from '../../lists.ts';
import {
  exportAllHistoryLogs,
  exportHistoryLogs,
  getHistoryLog,
  listAllHistoryLogs,
  listHistoryLogs,
} from './service.ts';

const companyParams = z.object({ company: idParam });

const companyOptions = {
  sorts: HISTORY_LOG_SORTS,
  defaultSort: 'id',
  defaultDesc: true,
  filters: historyLogFiltersSchema,
} as const;
const allOptions = { ...companyOptions, filters: operatorHistoryLogFiltersSchema };

export const historyLogRoutes: FastifyPluginAsyncZod = async (app) => {
  registerListExport(app, {
    url: '/api/utils/history-logs',
    operationId: 'exportAllHistoryLogs',
    tags: ['history logs'],
    summary: 'Export the whole audit trail as CSV (operators)',
    access: access.operator,
    params: z.object({}),
    list: allOptions,
    record: historyLogSchema,
    filename: 'history-logs',
    rows: (request, p, ids) => exportAllHistoryLogs(platformCtxOf(request), p, ids),
  });
  registerListExport(app, {
    url: '/api/:company/utils/history-logs',
    operationId: 'exportHistoryLogs',
    tags: ['history logs'],
    summary: 'Export the audit trail of a company as CSV',
    access: access.company('admin'),
    params: companyParams,
    list: companyOptions,
    record: historyLogSchema,
    filename: 'history-logs',
    rows: (request, p, ids) => exportHistoryLogs(ctxOf(request), p, ids),
  });

  app.get(
    '/api/utils/history-logs',
    {
      config: { access: access.operator },
      schema: {
        operationId: 'listAllHistoryLogs',
        tags: ['history logs'],
        summary: 'The whole audit trail, newest first (operators); a deleted company’s too',
        description:
          'Filters (JSON): company_id, entity, entity_id, user, action, date_from, date_to. Super-admins and support users only. ' +
          'With company_id, the entries of that company, also after it was deleted (the company-scoped route then answers 404).',
        querystring: listQuerySchema,
        response: { 200: paginatedEnvelope(historyLogSchema) },
      },
    },
    async (request) => {
      const p = listParams(request.query, allOptions);
      const { rows, total } = await listAllHistoryLogs(platformCtxOf(request), p);
      return paginated(rows, listMeta(p, total, rows.length, request.url.split('?')[0] ?? ''));
    },
  );

  app.get(
    '/api/:company/utils/history-logs',
    {
      config: { access: access.company('admin') },
      schema: {
        operationId: 'listHistoryLogs',
        tags: ['history logs'],
        summary: 'The audit trail of a company, newest first',
        description:
          'Filters (JSON): entity, entity_id, user, action, date_from, date_to. Owners, admins and operators.',
        params: companyParams,
        querystring: listQuerySchema,
        response: { 200: paginatedEnvelope(historyLogSchema) },
      },
    },
    async (request) => {
      const p = listParams(request.query, companyOptions);
      const { rows, total } = await listHistoryLogs(ctxOf(request), p);
      return paginated(rows, listMeta(p, total, rows.length, request.url.split('?')[0] ?? ''));
    },
  );

  app.get(
    '/api/:company/utils/history-logs/:id',
    {
      config: { access: access.company('admin') },
      schema: {
        operationId: 'getHistoryLog',
        tags: ['history logs'],
        summary: 'One audit entry with its before and after',
        params: companyParams.extend({ id: idParam }),
        response: { 200: envelope(historyLogSchema) },
      },
    },
    async (request) => {
      return ok(await getHistoryLog(ctxOf(request), request.params.id));
    },
  );
};
