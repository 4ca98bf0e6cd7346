/**
 * The service context of a request (see context.ts): built here, from what the access check
 * resolved and the request's database handle, so services never see Fastify.
 */
import type { FastifyRequest } from 'fastify';
import { type AnonymousActor, type Ctx, type PlatformCtx, shiftedClock, type UserActor } from '../context.ts';
import { actorOf, verifiedActorOf } from './access.ts';
import { AppError } from './errors.ts';

/**
 * A company route's context: the company of the URL, which the access check let the actor open, on
 * the company's business clock (a test company's may be moved; the access query read its offset).
 */
export function ctxOf(request: FastifyRequest): Ctx<UserActor> {
  const actor = actorOf(request);
  if (actor.companyId === null) throw new AppError('not_found');
  const { db, server } = request;
  const clock = shiftedClock(server.clock, actor.companyClockOffsetMs ?? 0);
  return { db, companyId: actor.companyId, actor, clock, deps: server.deps };
}

/**
 * A signed-in route's context outside any company (the user's own account, operator tools).
 * `verified`: for a signed-in route that shows or changes company data (the company switcher, role
 * assignment): like company routes, it needs a verified email (access.ts, `verifiedActorOf`).
 */
export function platformCtxOf(
  request: FastifyRequest,
  opts: { verified?: boolean } = {},
): PlatformCtx<UserActor> {
  const { db, server } = request;
  const actor = opts.verified ? verifiedActorOf(request) : actorOf(request);
  return { db, actor, clock: server.clock, deps: server.deps };
}

/** A public route's context (sign-in, registration, password reset). */
export function publicCtxOf(request: FastifyRequest): PlatformCtx<AnonymousActor> {
  const { db, server } = request;
  return { db, actor: { kind: 'anonymous' }, clock: server.clock, deps: server.deps };
}
