import { envelope, idParam } from '@rentloop/domain/api';
import { MESSAGES } from '@rentloop/domain/messages';
import {
  type NotificationPush,
  notificationInputSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationReadSchema,
  notificationSchema,
  notificationUpdateSchema,
} from '@rentloop/domain/notifications';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UserActor } from '../../context.ts';
import { access } from '../../http/access.ts';
import { ctxOf, platformCtxOf } from '../../http/context.ts';
import { ok, paginated } from '../../http/envelope.ts';
import { sessionStillValid } from '../../http/stream-session.ts';
import { listMeta } from '../../lists.ts';
import { publishQuietly } from './bus.ts';
import {
  createPlatformNotification,
  deletePlatformNotification,
  getNotification,
  listNotifications,
  setRead,
  updatePlatformNotification,
} from './service.ts';
import { endStreamsOnClose, streamPushes } from './stream.ts';

const companyParams = z.object({ company: idParam });
const companyNotificationParams = companyParams.extend({ id: idParam });
const platformParams = z.object({ id: idParam });

/** What a successful write tells the open streams, sent once its transaction has committed. */
const pending = new WeakMap<FastifyRequest, NotificationPush>();
const pushAfterCommit = (request: FastifyRequest, event: NotificationPush) => pending.set(request, event);
/** onResponse: the answer is out, so the transaction committed; a failed write pushes nothing. */
async function publishAfterCommit(request: FastifyRequest, reply: FastifyReply) {
  const event = pending.get(request);
  if (!event || reply.statusCode >= 300) return;
  publishQuietly(request.server.deps.notifications, event, request.log);
}

const LIST_DESCRIPTION =
  "Newest first, 10 a page by default; `is_read=false` for only the unread ones. `meta.unread` is the signed-in user's unread total (whatever the filter).";

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  endStreamsOnClose(app);

  app.get(
    '/read-replica/:company/rentloopdb/notifications',
    {
      config: { access: access.company('user') },
      schema: {
        operationId: 'listNotifications',
        tags: ['notifications'],
        summary: "The company's notifications and the platform's, with the user's read state",
        description: LIST_DESCRIPTION,
        params: companyParams,
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema },
      },
    },
    async (request) => {
      const { page, per_page, is_read } = request.query;
      const p = { page, perPage: per_page, unreadOnly: is_read === false };
      const result = await listNotifications(ctxOf(request), p);
      const meta = listMeta(p, result.total, result.rows.length, request.url.split('?')[0] ?? '');
      return { ...paginated(result.rows, meta), meta: { ...meta, unread: result.unread } };
    },
  );

  app.get(
    '/api/:company/rentloopdb/notifications/stream',
    {
      config: { access: access.company('user') },
      schema: {
        operationId: 'streamNotifications',
        tags: ['notifications'],
        summary:
          'Server-Sent Events: `ready` once listening, then `notification` {kind, id, company_id} per change',
        description:
          'text/event-stream. A comment every 25 s keeps proxies from closing it; it ends after 10 minutes (the client reconnects). The data names the notification only: reload the list.',
        params: companyParams,
        response: { 200: z.string().describe('text/event-stream') },
      },
    },
    async (request, reply) => {
      const { companyId, actor } = ctxOf(request);
      const bus = request.server.deps.notifications;
      if (!bus) throw new Error('No notification bus');
      const user = actor as UserActor;
      const { db } = request;
      const cache = request.server.sessionCache;
      streamPushes(app, reply, bus, companyId, {
        // Closed on logout and on revocation (http/stream-session.ts), not only when it ends.
        session: {
          userId: user.userId,
          stillValid: () => sessionStillValid(db, user, companyId, request.server.clock.now()),
          watch: cache ? (watcher) => cache.watch(watcher) : undefined,
        },
      });
      return reply;
    },
  );

  app.get(
    '/api/:company/rentloopdb/notifications/:id',
    {
      config: { access: access.company('user') },
      schema: {
        operationId: 'getNotification',
        tags: ['notifications'],
        summary: "One notification of the company (or the platform's), with the user's read state",
        params: companyNotificationParams,
        response: { 200: envelope(notificationSchema) },
      },
    },
    async (request) => ok(await getNotification(ctxOf(request), request.params.id)),
  );

  app.put(
    '/api/:company/rentloopdb/notifications/:id',
    {
      config: { access: access.company('user'), failureMessage: MESSAGES.notificationUpdateFailed },
      schema: {
        operationId: 'updateNotification',
        tags: ['notifications'],
        summary: "Set the signed-in user's read state (`is_read`)",
        params: companyNotificationParams,
        body: notificationReadSchema,
        response: { 200: envelope(notificationSchema) },
      },
    },
    async (request) => ok(await setRead(ctxOf(request), request.params.id, request.body.is_read)),
  );

  // ---- platform notifications (operators) ----

  app.get(
    '/api/notifications',
    {
      config: { access: access.operator },
      schema: {
        operationId: 'listPlatformNotifications',
        tags: ['notifications'],
        summary: 'The platform notifications, for everyone (operators)',
        description: LIST_DESCRIPTION,
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema },
      },
    },
    async (request) => {
      const { page, per_page, is_read } = request.query;
      const p = { page, perPage: per_page, unreadOnly: is_read === false };
      const result = await listNotifications(platformCtxOf(request), p);
      const meta = listMeta(p, result.total, result.rows.length, request.url.split('?')[0] ?? '');
      return { ...paginated(result.rows, meta), meta: { ...meta, unread: result.unread } };
    },
  );

  app.post(
    '/api/notifications',
    {
      config: {
        access: access.operator,
        failureMessage: MESSAGES.superNotificationCreateFailed,
        idempotent: true,
      },
      onResponse: publishAfterCommit,
      schema: {
        operationId: 'createPlatformNotification',
        tags: ['notifications'],
        summary: 'Write a notification for everyone; every open browser is told at once (operators)',
        body: notificationInputSchema,
        response: { 201: envelope(notificationSchema) },
      },
    },
    async (request, reply) => {
      const notification = await createPlatformNotification(platformCtxOf(request), request.body);
      pushAfterCommit(request, { kind: 'created', id: notification.id, company_id: null });
      reply.status(201);
      return ok(notification);
    },
  );

  app.get(
    '/api/notifications/:id',
    {
      config: { access: access.operator },
      schema: {
        operationId: 'getPlatformNotification',
        tags: ['notifications'],
        summary: 'One platform notification (operators)',
        params: platformParams,
        response: { 200: envelope(notificationSchema) },
      },
    },
    async (request) => ok(await getNotification(platformCtxOf(request), request.params.id)),
  );

  app.put(
    '/api/notifications/:id',
    {
      config: { access: access.operator, failureMessage: MESSAGES.notificationUpdateFailed },
      onResponse: publishAfterCommit,
      schema: {
        operationId: 'updatePlatformNotification',
        tags: ['notifications'],
        summary:
          "Change a platform notification's text for everyone, and/or one's own read state (operators)",
        params: platformParams,
        body: notificationUpdateSchema,
        response: { 200: envelope(notificationSchema) },
      },
    },
    async (request) => {
      const { notification, changedText } = await updatePlatformNotification(
        platformCtxOf(request),
        request.params.id,
        request.body,
      );
      if (changedText) pushAfterCommit(request, { kind: 'updated', id: notification.id, company_id: null });
      return ok(notification);
    },
  );

  app.delete(
    '/api/notifications/:id',
    {
      config: { access: access.operator, failureMessage: MESSAGES.superNotificationDeleteFailed },
      onResponse: publishAfterCommit,
      schema: {
        operationId: 'deletePlatformNotification',
        tags: ['notifications'],
        summary: 'Delete a platform notification for everyone (operators)',
        params: platformParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deletePlatformNotification(platformCtxOf(request), request.params.id);
      pushAfterCommit(request, { kind: 'deleted', id: request.params.id, company_id: null });
      return ok(null);
    },
  );
};
