/** `/super/companies`: every company (operators), searchable; a row opens the company. */
import DomainAddOutlined from '@mui/icons-material/DomainAddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { UserCompany } from '@rentloop/domain/companies';
import { MESSAGES } from '@rentloop/domain/messages';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { type Column, DataList } from '../../components/DataList.tsx';
import { useListState } from '../../components/list-state.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatDate } from '../../utils/dates.ts';
import { paymentLabel, shopLabel } from './CompanyForm.tsx';
import { useCompanyList } from './hooks.ts';
import { companyAdminIds } from './testids.ts';

const columns: Column<UserCompany>[] = [
  {
    id: 'name',
    label: 'Name',
    sortKey: 'name',
    render: (c) => (
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {c.name}
      </Typography>
    ),
  },
  { id: 'id', label: 'Id', render: (c) => `#${c.id}` },
  { id: 'currency', label: 'Currency', render: (c) => c.currency },
  { id: 'shop', label: 'Shop system', hideOnMobile: true, render: (c) => shopLabel(c.shop_system) || '—' },
  {
    id: 'payment',
    label: 'Payment system',
    hideOnMobile: true,
    render: (c) => paymentLabel(c.payment_system) || '—',
  },
  {
    id: 'created_at',
    label: 'Created',
    hideOnMobile: true,
    render: (c) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDate(c.created_at)}</Box>,
  },
];

export function CompaniesPage() {
  const state = useListState();
  const companies = useCompanyList(state);
  const navigate = useNavigate();
  const { search } = useLocation();

  return (
    <Box data-testid={companyAdminIds.listPage}>
      <PageHeader
        title="Companies"
        subtitle="Every merchant account on the platform"
        actions={
          <Button
            component={Link}
            to={`/super/companies/create${search}`}
            variant="contained"
            startIcon={<DomainAddOutlined />}
            data-testid={companyAdminIds.newCompany}
          >
            New company
          </Button>
        }
      />
      <DataList
        label="Companies"
        columns={columns}
        rows={companies.data?.data}
        meta={companies.data?.meta}
        state={state}
        getRowId={(c) => c.id}
        isLoading={companies.isPending}
        isFetching={companies.isFetching}
        error={companies.error ? MESSAGES.companiesFetchFailed : null}
        onRowClick={(c) => navigate(`/super/companies/${c.id}`)}
        emptyText={state.search ? 'No companies match.' : 'No companies yet.'}
      />
      <Outlet />
    </Box>
  );
}
