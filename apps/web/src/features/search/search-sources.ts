/**
 * What the global search (Ctrl/Cmd+K, "/") looks in: one entry per list, each answering with its own
 * list endpoint's `search` (the same indexed search the list screen uses, so results and the list agree).
 * Orders, subscriptions and invoices join by adding an entry here as their lists arrive.
 */

import type { Product } from '@rentloop/domain/catalog';
import type { Customer } from '@rentloop/domain/customers';
import { paths } from '../../api/client.ts';

export interface SearchHit {
  id: number;
  title: string;
  detail: string;
  href: string;
}

export interface SearchSource {
  key: string;
  /** The group's heading in the results. */
  label: string;
  /** The list endpoint searched, for a company. */
  path: (company: number) => string;
  /** The screen listing every match ("See all"), with the search in its URL. */
  listHref: (search: string) => string;
  toHit: (row: never) => SearchHit;
}

const source = <T>(s: Omit<SearchSource, 'toHit'> & { toHit: (row: T) => SearchHit }) =>
  s as unknown as SearchSource;

export const SEARCH_SOURCES: SearchSource[] = [
  source<Customer>({
    key: 'customers',
    label: 'Customers',
    path: (company) => paths.replica(company, 'customers'),
    listHref: (search) => `/cms/customers?search=${encodeURIComponent(search)}`,
    toHit: (c) => ({
      id: c.id,
      title: c.name,
      detail: [c.email, c.company_name].filter(Boolean).join(' · '),
      href: `/cms/customers/${c.id}`,
    }),
  }),
  source<Product>({
    key: 'products',
    label: 'Products',
    path: (company) => paths.replica(company, 'products'),
    listHref: (search) => `/cms/products?search=${encodeURIComponent(search)}`,
    toHit: (p) => ({
      id: p.id,
      title: p.name,
      detail: `${p.variants_count} variant${p.variants_count === 1 ? '' : 's'}`,
      href: `/cms/products/${p.id}`,
    }),
  }),
];

/** How many results each group shows. */
export const HITS_PER_SOURCE = 5;

/**
 * Whether a key press opens the search: Ctrl+K or Cmd+K anywhere, "/" only when the user is not
 * typing in a field (there it is a character).
 */
export function isSearchShortcut(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}): boolean {
  if (event.altKey) return false;
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') return true;
  if (event.key !== '/' || event.ctrlKey || event.metaKey) return false;
  return !isTyping(event.target);
}

function isTyping(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}
