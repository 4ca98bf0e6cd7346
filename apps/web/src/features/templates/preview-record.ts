/**
 * Where the template preview's record picker finds the records of a type (issue 25 item 7): the list
 * route it searches and how a row is named in the picker. Pure, so it is tested without a browser.
 */
import type { PreviewRecordType } from '@rentloop/domain/template-kinds';

export interface PickerRow {
  id: number;
  number?: string | null;
  name?: string;
  email?: string;
  customer_name?: string | null;
  product_name?: string;
}

export const RECORD_NOUNS: Record<PreviewRecordType, string> = {
  customer: 'Customer',
  order: 'Order',
  quote: 'Quote',
  invoice: 'Invoice',
  subscription: 'Subscription',
};

/** The read-replica list each type is searched in. */
export const RECORD_LISTS: Record<PreviewRecordType, string> = {
  customer: 'customers',
  order: 'orders',
  quote: 'draft-orders',
  invoice: 'paginated-invoices',
  subscription: 'subscriptions',
};

/** A row as the picker shows it: what tells it apart (number, product), then whose it is. */
export function recordLabel(type: PreviewRecordType, row: PickerRow): string {
  const who = row.customer_name ?? '';
  const join = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');
  switch (type) {
    case 'customer':
      return join(row.name, row.email);
    case 'order':
      return join(row.number ?? `#${row.id}`, who);
    case 'quote':
      return join(row.number ?? `Q-${row.id}`, who);
    case 'invoice':
      return join(row.number ?? `Draft #${row.id}`, who);
    case 'subscription':
      return join(row.number ?? `#${row.id}`, row.product_name, who);
  }
}
