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
import { withMailSentNow } from '../../http/mail-now.ts';
import { errorSchema } from '../../http/openapi.ts';
import { MAIL_TEXTS } from '../../integrations/email/mailer.ts';
import type { SendOutcome } from '../../integrations/email/send-now.ts';
import { listMeta, listParams } from '../../lists.ts';
import {
  companyUserList,
  inviteCompanyUser,
  listCompanyUsers,
  removeFromCompany,
  resendInvitation,
} from './company-users.ts';
import { acceptInvitation, invitationMailFailed } from './invitations.ts';
import { assignRole } from './memberships.ts';
import { createUserAsOperator, deleteUser, exportUsers, listUsers } from './operators.ts';
import { changePassword, getUser, updateUser } from './profile.ts';

const companyParams = z.object({ company: idParam });
const message = envelope(z.null());
/** What happened to an invitation's mail (http/mail-now.ts): sent, refused or unreachable, no SMTP, or not asked. */
const INVITATION_OUTCOMES = ['sent', 'failed', 'not_sent', 'skipped'] as const;
const created = envelope(z.object({ user: userSchema, invitation: z.enum(INVITATION_OUTCOMES) }));

/** The invitation's outcome: not asked for, or what the SMTP server did with its mail. */
function invitationOutcome(asked: 'queued' | 'not_sent' | 'skipped', mails: SendOutcome[]) {
  if (asked === 'skipped') return { invitation: 'skipped' as const, reason: '' };
  const mail = mails[0];
  if (!mail) return { invitation: 'not_sent' as const, reason: '' };
  return { invitation: mail.status, reason: mail.status === 'sent' ? '' : mail.reason };
}
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
        // The invitation is handed to the SMTP server while the admin waits (http/mail-now.ts).
        transaction: false,
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
      const { result, mails } = await withMailSentNow(request, ctx, (c) =>
        inviteCompanyUser(c, request.body),
      );
      const { invitation, reason } = invitationOutcome(result.invitation, mails);
      reply.status(201);
      // What happened is an invitation (the person joins by accepting), whether or not the address has an
      // account: one answer for both, so the dialog does not tell who has an account.
      const messages = {
        sent: MESSAGES.invitationSentTo(request.body.email),
        failed: invitationMailFailed(request.body.email, reason),
        skipped: MESSAGES.invitationNotSentYet(request.body.email),
        not_sent: MESSAGES.invitationNotDelivered,
      };
      return ok({ ...result, invitation }, messages[invitation]);
    },
  );

  app.post(
    '/api/auth/:company/users/:id/send-invitation-email',
    {
      config: { access: access.company('admin'), transaction: false },
      schema: {
        operationId: 'sendInvitationEmail',
        tags: ['users'],
        summary: 'Send the invitation again (a pending invitation, or an invited member without a password)',
        description:
          'Handed to the SMTP server at once: `sent`, "Invitation email sent."; no SMTP configured: `not_sent`; refused or unreachable: 502, "Failed to send email." and the server’s words (Email History keeps it failed).',
        params: companyParams.extend({ id: idParam }),
        response: { 200: envelope(z.object({ status: z.enum(['sent', 'not_sent']) })), 502: errorSchema },
      },
    },
    async (request) => {
      const { mails } = await withMailSentNow(request, ctxOf(request), (c) =>
        resendInvitation(c, request.params.id),
      );
      const mail = mails[0];
      if (mail?.status === 'failed') throw new AppError('bad_gateway', MAIL_TEXTS.notSent(mail.reason));
      const status: 'sent' | 'not_sent' = mail?.status === 'sent' ? 'sent' : 'not_sent';
      return ok({ status }, status === 'sent' ? MESSAGES.invitationSent : MESSAGES.invitationNotDelivered);
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
      config: { access: access.signedIn, failureMessage: MESSAGES.roleAssignFailed, transaction: false },
      schema: {
        operationId: 'assignCompanyRole',
        tags: ['users'],
        summary:
          'Assign a role in a company by email (`id` is the company); role null removes the user; any other address is invited',
        description:
          'An address that is not a member is invited: `data.invitation` says what happened to its mail (sent, failed: refused or unreachable, not_sent: no SMTP); otherwise `data` is null.',
        body: roleAssignSchema,
        response: {
          200: envelope(z.object({ invitation: z.enum(['sent', 'failed', 'not_sent']) }).nullable()),
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request) => {
      const ctx = platformCtxOf(request, { verified: true });
      const { result: done, mails } = await withMailSentNow(request, ctx, (c) => assignRole(c, request.body));
      if (done === 'assigned' || done === 'removed') {
        return ok(
          null,
          done === 'assigned' ? MESSAGES.roleAssigned(request.body.role ?? '') : MESSAGES.roleRemoved,
        );
      }
      // An address that is not a member gets one answer whether or not it has an account. The invitation
      // is always mailed here (never `skipped`).
      const mail = mails[0];
      if (mail?.status === 'sent') return ok({ invitation: mail.status }, MESSAGES.invitationSent);
      if (mail?.status === 'failed')
        return ok({ invitation: mail.status }, invitationMailFailed(request.body.email, mail.reason));
      return ok({ invitation: 'not_sent' as const }, MESSAGES.invitationNotDelivered);
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
      config: {
        access: access.operator,
        failureMessage: MESSAGES.userCreateFailed,
        idempotent: true,
        transaction: false,
      },
      schema: {
        operationId: 'createUser',
        tags: ['users'],
        summary: 'Create a user (optionally in a company, optionally an operator)',
        body: operatorUserCreateSchema,
        response: { 201: created },
      },
    },
    async (request, reply) => {
      const { result, mails } = await withMailSentNow(request, platformCtxOf(request), (c) =>
        createUserAsOperator(c, request.body),
      );
      const { invitation, reason } = invitationOutcome(result.invitation, mails);
      reply.status(201);
      const messages = {
        sent: MESSAGES.userCreated,
        skipped: MESSAGES.userCreated,
        failed: invitationMailFailed(request.body.email, reason),
        not_sent: MESSAGES.invitationNotDelivered,
      };
      return ok({ ...result, invitation }, messages[invitation]);
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
