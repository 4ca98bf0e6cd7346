/** `/super/companies`: every company (operators), searchable; a row opens the company. */

import DomainAddOutlined from '@mui/icons-material/DomainAddOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { UserCompany } from '@rentloop/domain/companies';
import { MESSAGES } from '@rentloop/domain/messages';
import { Outlet } from 'react-router';
import { type Column, DataList } from '../../components/DataList.tsx';
import { useListState } from '../../components/list-state.ts';
import { NewButton } from '../../components/NewButton.tsx';
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

  return (
    <Box data-testid={companyAdminIds.listPage}>
      <PageHeader
        title="Companies"
        subtitle="Every merchant account on the platform"
        actions={
          <NewButton
            to="/super/companies/create"
            icon={<DomainAddOutlined />}
            testId={companyAdminIds.newCompany}
          >
            New company
          </NewButton>
        }
      />
      <DataList
        label="Companies"
        columns={columns}
        query={companies}
        state={state}
        getRowId={(c) => c.id}
        failed={MESSAGES.companiesFetchFailed}
        rowHref={(c) => `/super/companies/${c.id}`}
        rowLabel={(c) => c.name}
        emptyText={state.search ? 'No companies match.' : 'No companies yet.'}
      />
      <Outlet />
    </Box>
  );
}
