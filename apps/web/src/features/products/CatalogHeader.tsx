/**
 * The header of the products area: the title, the current tab's actions, and tabs for Products,
 * Bundles, Collections, Tax, Availability and (for admins) the shop connection. Each tab is its own
 * route, so it has a URL, a breadcrumb and a lazy chunk.
 */
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useCurrentCompany } from '../../app/current-company.tsx';
import { mayOpen } from '../../app/route-meta.ts';
import { LinkTabs } from '../../components/LinkTabs.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { catalogTabsIds } from './testids.ts';

export type CatalogTab = 'products' | 'bundles' | 'collections' | 'tax' | 'availability' | 'shop';

const TABS: { value: CatalogTab; label: string; to: string; admin?: boolean }[] = [
  { value: 'products', label: 'Products', to: '/cms/products' },
  { value: 'bundles', label: 'Bundles', to: '/cms/products/bundles' },
  { value: 'collections', label: 'Collections', to: '/cms/products/collections' },
  { value: 'tax', label: 'Tax', to: '/cms/products/tax' },
  { value: 'availability', label: 'Availability', to: '/cms/products/availability' },
  { value: 'shop', label: 'Shop connection', to: '/cms/products/shop', admin: true },
];

export function CatalogHeader(props: { tab: CatalogTab; subtitle: ReactNode; actions?: ReactNode }) {
  const { flags } = useCurrentCompany();
  const isAdmin = mayOpen('admin', flags);
  return (
    <>
      <PageHeader title="Products" subtitle={props.subtitle} actions={props.actions} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3, mt: -1 }}>
        <LinkTabs
          tabs={TABS.filter((t) => !t.admin || isAdmin)}
          current={props.tab}
          label="Products area"
          testId={catalogTabsIds.tabs}
          tabTestId={catalogTabsIds.tab}
        />
      </Box>
    </>
  );
}

/** Whether the signed-in user may change the catalog (owners, admins and operators). */
export function useIsCatalogAdmin(): boolean {
  const { flags } = useCurrentCompany();
  return mayOpen('admin', flags);
}
