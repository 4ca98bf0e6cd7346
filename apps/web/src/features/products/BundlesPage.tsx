/** `/cms/products/bundles`: bundles and groups (active ones unless the filter says otherwise). */

import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Bundle } from '@rentloop/domain/catalog';
import { Outlet } from 'react-router';
import { type Column, DataList } from '../../components/DataList.tsx';
import { useListState } from '../../components/list-state.ts';
import { formatAmount } from '../../components/money.ts';
import { NewButton } from '../../components/NewButton.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { useCompanyCurrency } from '../../components/use-company-currency.ts';
import { useBundles } from './bundle-hooks.ts';
import { CatalogHeader, useIsCatalogAdmin } from './CatalogHeader.tsx';
import { bundlesIds } from './testids.ts';

export const bundleKind = (b: Pick<Bundle, 'is_group'>) => (b.is_group ? 'Group' : 'Bundle');

export function BundlesPage() {
  const state = useListState();
  const bundles = useBundles(state);
  const isAdmin = useIsCatalogAdmin();
  const currency = useCompanyCurrency();

  const columns: Column<Bundle>[] = [
    {
      id: 'name',
      label: 'Name',
      sortKey: 'name',
      render: (b) => (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {b.name}
          </Typography>
          {b.description && (
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ display: 'block', maxWidth: 480 }}
              noWrap
            >
              {b.description}
            </Typography>
          )}
        </Box>
      ),
    },
    { id: 'kind', label: 'Kind', render: bundleKind },
    {
      id: 'active',
      label: 'Status',
      render: (b) => (
        <StatusChip
          status={b.is_active ? 'active' : 'inactive'}
          label={b.is_active ? 'Active' : 'Inactive'}
        />
      ),
    },
    {
      id: 'variants',
      label: 'Variants',
      align: 'right',
      render: (b) => b.variants.length,
    },
    {
      id: 'price',
      label: 'Price',
      align: 'right',
      render: (b) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatAmount(b.price, currency)}</Box>,
    },
  ];

  const toolbar = (
    <>
      <TextField
        select
        label="Status"
        value={state.filters.is_active ?? 'true'}
        onChange={(event) => state.setFilter('is_active', event.target.value === 'true' ? null : 'false')}
        sx={{ minWidth: 140 }}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': bundlesIds.activeFilter } }}
      >
        <MenuItem value="true">Active</MenuItem>
        <MenuItem value="false">Inactive</MenuItem>
      </TextField>
      <TextField
        select
        label="Kind"
        value={state.filters.is_group ?? ''}
        onChange={(event) => state.setFilter('is_group', event.target.value || null)}
        sx={{ minWidth: 150 }}
        slotProps={{
          select: { displayEmpty: true },
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': bundlesIds.kindFilter },
        }}
      >
        <MenuItem value="">Bundles and groups</MenuItem>
        <MenuItem value="false">Bundles</MenuItem>
        <MenuItem value="true">Groups</MenuItem>
      </TextField>
    </>
  );

  const filtered = Boolean(state.search) || Object.keys(state.filters).length > 0;
  return (
    <Box data-testid={bundlesIds.listPage}>
      <CatalogHeader
        tab="bundles"
        subtitle="A bundle rents several variants together; a group lets the customer pick one of its variants"
        actions={
          isAdmin && (
            <NewButton to="/cms/products/bundles/create" icon={<Add />} testId={bundlesIds.newBundle}>
              New bundle
            </NewButton>
          )
        }
      />
      <DataList
        label="Bundles"
        columns={columns}
        query={bundles}
        state={state}
        getRowId={(b) => b.id}
        rowHref={(b) => `/cms/products/bundles/${b.id}`}
        toolbar={toolbar}
        emptyText={filtered ? 'No bundles match.' : 'No bundles yet.'}
      />
      <Outlet />
    </Box>
  );
}
