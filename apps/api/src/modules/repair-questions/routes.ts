/**
 * `GET` and `POST /api/{company}/rentloopdb/repairs-questions` (spec 02 §7 "Repair questions"): the
 * company's repair questionnaire, pages and questions. Admin level (spec 02 §6: the questions page needs
 * owner, admin, super or support), like the screen `/cms/questions`.
 */
import { envelope, idParam } from '@rentloop/domain/api';
import { MESSAGES } from '@rentloop/domain/messages';
import { repairQuestionnaireInputSchema, repairQuestionnaireSchema } from '@rentloop/domain/repair-questions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../http/access.ts';
import { ctxOf } from '../../http/context.ts';
import { ok } from '../../http/envelope.ts';
import { errorSchema } from '../../http/openapi.ts';
import { getQuestionnaire, saveQuestionnaire } from './service.ts';

const params = z.object({ company: idParam });
const url = '/api/:company/rentloopdb/repairs-questions';

export const repairQuestionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    url,
    {
      config: { access: access.company('admin') },
      schema: {
        operationId: 'getRepairQuestions',
        tags: ['repair questions'],
        summary: 'The repair questionnaire: its latest version, or the default while none is saved',
        description:
          'Pages (name, position, type STEP or SUMMARY) and their questions, in order. A company that has saved none gets the default questionnaire of 3 pages and 13 questions (`is_default: true`, `id` and `version` null), its labour rate 40 per hour in the company currency. `cost_rate` is in `currency`.',
        params,
        response: { 200: envelope(repairQuestionnaireSchema) },
      },
    },
    async (request) => ok(await getQuestionnaire(ctxOf(request))),
  );

  app.post(
    url,
    {
      config: { access: access.company('admin'), idempotent: true },
      schema: {
        operationId: 'saveRepairQuestions',
        tags: ['repair questions'],
        summary: 'Save the whole repair questionnaire as its next version',
        description:
          'The questionnaire is checked whole: a parent that no question is named, parents in a circle, a SUMMARY page that is not the last, a COST question turning durations into cost without `cost_rate`, ... each a 422 naming the field (`pages.1.questions.2.parent.name`). A save that changes something adds a version (the answer’s `id` and `version`), which repairs answered with it keep; the same questionnaire again adds none. `version` is the version the editor started from (null: the default): if another was saved since, the answer is 409 and nothing is saved. Positions may be left out (the order of the lists); given, they must run from 1 in that order.',
        params,
        body: repairQuestionnaireInputSchema,
        response: { 200: envelope(repairQuestionnaireSchema), 409: errorSchema },
      },
    },
    async (request) => {
      const { questionnaire } = await saveQuestionnaire(ctxOf(request), request.body);
      return ok(questionnaire, MESSAGES.questionnaireUpdated);
    },
  );
};
