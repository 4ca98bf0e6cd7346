/**
 * `/cms/debt-collection`: the invoices handed over to the debt collection agency (claims): the invoice,
 * the customer, the status, the amount claimed, what the agency collected and its fee. "Sync" asks the
 * agency about every open claim (`POST debtist/claims/sync`); a collected claim settles its invoice. The
 * company's Debtist user below. Without the agency configured (the API's 409) a notice links to the
 * settings section that configures it.
 */
import Sync from '@mui/icons-material/Sync';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  DEBT_CLAIM_STATUS_LABELS,
  DEBT_CLAIM_STATUSES,
  type DebtClaim,
} from '@rentloop/domain/debt-collection';
import { Link as RouterLink } from 'react-router';
import { type Column, DataList } from '../../components/DataList.tsx';
import { FilterBar, SelectFilter } from '../../components/ListFilters.tsx';
import { useListState } from '../../components/list-state.ts';
import { formatAmount } from '../../components/money.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { formatDateTime } from '../../utils/dates.ts';
import { notify } from '../../utils/notify.ts';
import { DebtUserPanel } from './DebtUserPanel.tsx';
import { isNotConfigured, useDebtClaims, useSyncClaims } from './hooks.ts';
import { NotConfigured } from './NotConfigured.tsx';
import { debtIds } from './testids.ts';

const STATUS_OPTIONS = DEBT_CLAIM_STATUSES.map((value) => ({
  value,
  label: DEBT_CLAIM_STATUS_LABELS[value],
}));

export function ClaimStatus({ claim }: { claim: Pick<DebtClaim, 'status'> }) {
  return <StatusChip status={claim.status} label={DEBT_CLAIM_STATUS_LABELS[claim.status]} />;
}

function SyncButton({ disabled }: { disabled: boolean }) {
  const sync = useSyncClaims();
  return (
    <Button
      variant="contained"
      startIcon={<Sync />}
      disabled={disabled || sync.isPending}
      onClick={() =>
        sync.mutate(undefined, {
          onSuccess: ({ data, message }) =>
            (data.failed > 0 ? notify.warning : notify.success)(
              `${message} ${data.checked} checked, ${data.updated} updated, ${data.settled} settled${data.failed ? `, ${data.failed} could not be asked about` : ''}.`,
            ),
          onError: (error) => notify.error(error.message),
        })
      }
      data-testid={debtIds.sync}
    >
      Sync
    </Button>
  );
}

export function DebtCollectionPage() {
  const state = useListState();
  const claims = useDebtClaims(state);
  const notConfigured = isNotConfigured(claims.error);

  const columns: Column<DebtClaim>[] = [
    {
      id: 'id',
      label: 'Claim',
      sortKey: 'id',
      render: (c) => (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            #{c.id}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {c.reference ?? 'Not filed yet'}
          </Typography>
        </Box>
      ),
    },
    {
      id: 'invoice',
      label: 'Invoice',
      link: false,
      render: (c) => (
        <Link
          component={RouterLink}
          to={`/cms/invoices/${c.invoice_id}`}
          onClick={(event) => event.stopPropagation()}
          data-testid={debtIds.invoiceLink(c.id)}
        >
          {c.invoice_number ?? `Invoice #${c.invoice_id}`}
        </Link>
      ),
    },
    { id: 'customer', label: 'Customer', render: (c) => c.customer_name ?? `#${c.customer_id}` },
    { id: 'status', label: 'Status', sortKey: 'status', render: (c) => <ClaimStatus claim={c} /> },
    {
      id: 'amount',
      label: 'Amount',
      sortKey: 'amount',
      align: 'right',
      render: (c) => formatAmount(c.amount, c.currency),
    },
    {
      id: 'paid',
      label: 'Collected',
      align: 'right',
      render: (c) => formatAmount(c.paid_amount, c.currency),
    },
    {
      id: 'fee',
      label: 'Fee',
      align: 'right',
      hideOnMobile: true,
      render: (c) => formatAmount(c.fee, c.currency),
    },
    {
      id: 'updated_at',
      label: 'Updated',
      sortKey: 'updated_at',
      hideOnMobile: true,
      render: (c) => formatDateTime(c.updated_at),
    },
  ];

  return (
    <Box data-testid={debtIds.listPage}>
      <PageHeader
        title="Debt Collection"
        subtitle="Unpaid invoices handed over to the debt collection agency, and what it collected"
        actions={<SyncButton disabled={notConfigured} />}
      />
      {notConfigured ? (
        <NotConfigured message={claims.error?.message ?? ''} />
      ) : (
        <>
          <DebtUserPanel />
          <DataList
            label="Claims"
            columns={columns}
            query={claims}
            state={state}
            getRowId={(c) => c.id}
            rowHref={(c) => `/cms/debt-collection/claims/${c.id}`}
            rowLabel={(c) => `Claim ${c.id}`}
            selectable={false}
            searchable={false}
            toolbar={
              <FilterBar state={state} clearTestId="debt-claims-clear-filters">
                <SelectFilter
                  state={state}
                  name="status"
                  label="Status"
                  width={180}
                  testId={debtIds.statusFilter}
                  allLabel="All"
                  options={STATUS_OPTIONS}
                  optionTestId={(v) => `debt-claims-status-${v}`}
                />
              </FilterBar>
            }
            emptyText={
              Object.keys(state.filters).length
                ? 'No claims match.'
                : 'No claims yet: hand an unpaid, due invoice over from its page.'
            }
          />
        </>
      )}
    </Box>
  );
}
