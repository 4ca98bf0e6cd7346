/**
 * System calls of a company (spec 02 §7 "Settings and system"): clearing its cached settings, and its
 * feature flags (`unleash-settings`), which every member reads and operators set.
 */
import { envelope, idParam } from '@rentloop/domain/api';
import { MESSAGES } from '@rentloop/domain/messages';
import { featureFlagInputSchema, featureFlagSchema } from '@rentloop/domain/settings';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx, UserActor } from '../../../context.ts';
import { SETTINGS_CHANNEL } from '../../../db/client.ts';
import { companies } from '../../../db/schema/index.ts';
import { notFound } from '../../../errors.ts';
import { access } from '../../../http/access.ts';
import { ctxOf, platformCtxOf } from '../../../http/context.ts';
import { ok } from '../../../http/envelope.ts';
import { clearCompany } from '../cache.ts';
import { listFeatureFlags, setFeatureFlag } from '../flags.ts';

const params = z.object({ company: idParam });

/** An operator's context under a company's URL: the company must exist (404), as a company route. */
async function operatorCompanyCtx(request: FastifyRequest, companyId: number): Promise<Ctx<UserActor>> {
  const ctx = platformCtxOf(request);
  const [company] = await ctx.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw notFound();
  return { ...ctx, companyId };
}

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/:company/system/cache/clear',
    {
      config: { access: access.company('admin') },
      schema: {
        operationId: 'clearCache',
        tags: ['system'],
        summary: 'Clear the company’s cached settings on every API instance',
        params,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      clearCompany(ctx.deps, ctx.companyId);
      // The other instances hear it on the settings channel, as they hear a write (cache.ts).
      await ctx.db.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, ${String(ctx.companyId)})`);
      return ok(null, MESSAGES.cacheCleared);
    },
  );

  app.get(
    '/api/:company/system/unleash-settings',
    {
      config: { access: access.company('user') },
      schema: {
        operationId: 'listFeatureFlags',
        tags: ['system'],
        summary: 'The company’s feature flags: every flag the product knows, set or at its default',
        params,
        response: { 200: envelope(z.array(featureFlagSchema)) },
      },
    },
    async (request) => ok(await listFeatureFlags(ctxOf(request))),
  );

  app.put(
    '/api/:company/system/unleash-settings/:name',
    {
      config: { access: access.operator },
      schema: {
        operationId: 'updateFeatureFlag',
        tags: ['system'],
        summary: 'Switch a feature flag on or off for the company (operators)',
        params: params.extend({ name: z.string().max(64) }),
        body: featureFlagInputSchema,
        response: { 200: envelope(featureFlagSchema) },
      },
    },
    async (request) => {
      const ctx = await operatorCompanyCtx(request, request.params.company);
      return ok(
        await setFeatureFlag(ctx, request.params.name, request.body.enabled),
        MESSAGES.featureFlagUpdated,
      );
    },
  );
};
