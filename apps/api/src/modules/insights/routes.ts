import { envelope, idParam } from '@rentloop/domain/api';
import { assetInsightsSchema } from '@rentloop/domain/asset-pnl';
import {
  cohortGridSchema,
  GRAPH_IDS,
  graphQuerySchema,
  graphSchema,
  statCardsSchema,
} from '@rentloop/domain/graphs';
import { insightsSummarySchema } from '@rentloop/domain/insights';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../http/access.ts';
import { ctxOf } from '../../http/context.ts';
import { ok } from '../../http/envelope.ts';
import { assetInsights } from './asset-pnl.ts';
import { cohortGrid } from './cohorts.ts';
import { graph, statCards } from './graphs.ts';
import { insightsSummary } from './service.ts';

const companyParams = z.object({ company: idParam });
const assetParams = z.object({ company: idParam, id: idParam });
const graphParams = z.object({ company: idParam, graphId: z.string().max(64) });

/** How the graph routes answer fast on big companies (decision 89). */
const ROLLED =
  'Read from the Insights rollups once the company’s are backfilled, after folding every event committed since ' +
  'the job last did (decision 89); until then, or after a change of time zone or currency, scanned from the ' +
  'records. The figures are the same either way.';

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

  app.get(
    '/api/:company/insights/assets/:id',
    {
      config: { access: access.company('user') },
      schema: {
        operationId: 'getAssetInsights',
        tags: ['insights'],
        summary: "One asset's profit and loss: purchase cost, revenue, repairs, utilisation, payback, loss",
        description:
          'Computed from the records (decision 58), in the company’s currency, net of VAT. Revenue: the lines of the issued ' +
          'invoices of the subscriptions the asset served; a line with a period is shared by the units its subscription had in ' +
          'that period, by days held; a line without one goes to the unit held on its issue date (else the last before, else ' +
          'the first after); an initial invoice’s line is shared by its order item’s subscriptions. `revenue_collected`: of ' +
          'settled invoices. `profit` = collected − repairs (closed repairs’ total cost) − purchase cost. Days owned run from ' +
          'the purchase date (else the day it was tracked) to today or the day it was bought out, stolen or removed; ' +
          '`utilisation` is days rented out of days owned (%). `loss`: the unrecovered cost of a stolen, broken or removed ' +
          'asset. Another company’s asset: 404.',
        params: assetParams,
        response: { 200: envelope(assetInsightsSchema) },
      },
    },
    async (request) => ok(await assetInsights(ctxOf(request), request.params.id)),
  );

  app.get(
    '/api/:company/graphs/stat-cards',
    {
      config: { access: access.company('user') },
      schema: {
        operationId: 'getGraphStatCards',
        tags: ['insights'],
        summary:
          'The headline figures: MRR, active subscriptions and customers, revenue, unpaid amount, churn rate',
        description:
          'Computed from the company’s records at the company’s today (docs/insights.md, decision 61); each with its value ' +
          'at the end of the previous month (revenue and churn: the whole previous month) and the change in percent. ' +
          'Amounts are exact decimal strings in the company’s currency. ' +
          ROLLED,
        params: companyParams,
        response: { 200: envelope(statCardsSchema) },
      },
    },
    async (request) => ok(await statCards(ctxOf(request))),
  );

  app.get(
    '/api/:company/graphs/cohorts',
    {
      config: { access: access.company('user') },
      schema: {
        operationId: 'getGraphCohorts',
        tags: ['insights'],
        summary:
          'The cohort grid: customers by month of first order, and the share still subscribed after n months',
        description:
          'The 12 months ending with the current one (company time zone). A cohort is the customers whose first order ' +
          '(quotes not counted) fell in that month; `retained[n]` counts those with a running subscription at the end ' +
          'of the month n months later (the current month: today), null for a month still to come; `shares` the same ' +
          'in percent (docs/insights.md "Cohorts"). ' +
          ROLLED,
        params: companyParams,
        response: { 200: envelope(cohortGridSchema) },
      },
    },
    async (request) => ok(await cohortGrid(ctxOf(request))),
  );

  app.get(
    '/api/:company/graphs/:graphId',
    {
      config: { access: access.company('user') },
      schema: {
        operationId: 'getGraph',
        tags: ['insights'],
        summary: 'One Insights graph: labels per period and its series',
        description:
          `Graphs: ${GRAPH_IDS.join(', ')}. \`period\`: monthly (12 labels), quarterly (6) or annually (6), the last ` +
          'ending today (company time zone). Computed from invoices, transactions, subscriptions and customers as ' +
          'docs/insights.md defines; amounts are exact decimal strings in the company’s currency. The failed payment ' +
          'attempts split by reason: gateway rejected, credit card denied, server timeout, other reason. An unknown ' +
          'graph: 404; another period: 422 naming `period`. ' +
          ROLLED,
        params: graphParams,
        querystring: graphQuerySchema,
        response: { 200: envelope(graphSchema) },
      },
    },
    async (request) => ok(await graph(ctxOf(request), request.params.graphId, request.query.period)),
  );
};
