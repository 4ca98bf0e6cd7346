import { envelope } from '@rentloop/domain/api';
import { loginSchema, meSchema, refreshSchema, tokensSchema } from '@rentloop/domain/auth';
import { MESSAGES } from '@rentloop/domain/messages';
import {
  passwordResetSchema,
  registerSchema,
  resetRequestSchema,
  verifyEmailSchema,
} from '@rentloop/domain/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../http/access.ts';
import { platformCtxOf, publicCtxOf } from '../../http/context.ts';
import { ok } from '../../http/envelope.ts';
import { errorSchema } from '../../http/openapi.ts';
import {
  register,
  requestPasswordReset,
  resetPassword,
  sendVerification,
  verifyEmail,
} from './account-flows.ts';
import { login, logout, me, refresh } from './service.ts';

const message = envelope(z.null());
const tokenQuery = z.object({ token: z.string().max(200).optional(), email: z.string().max(254).optional() });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/auth/login',
    {
      // Outside a transaction: a failed attempt is recorded even though the answer is an error.
      config: { access: access.public, transaction: false, rateLimit: app.authRateLimit },
      schema: {
        operationId: 'login',
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: loginSchema,
        response: { 200: envelope(tokensSchema) },
      },
    },
    async (request) => {
      const tokens = await login(publicCtxOf(request), {
        ...request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        requestId: request.id,
      });
      return ok(tokens, MESSAGES.loggedIn);
    },
  );

  app.post(
    '/api/auth/refresh',
    {
      // Outside a transaction: a reused refresh token ends its session family even though the answer is 401.
      config: { access: access.public, transaction: false },
      schema: {
        operationId: 'refreshToken',
        tags: ['auth'],
        summary: 'Exchange a refresh token for new tokens (a reused one ends every session of its sign-in)',
        body: refreshSchema,
        response: { 200: envelope(tokensSchema) },
      },
    },
    async (request) => ok(await refresh(publicCtxOf(request), request.body.refresh_token, request.ip)),
  );

  app.post(
    '/api/auth/logout',
    {
      config: { access: access.signedIn },
      schema: {
        operationId: 'logout',
        tags: ['auth'],
        summary: 'Sign out (revokes the session)',
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await logout(platformCtxOf(request), { requestId: request.id, ip: request.ip });
      return ok(null, MESSAGES.loggedOut);
    },
  );

  app.get(
    '/api/auth/me',
    {
      config: { access: access.signedIn },
      schema: {
        operationId: 'getCurrentUser',
        tags: ['auth'],
        summary: 'The signed-in user and their companies',
        response: { 200: envelope(meSchema) },
      },
    },
    async (request) => ok(await me(platformCtxOf(request))),
  );

  app.post(
    '/api/auth/email/request-verification',
    {
      config: { access: access.signedIn },
      schema: {
        operationId: 'requestEmailVerification',
        tags: ['auth'],
        summary: 'Send (again) the email verification link',
        response: { 200: message, 409: errorSchema },
      },
    },
    async (request) => {
      const ctx = platformCtxOf(request);
      await sendVerification(ctx, ctx.actor.userId);
      return ok(null, MESSAGES.verificationSent);
    },
  );

  app.post(
    '/api/auth/email/verify',
    {
      config: { access: access.public },
      schema: {
        operationId: 'verifyEmail',
        tags: ['auth'],
        summary: 'Verify an email address with the token from the link (query or body)',
        querystring: tokenQuery,
        body: verifyEmailSchema.partial().nullish(),
        response: { 200: message },
      },
    },
    async (request) => {
      const parsed = verifyEmailSchema.parse({ token: request.body?.token ?? request.query.token });
      await verifyEmail(publicCtxOf(request), parsed.token);
      return ok(null, MESSAGES.emailVerified);
    },
  );

  app.post(
    '/api/auth/password/reset-request',
    {
      config: { access: access.public, rateLimit: app.authRateLimit },
      schema: {
        operationId: 'requestPasswordReset',
        tags: ['auth'],
        summary: 'Email a password reset link (same answer whether or not the account exists)',
        body: resetRequestSchema,
        response: { 200: message },
      },
    },
    async (request) => {
      await requestPasswordReset(publicCtxOf(request), request.body.email);
      return ok(null, MESSAGES.resetLinkSent);
    },
  );

  app.post(
    '/api/auth/password/reset',
    {
      config: { access: access.public, failureMessage: MESSAGES.tokenInvalid },
      schema: {
        operationId: 'resetPassword',
        tags: ['auth'],
        summary: 'Set a new password with a reset or invitation token (query or body); ends every session',
        querystring: tokenQuery.extend({ password: z.string().max(200).optional() }),
        body: passwordResetSchema.partial().nullish(),
        response: { 200: message },
      },
    },
    async (request) => {
      const input = passwordResetSchema.parse({ ...request.query, ...(request.body ?? {}) });
      await resetPassword(publicCtxOf(request), input);
      return ok(null, MESSAGES.passwordReset);
    },
  );

  app.post(
    '/api/auth/register',
    {
      config: { access: access.public },
      schema: {
        operationId: 'register',
        tags: ['auth'],
        summary: 'Register an account (refused while the platform setting "Registration allowed" is off)',
        body: registerSchema,
        response: { 201: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request, reply) => {
      const id = await register(publicCtxOf(request), request.body);
      reply.status(201);
      return ok({ id }, MESSAGES.verificationSent);
    },
  );
};
