/**
 * `/cms/products/availability`: availability settings per SKU (spec 02): whether it can be rented,
 * the stock to keep, the lead time and the longest rental. Search by SKU.
 */

import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AvailabilitySetting } from '@rentloop/domain/catalog';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { type Column, DataList } from '../../components/DataList.tsx';
import { useListState } from '../../components/list-state.ts';
import { NewButton } from '../../components/NewButton.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { useAvailabilitySettings } from './availability-hooks.ts';
import { CatalogHeader, useIsCatalogAdmin } from './CatalogHeader.tsx';
import { availabilityIds } from './testids.ts';

const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

const columns: Column<AvailabilitySetting>[] = [
  {
    id: 'sku',
    label: 'SKU',
    render: (s) => (
      <Typography variant="body2" sx={{ fontWeight: 600, fontFamily: 'monospace' }}>
        {s.sku_name}
      </Typography>
    ),
  },
  {
    id: 'available',
    label: 'Rentable',
    render: (s) => (
      <StatusChip
        status={s.is_available ? 'active' : 'inactive'}
        label={s.is_available ? 'Available' : 'Not available'}
      />
    ),
  },
  { id: 'min_stock', label: 'Minimum stock', align: 'right', render: (s) => s.min_stock },
  { id: 'lead_time', label: 'Lead time', align: 'right', render: (s) => days(s.lead_time_days) },
  {
    id: 'max_rental',
    label: 'Longest rental',
    align: 'right',
    render: (s) => (s.max_rental_days === null ? 'No limit' : days(s.max_rental_days)),
  },
  {
    id: 'note',
    label: 'Note',
    hideOnMobile: true,
    render: (s) => (
      <Typography variant="body2" color="text.secondary" noWrap sx={{ maxWidth: 320 }}>
        {s.note ?? ''}
      </Typography>
    ),
  },
];

export function AvailabilityPage() {
  const state = useListState();
  const settings = useAvailabilitySettings(state);
  const navigate = useNavigate();
  const { search } = useLocation();
  const isAdmin = useIsCatalogAdmin();
  return (
    <Box data-testid={availabilityIds.listPage}>
      <CatalogHeader
        tab="availability"
        subtitle="Per SKU: whether it can be rented, the stock to keep back, the lead time and the longest rental"
        actions={
          isAdmin && (
            <NewButton
              to="/cms/products/availability/create"
              icon={<Add />}
              testId={availabilityIds.newSetting}
            >
              New settings
            </NewButton>
          )
        }
      />
      <DataList
        label="Availability settings"
        columns={columns}
        query={settings}
        state={state}
        getRowId={(s) => s.id}
        onRowClick={
          isAdmin
            ? (s) => navigate(`/cms/products/availability/${encodeURIComponent(s.sku_name)}${search}`)
            : undefined
        }
        emptyText={
          state.search
            ? 'No SKU matches.'
            : 'No availability settings yet: every SKU can be rented without limits.'
        }
      />
      <Outlet />
    </Box>
  );
}
