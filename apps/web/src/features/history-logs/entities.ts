/**
 * The kinds of record the trail is about (the audited tables, and `auth` for sign-ins), in the
 * staff's words, and the screen each record has where there is one.
 */
import type { HistoryLog } from '@rentloop/domain/history-logs';
import { humanize } from './diff.ts';

interface EntityKind {
  /** The filter's option: "Customers". */
  label: string;
  /** One record: "Customer". */
  one: string;
  /** The record's screen, from the entry's id (and name, for a record whose URL is its name). */
  path?: (id: string, name: string | null) => string | null;
}

const byId = (base: string) => (id: string) => (/^\d+$/.test(id) ? `${base}/${id}` : null);

export const ENTITY_KINDS: Record<string, EntityKind> = {
  customers: { label: 'Customers', one: 'Customer', path: byId('/cms/customers') },
  products: { label: 'Products', one: 'Product', path: byId('/cms/products') },
  product_variants: { label: 'Product variants', one: 'Variant' },
  bundles: { label: 'Bundles', one: 'Bundle', path: byId('/cms/products/bundles') },
  bundle_variants: { label: 'Bundle contents', one: 'Bundle content' },
  product_collections: {
    label: 'Collections',
    one: 'Collection',
    path: byId('/cms/products/collections'),
  },
  product_collection_items: { label: 'Collection contents', one: 'Collection content' },
  tax_rules: { label: 'Tax rules', one: 'Tax rule', path: byId('/cms/products/tax') },
  availability_settings: {
    label: 'Availability settings',
    one: 'Availability setting',
    path: (_id, name) => (name ? `/cms/products/availability/${encodeURIComponent(name)}` : null),
  },
  companies: { label: 'Companies', one: 'Company', path: byId('/super/companies') },
  company_settings: { label: 'Company settings', one: 'Company setting' },
  company_users: { label: 'Company members', one: 'Membership', path: byId('/super/users') },
  company_invitations: { label: 'Invitations', one: 'Invitation' },
  users: { label: 'Users', one: 'User', path: byId('/super/users') },
  auth: { label: 'Sign-ins', one: 'Sign-in of user', path: byId('/super/users') },
  user_tokens: { label: 'Account links', one: 'Account link' },
  email_entries: { label: 'Emails', one: 'Email' },
  notes: { label: 'Notes', one: 'Note' },
  platform_settings: { label: 'Platform settings', one: 'Platform setting' },
  repair_questionnaire_versions: {
    label: 'Repair questionnaire',
    one: 'Repair questionnaire version',
    path: () => '/cms/questions',
  },
};

/** The filter's options, by label. */
export const ENTITY_OPTIONS = Object.entries(ENTITY_KINDS)
  .map(([value, kind]) => ({ value, label: kind.label }))
  .sort((a, b) => a.label.localeCompare(b.label));

export const entityOne = (type: string) => ENTITY_KINDS[type]?.one ?? humanize(type);

/** "Customer #484"; a settings group "Company setting shop_system". */
export function entityRef(log: Pick<HistoryLog, 'entity_type' | 'entity_id'>): string {
  const one = entityOne(log.entity_type);
  if (log.entity_id === null) return one;
  return /^\d+$/.test(log.entity_id) ? `${one} #${log.entity_id}` : `${one} ${log.entity_id}`;
}

/** The record's screen, while the record exists and has one. */
export function entityPath(
  log: Pick<HistoryLog, 'entity_type' | 'entity_id' | 'entity_name' | 'entity_exists'>,
): string | null {
  const kind = ENTITY_KINDS[log.entity_type];
  if (!kind?.path || log.entity_id === null || log.entity_exists === false) return null;
  return kind.path(log.entity_id, log.entity_name);
}
