/**
 * A company's email and invoice templates (spec 02 §7 "Template locale calls"): `{id}` is the kind
 * (`invitation`, `invoice_document`, ...), `{locale}` a template language. Reading needs a member; changing
 * what the company's mails say needs an admin.
 */
import { envelope, idParam } from '@rentloop/domain/api';
import { templateLanguageSchema } from '@rentloop/domain/enums';
import { MESSAGES } from '@rentloop/domain/messages';
import {
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
import { ctxOf } from '../../../http/context.ts';
import { ok } from '../../../http/envelope.ts';
import { previewTemplate } from '../mail.ts';
import {
  companyLocale,
  companyLocales,
  createCompanyLocale,
  deleteCompanyLocale,
  listCompanyTemplates,
  saveCompanyLocale,
} from '../service.ts';

export const templateIdParam = z
  .string()
  .regex(/^[a-z0-9_]{1,60}$/, 'A template id: lower-case letters, digits, _.');
const companyParams = z.object({ company: idParam });
const kindParams = companyParams.extend({ id: templateIdParam });
const localeParams = kindParams.extend({ locale: templateLanguageSchema });
const tags = ['templates'];

export const companyTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/:company/rentloopdb/templates',
    {
      config: { access: access.company('user'), failureMessage: MESSAGES.templatesFetchFailed },
      schema: {
        operationId: 'listTemplates',
        tags,
        summary: "The company's templates: every kind it sends, and per language whether it has its own text",
        params: companyParams,
        response: { 200: envelope(z.array(templateKindSummarySchema)) },
      },
    },
    async (request) => ok(await listCompanyTemplates(ctxOf(request))),
  );

  app.get(
    '/api/:company/rentloopdb/templates/:id/locales',
    {
      config: { access: access.company('user'), failureMessage: MESSAGES.templatesFetchFailed },
      schema: {
        operationId: 'listTemplateLocales',
        tags,
        summary: "A kind in every language, as the company's mails use it (its own text, else the default)",
        description: 'A platform mail (verification, password reset, operator invitation): 403.',
        params: kindParams,
        response: { 200: envelope(z.array(templateSchema)) },
      },
    },
    async (request) => ok(await companyLocales(ctxOf(request), request.params.id)),
  );

  app.post(
    '/api/:company/rentloopdb/templates/:id/locales',
    {
      config: {
        access: access.company('admin'),
        failureMessage: MESSAGES.templateCreateFailed,
        idempotent: true,
      },
      schema: {
        operationId: 'createTemplateLocale',
        tags,
        summary: "Give a language of a kind the company's own text (overrides the default)",
        description: 'A language that already has the company’s own text: 409 (change it with PUT).',
        params: kindParams,
        body: templateLocaleInputSchema,
        response: { 201: envelope(templateSchema) },
      },
    },
    async (request, reply) => {
      const template = await createCompanyLocale(ctxOf(request), request.params.id, request.body);
      reply.status(201);
      return ok(template, MESSAGES.templateCreated);
    },
  );

  app.get(
    '/api/:company/rentloopdb/templates/:id/locales/:locale',
    {
      config: { access: access.company('user'), failureMessage: MESSAGES.templateFetchFailed },
      schema: {
        operationId: 'getTemplateLocale',
        tags,
        summary: "One language of a kind: the company's own text (is_default false) or the default",
        params: localeParams,
        response: { 200: envelope(templateSchema) },
      },
    },
    async (request) => ok(await companyLocale(ctxOf(request), request.params.id, request.params.locale)),
  );

  app.put(
    '/api/:company/rentloopdb/templates/:id/locales/:locale',
    {
      config: { access: access.company('admin'), failureMessage: MESSAGES.templateSaveFailed },
      schema: {
        operationId: 'saveTemplateLocale',
        tags,
        summary: "Save the company's text of a language (created on the first save)",
        description:
          'The markup is cleaned (no scripts, event handlers or javascript: links) and the CSS inlined into body. An unclosed placeholder: 422 naming subject or html_raw.',
        params: localeParams,
        body: templateContentSchema,
        response: { 200: envelope(templateSchema) },
      },
    },
    async (request) =>
      ok(
        await saveCompanyLocale(ctxOf(request), request.params.id, request.params.locale, request.body),
        MESSAGES.templateSaved,
      ),
  );

  app.delete(
    '/api/:company/rentloopdb/templates/:id/locales/:locale',
    {
      config: { access: access.company('admin'), failureMessage: MESSAGES.templateDeleteFailed },
      schema: {
        operationId: 'deleteTemplateLocale',
        tags,
        summary: "Delete the company's text of a language: its mails use the default again",
        description: 'A language without the company’s own text: 404.',
        params: localeParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deleteCompanyLocale(ctxOf(request), request.params.id, request.params.locale);
      return ok(null, MESSAGES.templateDeleted);
    },
  );

  app.post(
    '/api/:company/rentloopdb/templates/:id/preview',
    {
      config: { access: access.company('user'), failureMessage: MESSAGES.templateFetchFailed },
      schema: {
        operationId: 'previewTemplate',
        tags,
        summary: 'Render unsaved content as the mail would be, filled from real records of the company',
        description:
          "Writes nothing. Filled from `record_id` (a record of the kind's type: order, quote, invoice, subscription or customer; another company's or of the wrong kind: 422 on `record_id`), by default the latest one that has what the template needs; `record` names it. Says what the placeholders were filled from, and which it does not know.",
        params: kindParams,
        body: templatePreviewInputSchema,
        response: { 200: envelope(templatePreviewSchema) },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return ok(await previewTemplate(ctx, ctx.companyId, request.params.id, request.body));
    },
  );
};
