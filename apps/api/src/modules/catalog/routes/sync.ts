/** The product sync from the connected shop: started as a background job, followed by polling (sync.ts). */
import { envelope } from '@rentloop/domain/api';
import { productSyncSchema } from '@rentloop/domain/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../http/context.ts';
import { ok } from '../../../http/envelope.ts';
import { errorSchema } from '../../../http/openapi.ts';
import { companyShopSystem, latestProductSync, startProductSync } from '../sync.ts';
import { base, company, create, read } from './common.ts';

export const productSyncRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    `${base}/products/sync`,
    {
      config: create(),
      schema: {
        operationId: 'startProductSync',
        tags: ['products'],
        summary: 'Start a product sync from the connected shop (a background job)',
        description:
          'Answers 202 with the sync record; follow its progress with GET products/sync. 409 when no shop is connected or a sync is already running.',
        params: company,
        response: { 202: envelope(productSyncSchema), 409: errorSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const sync = await startProductSync(ctx, await companyShopSystem(ctx));
      reply.status(202);
      return ok(sync, 'Product sync started.');
    },
  );

  app.get(
    `${base}/products/sync`,
    {
      config: read,
      schema: {
        operationId: 'getProductSync',
        tags: ['products'],
        summary: 'The latest product sync: status, progress and result (null when none ran)',
        params: company,
        response: { 200: envelope(productSyncSchema.nullable()) },
      },
    },
    async (request) => ok(await latestProductSync(ctxOf(request))),
  );
};
