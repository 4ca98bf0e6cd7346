/**
 * Single-use email tokens (verification, password reset, invitation): random, stored as SHA-256
 * hashes, expiring, consumed once. Issuing a new token of a kind voids the user's earlier ones; a
 * token bound to a company invitation voids only the earlier ones of that invitation, so that two
 * companies inviting the same person do not cancel each other's links.
 */
import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@rentloop/domain/messages';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { hashToken, type PlatformCtx } from '../../context.ts';
import { type USER_TOKEN_KINDS, users, userTokens } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

export type TokenKind = (typeof USER_TOKEN_KINDS)[number];

const LIFETIME_MINUTES: Record<TokenKind, number> = {
  verify_email: 24 * 60,
  password_reset: 60,
  invitation: 7 * 24 * 60,
  company_invitation: 7 * 24 * 60,
};

export async function issueUserToken(
  ctx: PlatformCtx,
  userId: number,
  kind: TokenKind,
  invitationId: number | null = null,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  await ctx.db
    .update(userTokens)
    .set({ used_at: now.toISOString() })
    .where(
      and(
        eq(userTokens.user_id, userId),
        eq(userTokens.kind, kind),
        isNull(userTokens.used_at),
        invitationId === null ? isNull(userTokens.invitation_id) : eq(userTokens.invitation_id, invitationId),
      ),
    );
  await ctx.db.insert(userTokens).values({
    user_id: userId,
    kind,
    token_hash: hashToken(token),
    expires_at: new Date(now.getTime() + LIFETIME_MINUTES[kind] * 60_000).toISOString(),
    invitation_id: invitationId,
  });
  return token;
}

/** Marks the token used and returns its user; any mismatch (kind, email, expired, used) is the same error. */
export async function consumeUserToken(
  ctx: PlatformCtx,
  token: string,
  kinds: TokenKind[],
  email?: string,
): Promise<{ userId: number; kind: TokenKind; invitationId: number | null }> {
  const now = ctx.clock.now().toISOString();
  const [row] = await ctx.db
    .update(userTokens)
    .set({ used_at: now })
    .where(
      and(
        eq(userTokens.token_hash, hashToken(token)),
        inArray(userTokens.kind, kinds),
        isNull(userTokens.used_at),
        gt(userTokens.expires_at, now),
      ),
    )
    .returning({ userId: userTokens.user_id, kind: userTokens.kind, invitationId: userTokens.invitation_id });
  if (!row) throw new AppError('validation', MESSAGES.tokenInvalid, { token: [MESSAGES.tokenInvalid] });
  if (email) {
    const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
    if (user?.email !== email)
      throw new AppError('validation', MESSAGES.tokenInvalid, { token: [MESSAGES.tokenInvalid] });
  }
  return row;
}
