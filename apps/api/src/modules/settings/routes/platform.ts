/** Platform settings (spec 02 `/super/settings`): operators only. */
import { envelope } from '@rentloop/domain/api';
import { MESSAGES } from '@rentloop/domain/messages';
import { platformSettingsInputSchema, platformSettingsSchema } from '@rentloop/domain/platform-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../../http/access.ts';
import { platformCtxOf } from '../../../http/context.ts';
import { ok } from '../../../http/envelope.ts';
import { getPlatformSettings, putPlatformSettings } from '../platform.ts';

export const platformSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/settings',
    {
      config: { access: access.operator },
      schema: {
        operationId: 'getPlatformSettings',
        tags: ['settings'],
        summary:
          'Platform settings: registration on or off, the settings a new company starts with (operators)',
        response: { 200: envelope(platformSettingsSchema) },
      },
    },
    async (request) => ok(await getPlatformSettings(platformCtxOf(request))),
  );

  app.put(
    '/api/settings',
    {
      config: { access: access.operator },
      schema: {
        operationId: 'updatePlatformSettings',
        tags: ['settings'],
        summary: 'Replace the platform settings (operators); companies created later start with the defaults',
        body: platformSettingsInputSchema,
        response: { 200: envelope(platformSettingsSchema) },
      },
    },
    async (request) =>
      ok(await putPlatformSettings(platformCtxOf(request), request.body), MESSAGES.settingsUpdated),
  );
};
