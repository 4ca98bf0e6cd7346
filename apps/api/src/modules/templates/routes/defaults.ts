/**
 * The default templates (spec 02: super-level, operators only): global CRUD at /api/rentloopdb/templates,
 * where `{id}` is the kind, and the same locale calls as a company's for the editor.
 */
import { envelope } from '@rentloop/domain/api';
import { TEMPLATE_LANGUAGES, templateLanguageSchema } from '@rentloop/domain/enums';
import { MESSAGES } from '@rentloop/domain/messages';
import {
  defaultTemplateInputSchema,
  templateContentSchema,
  templateKindSummarySchema,
  templateLocaleInputSchema,
  templatePreviewInputSchema,
  templatePreviewSchema,
  templateSchema,
} from '@rentloop/domain/templates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../../http/access.ts';
import { platformCtxOf } from '../../../http/context.ts';
import { ok } from '../../../http/envelope.ts';
import { previewTemplate } from '../mail.ts';
import {
  createDefault,
  defaultLocale,
  defaultLocales,
  listDefaultTemplates,
  restoreDefault,
  saveDefault,
} from '../service.ts';
import { templateIdParam } from './company.ts';

const kindParams = z.object({ id: templateIdParam });
const localeParams = kindParams.extend({ locale: templateLanguageSchema });
const langQuery = z.object({ lang: templateLanguageSchema.optional() });
const tags = ['templates'];
const RESTORE =
  'Deletes the operators’ text: the default is the text Rentloop ships again (a default always exists).';

export const defaultTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/rentloopdb/templates',
    {
      config: { access: access.operator, failureMessage: MESSAGES.templatesFetchFailed },
      schema: {
        operationId: 'listDefaultTemplates',
        tags,
        summary: 'Every kind of template, and per language whether operators changed the shipped text',
        response: { 200: envelope(z.array(templateKindSummarySchema)) },
      },
    },
    async (request) => ok(await listDefaultTemplates(platformCtxOf(request))),
  );

  app.post(
    '/api/rentloopdb/templates',
    {
      config: { access: access.operator, failureMessage: MESSAGES.templateCreateFailed, idempotent: true },
      schema: {
        operationId: 'createDefaultTemplate',
        tags,
        summary: 'Create the default of a kind and language that has none',
        description: 'Every kind has its defaults from the start, so this answers 409 unless one is missing.',
        body: defaultTemplateInputSchema,
        response: { 201: envelope(templateSchema) },
      },
    },
    async (request, reply) => {
      const template = await createDefault(platformCtxOf(request), request.body);
      reply.status(201);
      return ok(template, MESSAGES.templateCreated);
    },
  );

  app.get(
    '/api/rentloopdb/templates/:id',
    {
      config: { access: access.operator, failureMessage: MESSAGES.templateFetchFailed },
      schema: {
        operationId: 'getDefaultTemplate',
        tags,
        summary: 'The defaults of a kind, one per language',
        params: kindParams,
        response: { 200: envelope(z.array(templateSchema)) },
      },
    },
    async (request) => ok(await defaultLocales(platformCtxOf(request), request.params.id)),
  );

  app.put(
    '/api/rentloopdb/templates/:id',
    {
      config: { access: access.operator, failureMessage: MESSAGES.templateSaveFailed },
      schema: {
        operationId: 'updateDefaultTemplate',
        tags,
        summary: 'Change the default of a kind in one language (lang in the body)',
        params: kindParams,
        body: templateLocaleInputSchema,
        response: { 200: envelope(templateSchema) },
      },
    },
    async (request) => {
      const { lang, ...content } = request.body;
      return ok(
        await saveDefault(platformCtxOf(request), request.params.id, lang, content),
        MESSAGES.templateSaved,
      );
    },
  );

  app.delete(
    '/api/rentloopdb/templates/:id',
    {
      config: { access: access.operator, failureMessage: MESSAGES.templateDeleteFailed },
      schema: {
        operationId: 'deleteDefaultTemplate',
        tags,
        summary: "Delete the operators' text of a default: in one language (?lang=), else in every language",
        description: RESTORE,
        params: kindParams,
        querystring: langQuery,
        response: { 200: envelope(z.array(templateSchema)) },
      },
    },
    async (request) => {
      const ctx = platformCtxOf(request);
      const { id } = request.params;
      const langs = request.query.lang ? [request.query.lang] : TEMPLATE_LANGUAGES;
      for (const lang of langs) await restoreDefault(ctx, id, lang);
      return ok(await defaultLocales(ctx, id), MESSAGES.templateDeleted);
    },
  );

  app.get(
    '/api/rentloopdb/templates/:id/locales/:locale',
    {
      config: { access: access.operator, failureMessage: MESSAGES.templateFetchFailed },
      schema: {
        operationId: 'getDefaultTemplateLocale',
        tags,
        summary: 'The default of a kind in one language',
        params: localeParams,
        response: { 200: envelope(templateSchema) },
      },
    },
    async (request) =>
      ok(await defaultLocale(platformCtxOf(request), request.params.id, request.params.locale)),
  );

  app.put(
    '/api/rentloopdb/templates/:id/locales/:locale',
    {
      config: { access: access.operator, failureMessage: MESSAGES.templateSaveFailed },
      schema: {
        operationId: 'saveDefaultTemplateLocale',
        tags,
        summary: 'Change the default of a kind in one language',
        params: localeParams,
        body: templateContentSchema,
        response: { 200: envelope(templateSchema) },
      },
    },
    async (request) =>
      ok(
        await saveDefault(platformCtxOf(request), request.params.id, request.params.locale, request.body),
        MESSAGES.templateSaved,
      ),
  );

  app.delete(
    '/api/rentloopdb/templates/:id/locales/:locale',
    {
      config: { access: access.operator, failureMessage: MESSAGES.templateDeleteFailed },
      schema: {
        operationId: 'deleteDefaultTemplateLocale',
        tags,
        summary: "Delete the operators' text of a default in one language",
        description: RESTORE,
        params: localeParams,
        response: { 200: envelope(templateSchema) },
      },
    },
    async (request) =>
      ok(
        await restoreDefault(platformCtxOf(request), request.params.id, request.params.locale),
        MESSAGES.templateDeleted,
      ),
  );

  app.post(
    '/api/rentloopdb/templates/:id/preview',
    {
      config: { access: access.operator, failureMessage: MESSAGES.templateFetchFailed },
      schema: {
        operationId: 'previewDefaultTemplate',
        tags,
        summary: 'Render unsaved default content (company fields stay empty: a default belongs to none)',
        params: kindParams,
        body: templatePreviewInputSchema,
        response: { 200: envelope(templatePreviewSchema) },
      },
    },
    async (request) =>
      ok(await previewTemplate(platformCtxOf(request), null, request.params.id, request.body)),
  );
};
