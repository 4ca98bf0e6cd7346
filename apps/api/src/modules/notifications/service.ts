/**
 * Notifications (spec 01 §2, §3, §7): a company's (company_id set) and the platform's (null). A
 * company member sees the company's and the platform's; read state is per user (`notification_reads`:
 * a row is "read"). Every query of company data carries `company_id = companyId` or `company_id IS
 * NULL` (the platform's), so another company's notification is not found.
 *
 * The list is not a `defineList` list: its rows depend on the user (is_read, the unread filter), which
 * the defined lists' statements do not take, and a user's notifications are few (newest first, 10 a
 * page, on the `(company_id, id desc)` index).
 *
 * The functions return what changed; the caller publishes it on the push channel after the commit
 * (routes.ts, `publishAfterCommit`; the sync job after its transaction).
 */
import { MESSAGES } from '@rentloop/domain/messages';
import {
  type Notification,
  type NotificationInput,
  type NotificationUpdate,
  notificationInputSchema,
  notificationUpdateSchema,
} from '@rentloop/domain/notifications';
import { and, count, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { actingUserId, type Ctx, type PlatformCtx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { notificationReads, notifications, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';

/** The author shown for notifications the product writes (a finished sync, an export). */
export const PRODUCT_AUTHOR = 'Rentloop';

/** Which notifications a caller sees: a company's members its own and the platform's; operators' screens the platform's. */
export type Scope = { kind: 'company'; companyId: number } | { kind: 'platform' };

const scopeOf = (ctx: Ctx | PlatformCtx): Scope =>
  'companyId' in ctx ? { kind: 'company', companyId: ctx.companyId } : { kind: 'platform' };

const inScope = (scope: Scope): SQL =>
  scope.kind === 'company'
    ? (or(eq(notifications.company_id, scope.companyId), isNull(notifications.company_id)) as SQL)
    : isNull(notifications.company_id);

const readBy = (userId: number) =>
  sql<boolean>`exists (select 1 from ${notificationReads} where ${notificationReads.notification_id} = ${notifications.id} and ${notificationReads.user_id} = ${userId})`;

function userOf(ctx: Ctx | PlatformCtx): number {
  const id = actingUserId(ctx.actor);
  if (id === null) throw new AppError('unauthenticated');
  return id;
}

function columns(userId: number) {
  return {
    id: notifications.id,
    company_id: notifications.company_id,
    title: notifications.title,
    description: notifications.description,
    message: notifications.message,
    type: notifications.type,
    input: notifications.input,
    author_id: notifications.author_id,
    author: sql<string>`coalesce(${users.name}, ${PRODUCT_AUTHOR})`,
    created_at: notifications.created_at,
    is_read: readBy(userId),
  };
}

export interface NotificationPage {
  rows: Notification[];
  total: number;
  /** The user's unread notifications in the scope, whatever the filter. */
  unread: number;
}

/** The newest first, `perPage` a page; `unreadOnly` for the menu's "Only show unread". */
export async function listNotifications(
  ctx: Ctx | PlatformCtx,
  p: { page: number; perPage: number; unreadOnly: boolean },
): Promise<NotificationPage> {
  const userId = userOf(ctx);
  const scope = inScope(scopeOf(ctx));
  const unread = sql`not ${readBy(userId)}`;
  const where = p.unreadOnly ? and(scope, unread) : scope;
  const [rows, [counts]] = await Promise.all([
    ctx.db
      .select(columns(userId))
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.author_id))
      .where(where)
      .orderBy(desc(notifications.id))
      .limit(p.perPage)
      .offset((p.page - 1) * p.perPage),
    ctx.db
      .select({
        total: count(),
        unread: sql<number>`(count(*) filter (where ${unread}))::int`,
      })
      .from(notifications)
      .where(scope),
  ]);
  const unreadTotal = Number(counts?.unread ?? 0);
  return {
    rows: rows as Notification[],
    total: p.unreadOnly ? unreadTotal : Number(counts?.total ?? 0),
    unread: unreadTotal,
  };
}

export async function getNotification(ctx: Ctx | PlatformCtx, id: number): Promise<Notification> {
  const [row] = await ctx.db
    .select(columns(userOf(ctx)))
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.author_id))
    .where(and(eq(notifications.id, id), inScope(scopeOf(ctx))))
    .limit(1);
  if (!row) throw notFound();
  return row as Notification;
}

/** The signed-in user's read state of one notification (read: a row; unread: none). */
export async function setRead(ctx: Ctx | PlatformCtx, id: number, isRead: boolean): Promise<Notification> {
  const userId = userOf(ctx);
  await getNotification(ctx, id);
  if (isRead) {
    await ctx.db
      .insert(notificationReads)
      .values({ notification_id: id, user_id: userId, read_at: ctx.clock.now().toISOString() })
      .onConflictDoNothing();
  } else {
    await ctx.db
      .delete(notificationReads)
      .where(and(eq(notificationReads.notification_id, id), eq(notificationReads.user_id, userId)));
  }
  return getNotification(ctx, id);
}

async function insert(
  db: Tx,
  companyId: number | null,
  authorId: number | null,
  input: NotificationInput,
  now: string,
): Promise<number> {
  const data = notificationInputSchema.parse(input);
  const [row] = await db
    .insert(notifications)
    .values({
      company_id: companyId,
      title: data.title,
      description: data.description,
      message: data.message,
      type: data.type,
      input: data.input ?? null,
      author_id: authorId,
      created_at: now,
    })
    .returning({ id: notifications.id });
  if (!row) throw new AppError('internal', MESSAGES.superNotificationCreateFailed);
  return row.id;
}

/** A notification for the members of the context's company, written by the product (a job) or a user. */
export async function notifyCompany(ctx: Ctx, input: NotificationInput): Promise<number> {
  const author = ctx.actor.kind === 'user' ? ctx.actor.userId : null;
  return insert(ctx.db, ctx.companyId, author, input, ctx.clock.now().toISOString());
}

/** `POST /api/notifications`: a platform notification for everyone, by an operator. */
export async function createPlatformNotification(
  ctx: PlatformCtx,
  input: NotificationInput,
): Promise<Notification> {
  const id = await insert(ctx.db, null, userOf(ctx), input, ctx.clock.now().toISOString());
  return getNotification(ctx, id);
}

/** `PUT /api/notifications/{id}`: the text (for everyone) and/or the operator's own read state. */
export async function updatePlatformNotification(
  ctx: PlatformCtx,
  id: number,
  input: NotificationUpdate,
): Promise<{ notification: Notification; changedText: boolean }> {
  const { is_read, ...changes } = notificationUpdateSchema.parse(input);
  await getNotification(ctx, id);
  const changedText = Object.keys(changes).length > 0;
  if (changedText) {
    await ctx.db
      .update(notifications)
      .set({ ...changes, updated_at: ctx.clock.now().toISOString() })
      .where(and(eq(notifications.id, id), isNull(notifications.company_id)));
  }
  if (is_read !== undefined) await setRead(ctx, id, is_read);
  return { notification: await getNotification(ctx, id), changedText };
}

/** `DELETE /api/notifications/{id}`: gone for everyone (its read states with it). */
export async function deletePlatformNotification(ctx: PlatformCtx, id: number): Promise<void> {
  const deleted = await ctx.db
    .delete(notifications)
    .where(and(eq(notifications.id, id), isNull(notifications.company_id)))
    .returning({ id: notifications.id });
  if (deleted.length === 0) throw notFound();
}
