/**
 * Company settings (spec 02 §7 "Settings and system"): the whole object, one section (by its key or
 * one of the spec's other names), the chosen sections, and the checkout's API key. `shop_system` keeps
 * its own routes (`../routes.ts`); being static paths, they win over `settings/:section`.
 */
import { envelope, idParam } from '@rentloop/domain/api';
import { MESSAGES } from '@rentloop/domain/messages';
import { COMPANY_ROLE_RANK } from '@rentloop/domain/roles';
import {
  type AnySectionKey,
  checkoutApiKeySchema,
  companySettingsInputSchema,
  companySettingsSchema,
  SECTION_NAMES,
  SETTINGS_SECTION_KEYS,
  type SettingsSectionKey,
  SHOP_SECTION,
  sectionKeyOf,
} from '@rentloop/domain/settings';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isOperator, type UserActor } from '../../../context.ts';
import { access } from '../../../http/access.ts';
import { ctxOf } from '../../../http/context.ts';
import { ok } from '../../../http/envelope.ts';
import { AppError } from '../../../http/errors.ts';
import { markDirty } from '../cache.ts';
import {
  generateCheckoutApiKey,
  getAllSettings,
  getSectionView,
  putSection,
  putSettings,
  selectSettings,
} from '../sections.ts';

const params = z.object({ company: idParam });
const sectionParams = params.extend({
  section: z
    .string()
    .max(64)
    .describe(`A section: ${SECTION_NAMES.join(', ')}.`),
});
const sectionView = z
  .record(z.string(), z.unknown())
  .describe('The section (see `getSettings` for each one’s fields).');

/**
 * onResponse of every route that writes settings: marks the company's cached settings dirty once the
 * write has committed (the service marked them in the transaction already; cache.ts says why twice).
 */
export async function settingsWritten(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const company = Number((request.params as { company?: string } | undefined)?.company);
  if (Number.isSafeInteger(company)) markDirty(request.server.deps, company);
}

/** A generic section by any of its names; shop_system and unknown names are 404 here. */
function sectionOf(name: string): SettingsSectionKey {
  const key = sectionKeyOf(name);
  if (key === null || key === SHOP_SECTION)
    throw new AppError('not_found', `Unknown settings section: ${name}.`);
  return key;
}

const isCompanyAdmin = (actor: UserActor) =>
  isOperator(actor.globalRole) ||
  (actor.companyRole !== null && COMPANY_ROLE_RANK[actor.companyRole] >= COMPANY_ROLE_RANK.admin);

export const sectionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/companies/:company/settings',
    {
      config: { access: access.company('admin') },
      schema: {
        operationId: 'getSettings',
        tags: ['settings'],
        summary: 'Every settings section, by its key (secrets are never returned)',
        params,
        response: { 200: envelope(companySettingsSchema) },
      },
    },
    async (request) => ok(await getAllSettings(ctxOf(request))),
  );

  app.put(
    '/api/companies/:company/settings',
    {
      config: { access: access.company('admin') },
      onResponse: settingsWritten,
      schema: {
        operationId: 'updateSettings',
        tags: ['settings'],
        summary: 'Replace the sections sent (each one complete); answers every section',
        params,
        body: companySettingsInputSchema,
        response: { 200: envelope(companySettingsSchema) },
      },
    },
    async (request) => ok(await putSettings(ctxOf(request), request.body), MESSAGES.settingsUpdated),
  );

  app.get(
    '/api/companies/:company/settings/selective',
    {
      config: { access: access.company('user') },
      schema: {
        operationId: 'getSelectedSettings',
        tags: ['settings'],
        summary:
          'Chosen sections (`sections=invoice,order`; `groups=` is the older name; all sections but shop_system when omitted)',
        description: 'shop_system needs an admin. An unknown name is a 422 on `sections`.',
        params,
        querystring: z.object({
          sections: z.string().max(1000).optional(),
          groups: z.string().max(1000).optional(),
        }),
        response: { 200: envelope(companySettingsSchema.partial()) },
      },
    },
    async (request) => {
      const field = request.query.sections !== undefined ? 'sections' : 'groups';
      const asked = (request.query.sections ?? request.query.groups)
        ?.split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const unknown = asked?.filter((s) => sectionKeyOf(s) === null) ?? [];
      if (unknown.length > 0) {
        throw new AppError('validation', MESSAGES.settingsFetchFailed, {
          [field]: [`Unknown settings section: ${unknown.join(', ')}.`],
        });
      }
      const keys = [...new Set(asked?.map((s) => sectionKeyOf(s) as AnySectionKey) ?? SETTINGS_SECTION_KEYS)];
      const ctx = ctxOf(request);
      if (keys.includes(SHOP_SECTION) && !isCompanyAdmin(ctx.actor)) throw new AppError('forbidden');
      return ok(await selectSettings(ctx, keys));
    },
  );

  app.post(
    '/api/companies/:company/settings/checkout_general/api-key',
    {
      config: { access: access.company('admin') },
      onResponse: settingsWritten,
      schema: {
        operationId: 'generateCheckoutApiKey',
        tags: ['settings'],
        summary:
          'Generate the checkout’s API key (replaces the old one); the answer is the only time it is shown',
        params,
        response: { 200: envelope(checkoutApiKeySchema) },
      },
    },
    async (request) =>
      ok(
        await generateCheckoutApiKey(ctxOf(request)),
        'API key generated. Copy it now: it is not shown again.',
      ),
  );

  app.get(
    '/api/companies/:company/settings/:section',
    {
      config: { access: access.company('admin') },
      schema: {
        operationId: 'getSettingsSection',
        tags: ['settings'],
        summary: 'One settings section (by its key or another name the spec uses for it)',
        params: sectionParams,
        response: { 200: envelope(sectionView) },
      },
    },
    async (request) => ok(await getSectionView(ctxOf(request), sectionOf(request.params.section))),
  );

  app.put(
    '/api/companies/:company/settings/:section',
    {
      config: { access: access.company('admin') },
      onResponse: settingsWritten,
      schema: {
        operationId: 'updateSettingsSection',
        tags: ['settings'],
        summary: 'Replace one settings section with the values sent (every field; unknown fields are a 422)',
        description:
          'The body is the section’s fields (the `updateSettings` body describes each section). Read-only fields (next_number, api_key_set, credentials_stored) are not sent.',
        params: sectionParams,
        body: z.record(z.string(), z.unknown()),
        response: { 200: envelope(sectionView) },
      },
    },
    async (request) => {
      const key = sectionOf(request.params.section);
      return ok(await putSection(ctxOf(request), key, request.body), MESSAGES.settingsUpdated);
    },
  );
};
