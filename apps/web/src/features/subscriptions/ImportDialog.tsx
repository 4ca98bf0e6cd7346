/**
 * The subscriptions list's "Import" (spec 01 §7 `POST subscriptions/import`): the shared CSV import
 * dialog (components/CsvImportDialog.tsx) with the subscription import's texts. Customers are found by
 * email, products by SKU; each customer gets one order.
 */
import {
  SUBSCRIPTION_IMPORT_MAX_ROWS,
  type SubscriptionImport,
  type SubscriptionImportPreview,
  subscriptionImportTemplate,
  SUBSCRIPTION_IMPORT_FILE_TEXTS as TEXTS,
} from '@rentloop/domain/subscription-import';
import { type CsvImportConfig, CsvImportDialog, importCount } from '../../components/CsvImportDialog.tsx';
import { subscriptionsKeys } from './hooks.ts';
import { subscriptionsIds as ids } from './testids.ts';

const config: CsvImportConfig<SubscriptionImportPreview, SubscriptionImport> = {
  title: 'Import subscriptions',
  base: 'subscriptions/import',
  queryKey: subscriptionsKeys.all,
  listKey: subscriptionsKeys.lists(),
  intro: `A CSV file with a header line naming the columns (UTF-8, up to ${importCount.format(SUBSCRIPTION_IMPORT_MAX_ROWS)} rows). Customers are found by email, products by SKU; each customer gets one order. All rows are imported or none.`,
  template: subscriptionImportTemplate(),
  templateName: 'subscriptions-import-template.csv',
  willCreate: (p) =>
    `${importCount.format(p.orders)} ${p.orders === 1 ? 'order' : 'orders'} will be created.`,
  writing: 'Writing the orders and subscriptions…',
  succeeded: (done) => TEXTS.succeeded(done.created_subscriptions, done.created_orders),
  ids,
};

export function ImportDialog({ onClose }: { onClose: () => void }) {
  return <CsvImportDialog config={config} onClose={onClose} />;
}
