/**
 * `/cms/products`: the catalog (search, sort, filters by type, status and collection in the URL),
 * the product sync with its progress, the bulk buyout-price editor and "New product".
 */

import Add from '@mui/icons-material/Add';
import PriceChange from '@mui/icons-material/PriceChange';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Product } from '@rentloop/domain/catalog';
import { PRODUCT_TYPES } from '@rentloop/domain/enums';
import { PRODUCT_STATUSES } from '@rentloop/domain/product-kinds';
import { Link, Outlet } from 'react-router';
import { paths } from '../../api/client.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { PRODUCT_TYPE_LABELS } from '../../components/catalog-labels.ts';
import { useProducts } from '../../components/catalog-search.ts';
import { type Column, DataList } from '../../components/DataList.tsx';
import { useListState } from '../../components/list-state.ts';
import { formatAmount } from '../../components/money.ts';
import { NewButton } from '../../components/NewButton.tsx';
import { ShowArchivedSwitch } from '../../components/ShowArchivedSwitch.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { CatalogHeader, useIsCatalogAdmin } from './CatalogHeader.tsx';
import { useAllCollections } from './collection-hooks.ts';
import { SyncButton, SyncStatus } from './ProductSync.tsx';
import { ProductThumbnail } from './ProductThumbnail.tsx';
import { SOURCE_LABELS, STATUS_LABELS } from './product-labels.ts';
import { productsIds } from './testids.ts';

const count = new Intl.NumberFormat('en');
const nowrap = { whiteSpace: 'nowrap' } as const;

const columns: Column<Product>[] = [
  {
    id: 'name',
    label: 'Name',
    sortKey: 'name',
    render: (p) => (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 200 }}>
        <ProductThumbnail src={p.image_url} name={p.name} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid={productsIds.name}>
            {p.name}
          </Typography>
          {p.collections.length > 0 && (
            <Typography variant="caption" color="text.secondary">
              {p.collections.map((c) => c.name).join(', ')}
            </Typography>
          )}
        </Box>
      </Box>
    ),
  },
  { id: 'type', label: 'Type', hideOnMobile: true, render: (p) => PRODUCT_TYPE_LABELS[p.type] },
  {
    id: 'status',
    label: 'Status',
    render: (p) => <StatusChip status={p.status} />,
  },
  { id: 'source', label: 'Source', hideOnMobile: true, render: (p) => SOURCE_LABELS[p.source] },
  {
    id: 'variants',
    label: 'Variants',
    align: 'right',
    hideOnMobile: true,
    render: (p) => count.format(p.variants_count),
  },
  {
    id: 'stock',
    label: 'Stock',
    align: 'right',
    hideOnMobile: true,
    render: (p) => (
      <span data-testid={productsIds.stock}>
        {p.stock_total === null ? '—' : count.format(p.stock_total)}
      </span>
    ),
  },
  {
    id: 'monthly',
    label: 'Monthly rent',
    align: 'right',
    render: (p) => (
      <Box component="span" sx={nowrap} data-testid={productsIds.monthly}>
        {formatAmount(p.rental_prices.monthly, p.currency)}
      </Box>
    ),
  },
  {
    id: 'buyout',
    label: 'Buyout',
    align: 'right',
    hideOnMobile: true,
    render: (p) => (
      <Box component="span" sx={nowrap} data-testid={productsIds.buyout}>
        {formatAmount(p.buyout_price, p.currency)}
      </Box>
    ),
  },
];

function FilterSelect(props: {
  label: string;
  value: string;
  allLabel: string;
  options: { value: string; label: string }[];
  onChange: (value: string | null) => void;
  testId: string;
  minWidth?: number;
}) {
  return (
    <TextField
      select
      label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value || null)}
      sx={{ minWidth: props.minWidth ?? 150 }}
      slotProps={{
        select: { displayEmpty: true },
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': props.testId },
      }}
    >
      <MenuItem value="">{props.allLabel}</MenuItem>
      {props.options.map((o) => (
        <MenuItem key={o.value} value={o.value} data-value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function ProductsPage() {
  const state = useListState();
  const company = useCompanyId();
  const products = useProducts(state);
  const collections = useAllCollections();
  const isAdmin = useIsCatalogAdmin();

  const collectionId = state.filters.collection_id ?? '';
  const collectionOptions = (collections.data?.data ?? []).map((c) => ({
    value: String(c.id),
    label: c.name,
  }));
  // A collection from the URL that is not on the first page of collections still shows as chosen.
  if (collectionId && !collectionOptions.some((o) => o.value === collectionId)) {
    collectionOptions.push({ value: collectionId, label: `Collection ${collectionId}` });
  }

  const filters = (
    <>
      <FilterSelect
        label="Type"
        value={state.filters.type ?? ''}
        allLabel="All types"
        options={PRODUCT_TYPES.map((t) => ({ value: t, label: PRODUCT_TYPE_LABELS[t] }))}
        onChange={(v) => state.setFilter('type', v)}
        testId={productsIds.typeFilter}
      />
      <FilterSelect
        label="Status"
        value={state.filters.status ?? ''}
        allLabel="All statuses"
        options={PRODUCT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
        onChange={(v) => state.setFilter('status', v)}
        testId={productsIds.statusFilter}
      />
      <FilterSelect
        label="Collection"
        value={collectionId}
        allLabel="All collections"
        options={collectionOptions}
        onChange={(v) => state.setFilter('collection_id', v)}
        testId={productsIds.collectionFilter}
        minWidth={180}
      />
      <ShowArchivedSwitch state={state} />
    </>
  );

  const filtered = Boolean(state.search) || Object.keys(state.filters).length > 0;

  return (
    <Box data-testid={productsIds.listPage}>
      <CatalogHeader
        tab="products"
        subtitle="What your customers rent: rental terms, buyout prices, variants and stock"
        actions={
          isAdmin && (
            <>
              <SyncButton />
              <Button
                component={Link}
                to="/cms/products/buyout-prices"
                variant="outlined"
                startIcon={<PriceChange />}
                data-testid={productsIds.buyoutPrices}
              >
                Buyout prices
              </Button>
              <NewButton to="/cms/products/create" icon={<Add />} testId={productsIds.newProduct}>
                New product
              </NewButton>
            </>
          )
        }
      />
      <SyncStatus />
      <DataList
        label="Products"
        columns={columns}
        query={products}
        state={state}
        getRowId={(p) => p.id}
        rowHref={(p) => `/cms/products/${p.id}`}
        rowLabel={(p) => p.name}
        exportPath={`${paths.replica(company, 'products')}/export`}
        toolbar={filters}
        emptyText={
          state.filters.archived === 'true' && Object.keys(state.filters).length === 1 && !state.search
            ? 'No archived products.'
            : filtered
              ? 'No products match.'
              : isAdmin
                ? 'No products yet. Create one, or connect your shop and sync its catalog.'
                : 'No products yet.'
        }
      />
      <Outlet />
    </Box>
  );
}
