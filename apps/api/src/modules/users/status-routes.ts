import { envelope, idParam } from '@rentloop/domain/api';
import { userActionsSchema } from '@rentloop/domain/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../http/access.ts';
import { platformCtxOf } from '../../http/context.ts';
import { ok } from '../../http/envelope.ts';
import { userActions } from './status.ts';

/** The status actions of a user (status.ts); the change itself is `PUT /api/auth/users/{id}` with `status`. */
export const userStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/auth/users/:id/actions',
    {
      config: { access: access.operator },
      schema: {
        operationId: 'getUserActions',
        tags: ['users'],
        summary: "A user's status and the status actions allowed from it now (operators)",
        description:
          'From the transition table of user statuses: activate (from invited or disabled), disable (from active or ' +
          'invited; never one’s own account). The status changes with `PUT /api/auth/users/{id}` and `status`.',
        params: z.object({ id: idParam }),
        response: { 200: envelope(userActionsSchema) },
      },
    },
    async (request) => ok(await userActions(platformCtxOf(request), request.params.id)),
  );
};
