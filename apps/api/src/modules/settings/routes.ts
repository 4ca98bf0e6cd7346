import { envelope, idParam } from '@rentloop/domain/api';
import { shopSettingsInputSchema, shopSettingsSchema } from '@rentloop/domain/companies';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, companyActorOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { getShopSettings, saveShopSettings } from './shop.ts';

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
    async (request) => ok(await getShopSettings(request.db, companyActorOf(request).companyId)),
  );

  app.put(
    '/api/companies/:company/settings/shop_system',
    {
      config: { access: access.company('admin'), failureMessage: 'Failed to save the shop settings.' },
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
      const saved = await saveShopSettings(
        request.db,
        app.deps.secrets,
        companyActorOf(request).companyId,
        request.body,
        { allowPrivateUrls: app.deps.allowPrivateShopUrls },
      );
      return ok(saved, 'Shop settings saved.');
    },
  );
};
