import { envelope, idParam } from '@rentloop/domain/api';
import { shopSettingsInputSchema, shopSettingsSchema } from '@rentloop/domain/companies';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withDb } from '../../context.ts';
import { access } from '../../http/access.ts';
import { ctxOf } from '../../http/context.ts';
import { ok } from '../../http/envelope.ts';
import { auditedTransaction } from '../../http/transactions.ts';
import { platformSettingsRoutes } from './routes/platform.ts';
import { sectionRoutes } from './routes/sections.ts';
import { systemRoutes } from './routes/system.ts';
import { checkShopSettings, getShopSettings, storeShopSettings } from './shop.ts';

const params = z.object({ company: idParam });

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/companies/:company/settings/shop_system',
    {
      config: { access: access.company('admin') },
      schema: {
        operationId: 'getShopSettings',
        tags: ['settings'],
        summary: 'The connected shop (credentials are never returned)',
        params,
        response: { 200: envelope(shopSettingsSchema) },
      },
    },
    async (request) => ok(await getShopSettings(ctxOf(request))),
  );

  app.put(
    '/api/companies/:company/settings/shop_system',
    {
      // Outside the request transaction: the shop's address is looked up (DNS) before anything is
      // written, and the write is a short transaction of its own (db/transaction-scope.ts).
      config: {
        access: access.company('admin'),
        failureMessage: 'Failed to save the shop settings.',
        transaction: false,
      },
      schema: {
        operationId: 'updateShopSettings',
        tags: ['settings'],
        summary:
          'Connect a shop (credentials encrypted at rest; omit them to keep the stored ones); shop_system null disconnects',
        params,
        body: shopSettingsInputSchema,
        response: { 200: envelope(shopSettingsSchema) },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      await checkShopSettings(request.body, { allowPrivateUrls: ctx.deps.allowPrivateShopUrls });
      const saved = await auditedTransaction(request, (tx) =>
        storeShopSettings(withDb(ctx, tx), request.body),
      );
      return ok(saved, 'Shop settings saved.');
    },
  );

  // Every other section, the whole settings, the checkout API key; the cache and feature flags.
  await app.register(sectionRoutes);
  await app.register(systemRoutes);
  await app.register(platformSettingsRoutes);
};
