/**
 * Webhooks of a company (spec 02 §3, §7): create, read, change, delete. The secret is made here, sealed
 * with the install's key (integrations/secrets.ts) and answered once; a rotation makes a new one and keeps
 * the previous signing for ROTATION_OVERLAP_MS. Sending lives in engine.ts.
 */
import type {
  WEBHOOK_SORTS,
  Webhook,
  WebhookFilters,
  WebhookInput,
  WebhookUpdate,
} from '@rentloop/domain/webhooks';
import { webhookInputSchema, webhookUpdateSchema } from '@rentloop/domain/webhooks';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { defineList, ph } from '../../db/define-list.ts';
import { webhookDeliveries, webhooks } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { ListParams } from '../../lists.ts';
import { newSecret } from './signing.ts';

type Sort = (typeof WEBHOOK_SORTS)[number];
export type WebhookRow = typeof webhooks.$inferSelect;

/** How long the previous secret keeps signing after a rotation. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

export function toWebhook(
  row: Omit<WebhookRow, 'secret_sealed' | 'previous_secret_sealed' | 'search_text'>,
): Webhook {
  return {
    id: Number(row.id),
    url: row.url,
    description: row.description,
    event_types: row.event_types,
    enabled: row.enabled,
    disabled_reason: row.disabled_reason,
    previous_secret_expires_at: iso(row.previous_secret_expires_at),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

const columns = {
  id: webhooks.id,
  company_id: webhooks.company_id,
  url: webhooks.url,
  description: webhooks.description,
  event_types: webhooks.event_types,
  enabled: webhooks.enabled,
  disabled_reason: webhooks.disabled_reason,
  previous_secret_expires_at: webhooks.previous_secret_expires_at,
  created_at: webhooks.created_at,
  updated_at: webhooks.updated_at,
};

export const webhookList = defineList<Sort, WebhookFilters, Parameters<typeof toWebhook>[0], Webhook>({
  name: 'webhooks',
  table: webhooks,
  id: webhooks.id,
  scopes: { company: sql`${webhooks.company_id} = ${ph('companyId')}` },
  columns,
  sorts: { id: webhooks.id, url: webhooks.url, created_at: webhooks.created_at },
  filters: { enabled: (v) => sql`${webhooks.enabled} = ${v}` },
  search: (pattern) => sql`${webhooks.search_text} LIKE ${pattern}`,
  total: { entity: 'webhooks', scope: 'company' },
  map: (row) => toWebhook(row),
});

/** The newest delivery of each of these webhooks (one read on the (company, webhook, id desc) index). */
async function withLastDelivery(ctx: Ctx, list: Webhook[]): Promise<Webhook[]> {
  if (list.length === 0) return list;
  const d = webhookDeliveries;
  const rows = await ctx.db
    .selectDistinctOn([d.webhook_id], {
      webhook_id: d.webhook_id,
      id: d.id,
      status: d.status,
      status_code: d.last_status_code,
      created_at: d.created_at,
    })
    .from(d)
    .where(
      and(
        eq(d.company_id, ctx.companyId),
        inArray(
          d.webhook_id,
          list.map((w) => w.id),
        ),
      ),
    )
    .orderBy(d.webhook_id, desc(d.id));
  const byHook = new Map(rows.map((r) => [Number(r.webhook_id), r]));
  return list.map((w) => {
    const r = byHook.get(w.id);
    return {
      ...w,
      last_delivery: r
        ? {
            id: Number(r.id),
            status: r.status,
            status_code: r.status_code,
            created_at: new Date(r.created_at).toISOString(),
          }
        : null,
    };
  });
}

export async function listWebhooks(ctx: Ctx, p: ListParams<Sort, WebhookFilters>) {
  const { rows, total } = await webhookList.list(ctx, p);
  return { rows: await withLastDelivery(ctx, rows), total };
}

/** The row of one of the company's webhooks (404 for another company's), locked when asked. */
export async function webhookRow(ctx: Ctx, id: number, opts: { lock?: boolean } = {}): Promise<WebhookRow> {
  const q = ctx.db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.company_id, ctx.companyId), eq(webhooks.id, id)));
  const [row] = opts.lock ? await q.for('update') : await q;
  if (!row) throw notFound('Webhook not found.');
  return row;
}

export const getWebhook = async (ctx: Ctx, id: number): Promise<Webhook> =>
  (await withLastDelivery(ctx, [toWebhook(await webhookRow(ctx, id))]))[0]!;

export async function createWebhook(ctx: Ctx, input: WebhookInput): Promise<Webhook> {
  const data = webhookInputSchema.parse(input);
  const secret = newSecret();
  const now = ctx.clock.now().toISOString();
  const [row] = await ctx.db
    .insert(webhooks)
    .values({
      company_id: ctx.companyId,
      url: data.url,
      description: data.description ?? null,
      event_types: data.event_types,
      enabled: data.enabled,
      secret_sealed: ctx.deps.secrets.encrypt(secret),
      created_at: now,
      updated_at: now,
    })
    .returning();
  return { ...toWebhook(row!), secret };
}

export async function updateWebhook(ctx: Ctx, id: number, input: WebhookUpdate): Promise<Webhook> {
  const data = webhookUpdateSchema.parse(input);
  const row = await webhookRow(ctx, id, { lock: true });
  const now = ctx.clock.now();
  const set: Partial<typeof webhooks.$inferInsert> = { updated_at: now.toISOString() };
  if (data.url !== undefined) set.url = data.url;
  if (data.description !== undefined) set.description = data.description;
  if (data.event_types !== undefined) set.event_types = data.event_types;
  if (data.enabled !== undefined) {
    set.enabled = data.enabled;
    // Switched on again by a person: the product's reason no longer holds.
    if (data.enabled) set.disabled_reason = null;
  }
  let secret: string | undefined;
  if (data.rotate_secret) {
    secret = newSecret();
    set.secret_sealed = ctx.deps.secrets.encrypt(secret);
    set.previous_secret_sealed = row.secret_sealed;
    set.previous_secret_expires_at = new Date(now.getTime() + ROTATION_OVERLAP_MS).toISOString();
  }
  const [updated] = await ctx.db.update(webhooks).set(set).where(eq(webhooks.id, row.id)).returning();
  return { ...toWebhook(updated!), ...(secret ? { secret } : {}) };
}

export async function deleteWebhook(ctx: Ctx, id: number): Promise<void> {
  const row = await webhookRow(ctx, id, { lock: true });
  await ctx.db.delete(webhooks).where(eq(webhooks.id, row.id));
}

/** The secrets that sign a message now: the current one, and the previous one during its overlap. */
export function signingSecrets(ctx: { deps: Ctx['deps'] }, row: WebhookRow, now: Date): string[] {
  const list = [ctx.deps.secrets.decrypt(row.secret_sealed)];
  if (
    row.previous_secret_sealed &&
    row.previous_secret_expires_at &&
    new Date(row.previous_secret_expires_at).getTime() > now.getTime()
  ) {
    list.push(ctx.deps.secrets.decrypt(row.previous_secret_sealed));
  }
  return list;
}
