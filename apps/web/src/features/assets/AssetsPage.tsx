/**
 * `/cms/assets`: the assets (product tracking) list: search by serial number or product, filter by status
 * and by when the status last changed (the last 30, 90 or 180 days), sort by header (also by utilisation
 * and profit, the asset page's figures), paging in the URL;
 * "Import" (admins) opens the CSV import (spec 02 §7).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ASSET_STATUSES, TRACKED_STATUS_RANGES_DAYS } from '@rentloop/domain/enums';
import type { ProductTracking } from '@rentloop/domain/product-tracking';
import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { paths } from '../../api/client.ts';
import { useCompanyId, useCurrentCompany } from '../../app/current-company.tsx';
import { mayOpen } from '../../app/route-meta.ts';
import { type Column, DataList } from '../../components/DataList.tsx';
import { FilterBar, SelectFilter } from '../../components/ListFilters.tsx';
import { useListState } from '../../components/list-state.ts';
import { formatAmount } from '../../components/money.ts';
import { NewButton } from '../../components/NewButton.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusChip, statusLabel } from '../../components/StatusChip.tsx';
import { useCompanyCurrency } from '../../components/use-company-currency.ts';
import { formatDate } from '../../utils/dates.ts';
import { useAssets } from './hooks.ts';
import { assetImportIds, assetsIds } from './testids.ts';

const ImportDialog = lazy(() => import('./ImportDialog.tsx').then((m) => ({ default: m.ImportDialog })));

export const unitName = (a: Pick<ProductTracking, 'product_name' | 'variant_name'>) =>
  a.variant_name && a.variant_name !== a.product_name
    ? `${a.product_name} – ${a.variant_name}`
    : a.product_name;

const STATUS_OPTIONS = ASSET_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }));
const RANGE_OPTIONS = TRACKED_STATUS_RANGES_DAYS.map((d) => ({ value: String(d), label: `Last ${d} days` }));

export function AssetsPage() {
  const state = useListState();
  const company = useCompanyId();
  const currency = useCompanyCurrency();
  const assets = useAssets(state);
  const filtered = Boolean(state.search) || Object.keys(state.filters).length > 0;
  const [importing, setImporting] = useState(false);
  // Importing creates the fleet in bulk: admins only, as the API has it.
  const mayImport = mayOpen('admin', useCurrentCompany().flags);

  const columns: Column<ProductTracking>[] = [
    {
      id: 'serial_number',
      label: 'Serial number',
      sortKey: 'serial_number',
      // Nine columns are wider than a 1280 px screen: the serial stays in view while the rest scrolls.
      sticky: true,
      render: (a) => (
        <Typography variant="body2" sx={{ fontWeight: 600, fontFamily: 'monospace' }}>
          {a.serial_number}
        </Typography>
      ),
    },
    { id: 'product_name', label: 'Product', sortKey: 'product_name', render: unitName },
    { id: 'status', label: 'Status', sortKey: 'status', render: (a) => <StatusChip status={a.status} /> },
    {
      id: 'status_changed_at',
      label: 'Status since',
      sortKey: 'status_changed_at',
      hideOnMobile: true,
      render: (a) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDate(a.status_changed_at)}</Box>,
    },
    { id: 'location', label: 'Location', hideOnMobile: true, render: (a) => a.location ?? '' },
    {
      id: 'purchase_cost',
      label: 'Purchase cost',
      sortKey: 'purchase_cost',
      hideOnMobile: true,
      render: (a) => formatAmount(a.purchase_cost, currency, ''),
    },
    // The asset page's figures, kept on the list for its sorts (decision 83): days rented ÷ days owned,
    // and collected revenue − repairs − purchase cost.
    {
      id: 'utilisation',
      label: 'Utilisation',
      sortKey: 'utilisation',
      hideOnMobile: true,
      render: (a) => (a.utilisation === null ? '—' : `${a.utilisation} %`),
    },
    {
      id: 'profit',
      label: 'Profit',
      sortKey: 'profit',
      hideOnMobile: true,
      render: (a) => (
        <Box
          component="span"
          sx={{ whiteSpace: 'nowrap', color: a.profit?.startsWith('-') ? 'error.main' : undefined }}
        >
          {formatAmount(a.profit, currency)}
        </Box>
      ),
    },
  ];

  return (
    <Box data-testid={assetsIds.listPage}>
      <PageHeader
        title="Assets"
        subtitle="Every rentable unit by serial number: where it is and what happened to it"
        actions={
          <Stack direction="row" spacing={1}>
            {mayImport && (
              <Button
                variant="outlined"
                onClick={() => setImporting(true)}
                data-testid={assetImportIds.importOpen}
              >
                Import
              </Button>
            )}
            <NewButton to="/cms/assets/create" testId={assetsIds.newAsset}>
              New asset
            </NewButton>
          </Stack>
        }
      />
      <DataList
        label="Assets"
        columns={columns}
        query={assets}
        state={state}
        getRowId={(a) => a.id}
        rowHref={(a) => `/cms/assets/${a.id}`}
        rowLabel={(a) => a.serial_number}
        exportPath={`${paths.replica(company, 'product-tracking')}/export`}
        toolbar={
          <FilterBar state={state} clearTestId={assetsIds.clearFilters}>
            <SelectFilter
              state={state}
              name="status"
              label="Status"
              width={170}
              allLabel="All statuses"
              options={STATUS_OPTIONS}
              testId={assetsIds.filter('status')}
              optionTestId={(v) => assetsIds.filterOption('status', v)}
            />
            <SelectFilter
              state={state}
              name="status_changed_within"
              label="Status changed"
              width={190}
              allLabel="Any time"
              options={RANGE_OPTIONS}
              testId={assetsIds.filter('status_changed_within')}
              optionTestId={(v) => assetsIds.filterOption('status_changed_within', v)}
            />
          </FilterBar>
        }
        emptyText={filtered ? 'No assets match.' : 'No assets yet: add the first unit with "New asset".'}
      />
      <Outlet />
      {importing && (
        <Suspense fallback={null}>
          <ImportDialog onClose={() => setImporting(false)} />
        </Suspense>
      )}
    </Box>
  );
}
