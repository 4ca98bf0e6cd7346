import { envelope, idParam } from '@rentloop/domain/api';
import { insightsSummarySchema } from '@rentloop/domain/insights';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../http/access.ts';
import { ctxOf } from '../../http/context.ts';
import { ok } from '../../http/envelope.ts';
import { insightsSummary } from './service.ts';

const companyParams = z.object({ company: idParam });

/**
 * The spec names the Insights screen's graphs (spec 01 §7) without their routes; until billing brings
 * them, this is what the data has. The customer figures of `insights/customers` stay where they are.
 */
export const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/:company/insights/summary',
    {
      config: { access: access.company('user') },
      schema: {
        operationId: 'getInsightsSummary',
        tags: ['insights'],
        summary: 'Customers by country and language, products by type, the catalog’s value',
        description:
          'Counted by the database on the company’s rows. Amounts are exact sums of the stored prices, in the company’s currency: ' +
          '`list_value` one of each priced variant of an active product, `stock_value` each times its stock.',
        params: companyParams,
        response: { 200: envelope(insightsSummarySchema) },
      },
    },
    async (request) => ok(await insightsSummary(ctxOf(request))),
  );
};
