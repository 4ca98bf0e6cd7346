import { envelope, idParam, listQuerySchema, paginatedEnvelope } from '@rentloop/domain/api';
import { MESSAGES } from '@rentloop/domain/messages';
import {
  companyUserCreateSchema,
  companyUserSchema,
  invitationAcceptedSchema,
  invitationAcceptSchema,
  operatorUserCreateSchema,
  passwordChangeSchema,
  profileUpdateSchema,
  roleAssignSchema,
  USER_SORTS,
  userFiltersSchema,
  userSchema,
} from '@rentloop/domain/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../http/access.ts';
import { ctxOf, platformCtxOf, publicCtxOf } from '../../http/context.ts';
import { ok, paginated } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { registerListExport } from '../../http/list-export.ts';
import { errorSchema } from '../../http/openapi.ts';
import { listMeta, listParams } from '../../lists.ts';
import {
  companyUserList,
  inviteCompanyUser,
  listCompanyUsers,
  removeFromCompany,
  resendInvitation,
} from './company-users.ts';
import { acceptInvitation } from './invitations.ts';
import { assignRole } from './memberships.ts';
import { createUserAsOperator, deleteUser, exportUsers, listUsers } from './operators.ts';
import { changePassword, getUser, updateUser } from './profile.ts';

const companyParams = z.object({ company: idParam });
const message = envelope(z.null());
const created = envelope(
  z.object({ user: userSchema, invitation: z.enum(['queued', 'not_sent', 'skipped']) }),
);
const listOptions = {
  sorts: USER_SORTS,
  defaultSort: 'name' as const,
  defaultDesc: false,
  filters: userFiltersSchema,
};
const pathOf = (url: string) => url.split('?')[0] ?? '';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  // ---- a company's users (owners, admins, operators) ----

  registerListExport(app, {
    url: '/api/auth/:company/users',
    operationId: 'exportCompanyUsers',
    tags: ['users'],
    summary: 'Export the users of a company (and its pending invitations) as CSV',
    access: access.company('admin'),
    params: companyParams,
    list: listOptions,
    record: companyUserSchema,
    filename: 'users',
    rows: (request, p, ids) => companyUserList.batches(ctxOf(request), p, { ids }),
  });

  app.get(
    '/api/auth/:company/users',
    {
      config: { access: access.company('admin') },
      schema: {
        operationId: 'listCompanyUsers',
        tags: ['users'],
        summary: 'The users of a company, with their role there',
        params: companyParams,
        querystring: listQuerySchema,
        response: { 200: paginatedEnvelope(companyUserSchema) },
      },
    },
    async (request) => {
      const p = listParams(request.query, listOptions);
      const { rows, total } = await listCompanyUsers(ctxOf(request), p);
      return paginated(rows, listMeta(p, total, rows.length, pathOf(request.url)));
    },
  );

  app.post(
    '/api/auth/:company/users',
    {
      config: {
        access: access.company('admin'),
        failureMessage: MESSAGES.userCreateFailed,
        idempotent: true,
      },
      schema: {
        operationId: 'addCompanyUser',
        tags: ['users'],
        summary:
          'Invite someone to the company by email (they join by accepting; a new address gets an account)',
        params: companyParams,
        body: companyUserCreateSchema,
        response: { 201: created },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      if (request.body.company_id !== undefined && request.body.company_id !== ctx.companyId) {
        throw new AppError('validation', MESSAGES.userCreateFailed, {
          company_id: ['Must be the company of the address.'],
        });
      }
      const result = await inviteCompanyUser(ctx, request.body);
      reply.status(201);
      // What happened is an invitation (the person joins by accepting), whether or not the address has an
      // account: one answer for both, so the dialog does not tell who has an account.
      const messages = {
        queued: MESSAGES.invitationSentTo(request.body.email),
        skipped: MESSAGES.invitationNotSentYet(request.body.email),
        not_sent: MESSAGES.invitationNotDelivered,
      };
      return ok(result, messages[result.invitation]);
    },
  );

  app.post(
    '/api/auth/:company/users/:id/send-invitation-email',
    {
      config: { access: access.company('admin') },
      schema: {
        operationId: 'sendInvitationEmail',
        tags: ['users'],
        summary: 'Send the invitation again (a pending invitation, or an invited member without a password)',
        params: companyParams.extend({ id: idParam }),
        response: { 200: envelope(z.object({ status: z.enum(['queued', 'not_sent']) })) },
      },
    },
    async (request) => {
      const status = await resendInvitation(ctxOf(request), request.params.id);
      return ok({ status }, status === 'queued' ? MESSAGES.invitationSent : MESSAGES.invitationNotDelivered);
    },
  );

  app.delete(
    '/api/auth/:company/users/:id',
    {
      config: { access: access.company('admin') },
      schema: {
        operationId: 'removeCompanyUser',
        tags: ['users'],
        summary: 'Remove a user from the company, or withdraw an invitation (the account stays)',
        params: companyParams.extend({ id: idParam }),
        response: { 200: message, 409: errorSchema },
      },
    },
    async (request) => {
      const done = await removeFromCompany(ctxOf(request), request.params.id);
      return ok(null, done === 'removed' ? MESSAGES.removedFromCompany : MESSAGES.invitationWithdrawn);
    },
  );

  app.put(
    '/api/auth/users/roles',
    {
      // The company is in the body (`id`): membership and rank are checked in the service.
      config: { access: access.signedIn, failureMessage: MESSAGES.roleAssignFailed },
      schema: {
        operationId: 'assignCompanyRole',
        tags: ['users'],
        summary:
          'Assign a role in a company by email (`id` is the company); role null removes the user; any other address is invited',
        body: roleAssignSchema,
        response: { 200: message, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const done = await assignRole(platformCtxOf(request, { verified: true }), request.body);
      // An address that is not a member gets one answer whether or not it has an account.
      const messages = {
        assigned: MESSAGES.roleAssigned(request.body.role ?? ''),
        removed: MESSAGES.roleRemoved,
        queued: MESSAGES.invitationSent,
        not_sent: MESSAGES.invitationNotDelivered,
      };
      return ok(null, messages[done]);
    },
  );

  app.post(
    '/api/auth/invitations/accept',
    {
      // The token proves the mailbox the invitation went to: whoever is signed in here does not matter.
      config: { access: access.public, failureMessage: MESSAGES.tokenInvalid },
      schema: {
        operationId: 'acceptInvitation',
        tags: ['users'],
        summary: 'Accept an invitation to a company with the token from the mailed link',
        body: invitationAcceptSchema,
        response: { 200: envelope(invitationAcceptedSchema) },
      },
    },
    async (request) => {
      const company = await acceptInvitation(publicCtxOf(request), request.body.token);
      return ok({ company }, MESSAGES.invitationAccepted(company.name));
    },
  );

  // ---- every user (operators) ----

  registerListExport(app, {
    url: '/api/auth/users',
    operationId: 'exportUsers',
    tags: ['users'],
    summary: 'Export every user, with their companies, as CSV',
    access: access.operator,
    params: z.object({}),
    list: listOptions,
    record: userSchema,
    filename: 'all-users',
    rows: (request, p, ids) => exportUsers(platformCtxOf(request), p, ids),
  });

  app.get(
    '/api/auth/users',
    {
      config: { access: access.operator },
      schema: {
        operationId: 'listUsers',
        tags: ['users'],
        summary: 'Every user, with their companies',
        querystring: listQuerySchema,
        response: { 200: paginatedEnvelope(userSchema) },
      },
    },
    async (request) => {
      const p = listParams(request.query, listOptions);
      const { rows, total } = await listUsers(platformCtxOf(request), p);
      return paginated(rows, listMeta(p, total, rows.length, pathOf(request.url)));
    },
  );

  app.post(
    '/api/auth/users',
    {
      config: { access: access.operator, failureMessage: MESSAGES.userCreateFailed, idempotent: true },
      schema: {
        operationId: 'createUser',
        tags: ['users'],
        summary: 'Create a user (optionally in a company, optionally an operator)',
        body: operatorUserCreateSchema,
        response: { 201: created },
      },
    },
    async (request, reply) => {
      const result = await createUserAsOperator(platformCtxOf(request), request.body);
      reply.status(201);
      return ok(
        result,
        result.invitation === 'not_sent' ? MESSAGES.invitationNotDelivered : MESSAGES.userCreated,
      );
    },
  );

  // ---- one user: themself, or any user for operators ----

  app.get(
    '/api/auth/users/:id',
    {
      config: { access: access.signedIn },
      schema: {
        operationId: 'getUser',
        tags: ['users'],
        summary: 'One user (yourself, or anyone for operators)',
        params: z.object({ id: idParam }),
        response: { 200: envelope(userSchema) },
      },
    },
    async (request) => ok(await getUser(platformCtxOf(request), request.params.id)),
  );

  app.put(
    '/api/auth/users/:id',
    {
      config: { access: access.signedIn, failureMessage: MESSAGES.profileUpdateFailed },
      schema: {
        operationId: 'updateUser',
        tags: ['users'],
        summary: 'Update a profile: name, email, alert preferences; status (operators)',
        params: z.object({ id: idParam }),
        body: profileUpdateSchema,
        response: { 200: envelope(userSchema), 409: errorSchema },
      },
    },
    async (request) => {
      const ctx = platformCtxOf(request);
      const user = await updateUser(ctx, request.params.id, request.body);
      return ok(
        user,
        request.params.id === ctx.actor.userId ? MESSAGES.profileUpdated : MESSAGES.userUpdated,
      );
    },
  );

  app.put(
    '/api/auth/users/password/:userId',
    {
      config: { access: access.signedIn, failureMessage: MESSAGES.passwordChangeFailed },
      schema: {
        operationId: 'changePassword',
        tags: ['users'],
        summary: 'Change a password (your own needs current_password; ends your other sessions)',
        params: z.object({ userId: idParam }),
        body: passwordChangeSchema,
        response: { 200: message },
      },
    },
    async (request) => {
      await changePassword(platformCtxOf(request), request.params.userId, request.body);
      return ok(null, MESSAGES.passwordChanged);
    },
  );

  app.delete(
    '/api/auth/users/:id',
    {
      config: { access: access.operator },
      schema: {
        operationId: 'deleteUser',
        tags: ['users'],
        summary: 'Delete a user account',
        params: z.object({ id: idParam }),
        response: { 200: message, 409: errorSchema },
      },
    },
    async (request) => {
      await deleteUser(platformCtxOf(request), request.params.id);
      return ok(null, MESSAGES.userDeleted);
    },
  );
};
