/**
 * `/cms/vouchers`: the vouchers (search by code or description, filter by kind, active and validity),
 * a row opens its edit dialog; each row links to the products it is limited to and can be deleted.
 */
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@rentloop/domain/messages';
import {
  VOUCHER_APPLIES_TO_LABELS,
  VOUCHER_KIND_LABELS,
  VOUCHER_KINDS,
  type Voucher,
} from '@rentloop/domain/vouchers';
import { useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { type Column, DataList } from '../../components/DataList.tsx';
import { FilterBar, SelectFilter } from '../../components/ListFilters.tsx';
import { useListState } from '../../components/list-state.ts';
import { formatAmount } from '../../components/money.ts';
import { NewButton } from '../../components/NewButton.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatPercent } from '../../components/percent-text.ts';
import { StatusChip } from '../../components/StatusChip.tsx';
import { useCompanyCurrency } from '../../components/use-company-currency.ts';
import { formatDate } from '../../utils/dates.ts';
import { notify } from '../../utils/notify.ts';
import { useDeleteVoucher, useVouchers } from './hooks.ts';
import { vouchersIds } from './testids.ts';

const KIND_OPTIONS = VOUCHER_KINDS.map((k) => ({ value: k, label: VOUCHER_KIND_LABELS[k] }));
const YES_NO = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];
const VALIDITY = [
  { value: 'false', label: 'Still valid' },
  { value: 'true', label: 'Expired' },
];

/** Today as the API's dates are written (UTC), for the status chip. */
const today = () => new Date().toISOString().slice(0, 10);

function statusOf(v: Voucher): string {
  if (!v.active) return 'inactive';
  if (v.valid_until && v.valid_until < today()) return 'expired';
  if (v.usage_limit !== null && v.used_count >= v.usage_limit) return 'used_up';
  if (v.valid_from && v.valid_from > today()) return 'scheduled';
  return 'active';
}

function discountText(v: Voucher, currency: string): string {
  if (v.kind === 'free_shipping') return 'Free shipping';
  const value = v.value ?? '';
  return v.kind === 'percentage' ? `${formatPercent(value)} off` : `${formatAmount(value, currency)} off`;
}

const validity = (v: Voucher) =>
  v.valid_from || v.valid_until
    ? `${v.valid_from ? formatDate(v.valid_from) : '…'} – ${v.valid_until ? formatDate(v.valid_until) : '…'}`
    : 'Always';

export function VouchersPage() {
  const state = useListState();
  const currency = useCompanyCurrency();
  const vouchers = useVouchers(state);
  const remove = useDeleteVoucher();
  const [deleting, setDeleting] = useState<Voucher | null>(null);
  const { search } = useLocation();

  const columns: Column<Voucher>[] = [
    {
      id: 'code',
      label: 'Code',
      sortKey: 'code',
      render: (v) => (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600, fontFamily: 'monospace' }}>
            {v.code}
          </Typography>
          {v.description && (
            <Typography variant="caption" color="text.secondary">
              {v.description}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      id: 'discount',
      label: 'Discount',
      render: (v) => (
        <Box>
          <Typography variant="body2">{discountText(v, currency)}</Typography>
          <Typography variant="caption" color="text.secondary">
            {v.applies_to === 'first_payments'
              ? `First ${v.recurring_payments} payments`
              : VOUCHER_APPLIES_TO_LABELS[v.applies_to]}
            {v.minimum_cart_value ? ` · from ${formatAmount(v.minimum_cart_value, currency)}` : ''}
          </Typography>
        </Box>
      ),
    },
    {
      id: 'valid_until',
      label: 'Valid',
      sortKey: 'valid_until',
      hideOnMobile: true,
      render: (v) => <Box sx={{ whiteSpace: 'nowrap' }}>{validity(v)}</Box>,
    },
    {
      id: 'used',
      label: 'Used',
      align: 'right',
      render: (v) => (v.usage_limit === null ? `${v.used_count}` : `${v.used_count} / ${v.usage_limit}`),
    },
    { id: 'status', label: 'Status', render: (v) => <StatusChip status={statusOf(v)} /> },
    {
      id: 'actions',
      label: 'Actions',
      hideLabel: true,
      align: 'right',
      link: false,
      render: (v) => (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.5, alignItems: 'center' }}>
          <Button
            size="small"
            component={Link}
            to={`/cms/vouchers/${v.id}/products${search}`}
            startIcon={<Inventory2Outlined fontSize="small" />}
            onClick={(event) => event.stopPropagation()}
            data-testid={vouchersIds.showProducts(v.id)}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {v.products_count === 0
              ? 'All products'
              : `${v.products_count} product${v.products_count === 1 ? '' : 's'}`}
          </Button>
          <Tooltip title={`Delete ${v.code}`}>
            <IconButton
              aria-label={`Delete ${v.code}`}
              onClick={(event) => {
                event.stopPropagation();
                setDeleting(v);
              }}
              data-testid={vouchersIds.remove(v.id)}
            >
              <DeleteOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      ),
    },
  ];

  return (
    <Box data-testid={vouchersIds.listPage}>
      <PageHeader
        title="Vouchers"
        subtitle="Discount codes for checkout and the first payments of a subscription"
        actions={
          <NewButton to={`/cms/vouchers/create${search}`} icon={<Add />} testId={vouchersIds.newVoucher}>
            New voucher
          </NewButton>
        }
      />
      <DataList
        label="Vouchers"
        columns={columns}
        query={vouchers}
        state={state}
        getRowId={(v) => v.id}
        rowHref={(v) => `/cms/vouchers/${v.id}/edit${search}`}
        rowLabel={(v) => v.code}
        selectable={false}
        toolbar={
          <FilterBar state={state} clearTestId="vouchers-clear-filters">
            <SelectFilter
              state={state}
              name="kind"
              label="Kind"
              width={170}
              testId={vouchersIds.kindFilter}
              allLabel="All kinds"
              options={KIND_OPTIONS}
              optionTestId={(v) => `vouchers-kind-${v}`}
            />
            <SelectFilter
              state={state}
              name="active"
              label="Active"
              width={150}
              testId={vouchersIds.stateFilter}
              allLabel="All"
              options={YES_NO}
              optionTestId={(v) => `vouchers-active-${v}`}
            />
            <SelectFilter
              state={state}
              name="expired"
              label="Validity"
              width={150}
              testId="vouchers-validity-filter"
              allLabel="All"
              options={VALIDITY}
              optionTestId={(v) => `vouchers-expired-${v}`}
            />
          </FilterBar>
        }
        emptyText={
          state.search || Object.keys(state.filters).length ? 'No vouchers match.' : 'No vouchers yet.'
        }
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete voucher"
        confirmLabel="Delete"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: ({ message }) => {
              notify.success(message || MESSAGES.voucherDeleted);
              setDeleting(null);
            },
            onError: () => {
              notify.error(MESSAGES.voucherDeleteFailed);
              setDeleting(null);
            },
          });
        }}
      >
        Delete the voucher {deleting?.code}? Customers can no longer use it, and its usage count is lost.
      </ConfirmDialog>
      <Outlet />
    </Box>
  );
}
