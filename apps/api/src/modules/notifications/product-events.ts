/**
 * The notifications the product writes when something a user started finishes: a shop sync and a
 * subscription import now, an export or a billing run later. Written in the job's own audited
 * transaction, pushed after it commits.
 */
import { ASSET_IMPORT_TEXTS as ASSET_TEXTS, type AssetImport } from '@rentloop/domain/asset-import';
import type { ProductSync } from '@rentloop/domain/catalog';
import type { NotificationInput } from '@rentloop/domain/notifications';
import {
  type SubscriptionImport,
  SUBSCRIPTION_IMPORT_FILE_TEXTS as TEXTS,
} from '@rentloop/domain/subscription-import';
import type { JobActor } from '../../context.ts';
import { inJobTransaction } from '../../jobs/context.ts';
import type { JobContext } from '../../jobs/queue.ts';
import { publishQuietly } from './bus.ts';
import { notifyCompany } from './service.ts';

/** Writes a notification for the company's members and pushes it to their open browsers. */
export async function notifyCompanyFromJob(
  jc: JobContext,
  actor: JobActor,
  companyId: number,
  input: NotificationInput,
): Promise<number> {
  const id = await inJobTransaction(jc, actor, companyId, (ctx) => notifyCompany(ctx, input));
  publishQuietly(jc.notifications, { kind: 'created', id, company_id: companyId }, jc.log);
  return id;
}

/** What the members are told when a product sync ends (nothing for one skipped). */
export function productSyncNotification(sync: ProductSync): NotificationInput | null {
  if (sync.status === 'succeeded') {
    return {
      title: 'Product sync finished',
      description: `${sync.created} new, ${sync.updated} updated, ${sync.unchanged} unchanged, ${sync.removed} removed.`,
      message: `The products of your shop (${sync.shop_system}) are in Rentloop: ${sync.created} new, ${sync.updated} updated, ${sync.unchanged} unchanged, ${sync.removed} no longer in the shop.`,
      type: 'success',
    };
  }
  if (sync.status === 'failed') {
    return {
      title: 'Product sync failed',
      description: sync.error ?? 'The product sync did not finish.',
      message: `${sync.error ?? 'The product sync did not finish.'} Nothing in your catalog was changed; start the sync again from Products.`,
      type: 'error',
    };
  }
  return null;
}

/** What the members are told when a subscription import ends (nothing for one skipped). */
export function subscriptionImportNotification(done: SubscriptionImport): NotificationInput | null {
  const file = done.file_name ?? 'a CSV file';
  if (done.status === 'succeeded') {
    const result = TEXTS.succeeded(done.created_subscriptions, done.created_orders);
    return {
      title: 'Subscription import finished',
      description: result,
      message: `${result} From ${file}.`,
      type: 'success',
    };
  }
  if (done.status === 'failed') {
    const reason = done.error ?? TEXTS.unexpected;
    return {
      title: 'Subscription import failed',
      description: reason,
      message: `Importing ${file} failed: ${reason}`,
      type: 'error',
    };
  }
  return null;
}

/** The notice of a finished asset import (as of a subscription import), or none while it runs. */
export function assetImportNotification(done: AssetImport): NotificationInput | null {
  const file = done.file_name ?? 'a CSV file';
  if (done.status === 'succeeded') {
    const result = ASSET_TEXTS.succeeded(done.created_assets);
    return {
      title: 'Asset import finished',
      description: result,
      message: `${result} From ${file}.`,
      type: 'success',
    };
  }
  if (done.status === 'failed') {
    const reason = done.error ?? TEXTS.unexpected;
    return {
      title: 'Asset import failed',
      description: reason,
      message: `Importing ${file} failed: ${reason}`,
      type: 'error',
    };
  }
  return null;
}
