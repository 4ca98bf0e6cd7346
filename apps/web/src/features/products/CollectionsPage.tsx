/** `/cms/products/collections`: the collections products are grouped in (for filters and the shop). */

import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Collection } from '@rentloop/domain/catalog';
import { Link, Outlet, useLocation } from 'react-router';
import { paths } from '../../api/client.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { type Column, DataList } from '../../components/DataList.tsx';
import { useListState } from '../../components/list-state.ts';
import { NewButton } from '../../components/NewButton.tsx';
import { formatDate } from '../../utils/dates.ts';
import { CatalogHeader, useIsCatalogAdmin } from './CatalogHeader.tsx';
import { useCollections } from './collection-hooks.ts';
import { collectionsIds } from './testids.ts';

const count = new Intl.NumberFormat('en');

/** The product list filtered by a collection. */
export const collectionProductsPath = (id: number) =>
  `/cms/products?filters=${encodeURIComponent(JSON.stringify({ collection_id: String(id) }))}`;

export function CollectionsPage() {
  const state = useListState();
  const company = useCompanyId();
  const collections = useCollections(state);
  const { search } = useLocation();
  const isAdmin = useIsCatalogAdmin();

  const columns: Column<Collection>[] = [
    {
      id: 'name',
      label: 'Name',
      render: (c) => (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {c.name}
        </Typography>
      ),
    },
    {
      id: 'description',
      label: 'Description',
      hideOnMobile: true,
      // Nothing at all when there is none: an empty cell is no link (DataListTable).
      render: (c) =>
        c.description ? (
          <Typography variant="body2" color="text.secondary" noWrap sx={{ maxWidth: 420 }}>
            {c.description}
          </Typography>
        ) : null,
    },
    {
      id: 'products',
      label: 'Products',
      align: 'right',
      // Its own link (the product list filtered by the collection): not inside the row's.
      link: false,
      render: (c) => (
        <Button
          size="small"
          component={Link}
          to={collectionProductsPath(c.id)}
          onClick={(event) => event.stopPropagation()}
          data-testid={collectionsIds.showProducts(c.id)}
        >
          {count.format(c.products_count)} product{c.products_count === 1 ? '' : 's'}
        </Button>
      ),
    },
    {
      id: 'updated_at',
      label: 'Updated',
      hideOnMobile: true,
      render: (c) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDate(c.updated_at)}</Box>,
    },
  ];

  return (
    <Box data-testid={collectionsIds.listPage}>
      <CatalogHeader
        tab="collections"
        subtitle="Groups of products, for filtering the catalog and for your shop"
        actions={
          isAdmin && (
            <NewButton
              to="/cms/products/collections/create"
              icon={<Add />}
              testId={collectionsIds.newCollection}
            >
              New collection
            </NewButton>
          )
        }
      />
      <DataList
        label="Collections"
        columns={columns}
        query={collections}
        state={state}
        getRowId={(c) => c.id}
        rowHref={isAdmin ? (c) => `/cms/products/collections/${c.id}${search}` : undefined}
        rowLabel={(c) => c.name}
        exportPath={`${paths.company(company, 'product-collections')}/export`}
        emptyText={state.search ? 'No collections match.' : 'No collections yet.'}
      />
      <Outlet />
    </Box>
  );
}
