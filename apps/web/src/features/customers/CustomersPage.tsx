/**
 * `/cms/customers`: the customer list (search, sort by header, filter by language and by the day created,
 * the archived ones instead with "Show archived", paging in the URL).
 */

import PersonAdd from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Customer } from '@rentloop/domain/customers';
import { CONTENT_LANGUAGE_CODES } from '@rentloop/domain/enums';
import { Outlet } from 'react-router';
import { paths } from '../../api/client.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { countryName } from '../../components/country-name.ts';
import { type Column, DataList } from '../../components/DataList.tsx';
import { DateFilter, DateRangeFilter } from '../../components/ListFilters.tsx';
import { useListState } from '../../components/list-state.ts';
import { NewButton } from '../../components/NewButton.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ShowArchivedSwitch } from '../../components/ShowArchivedSwitch.tsx';
import { WrapText } from '../../components/WrapText.tsx';
import { formatDate } from '../../utils/dates.ts';
import { languageName } from '../../utils/languages.ts';
import { useCustomers } from './hooks.ts';
import { customersIds } from './testids.ts';

/**
 * The customer languages by English name. From the light enumerations, not from customers.ts, whose
 * address schema would bring the country table and phone metadata into the list's chunk.
 */
const LANGUAGE_CODES = Object.values(CONTENT_LANGUAGE_CODES);

const columns: Column<Customer>[] = [
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
  { id: 'email', label: 'Email', sortKey: 'email', render: (c) => <WrapText text={c.email} /> },
  { id: 'phone', label: 'Phone', hideOnMobile: true, render: (c) => c.phone ?? '' },
  { id: 'language', label: 'Language', hideOnMobile: true, render: (c) => languageName(c.language) },
  {
    id: 'country',
    label: 'Country',
    hideOnMobile: true,
    render: (c) => {
      const code = c.billing_address?.country;
      return code ? (countryName(code) ?? code.toUpperCase()) : '';
    },
  },
  {
    id: 'created_at',
    label: 'Created',
    sortKey: 'created_at',
    render: (c) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDate(c.created_at)}</Box>,
  },
];

export function CustomersPage() {
  const state = useListState();
  const company = useCompanyId();
  const customers = useCustomers(state);

  const languageFilter = (
    <TextField
      select
      label="Language"
      value={state.filters.language ?? ''}
      onChange={(event) => state.setFilter('language', event.target.value || null)}
      sx={{ minWidth: 180 }}
      slotProps={{
        select: { displayEmpty: true },
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': customersIds.languageFilter },
      }}
    >
      <MenuItem value="">All languages</MenuItem>
      {LANGUAGE_CODES.map((code) => (
        <MenuItem key={code} value={code} data-value={code}>
          {languageName(code)}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Box data-testid={customersIds.listPage}>
      <PageHeader
        title="Customers"
        subtitle="Everyone who rents or subscribes with this company"
        actions={
          <NewButton to="/cms/customers/create" icon={<PersonAdd />} testId={customersIds.newCustomer}>
            New customer
          </NewButton>
        }
      />
      <DataList
        label="Customers"
        columns={columns}
        query={customers}
        state={state}
        getRowId={(c) => c.id}
        rowHref={(c) => `/cms/customers/${c.id}`}
        rowLabel={(c) => c.name}
        exportPath={`${paths.replica(company, 'customers')}/export`}
        toolbar={
          <>
            {languageFilter}
            {/* Insights' new-customers bars lead here with these set (the customers created in a month). */}
            <DateRangeFilter
              state={state}
              name="created"
              labels={['Created from', 'Created to']}
              width={180}
              testIds={[customersIds.createdFrom, customersIds.createdTo]}
            />
            {/* Insights' active-customers bars (this) and cohort grid (with the first order's days) lead here. */}
            <DateFilter
              state={state}
              name="subscribed_on"
              label="Subscribed on"
              width={180}
              testId={customersIds.subscribedOn}
            />
            <DateRangeFilter
              state={state}
              name="first_order"
              labels={['First order from', 'First order to']}
              width={180}
              testIds={[customersIds.firstOrderFrom, customersIds.firstOrderTo]}
            />
            <ShowArchivedSwitch state={state} />
          </>
        }
        emptyText={
          state.filters.archived === 'true' && Object.keys(state.filters).length === 1 && !state.search
            ? 'No archived customers.'
            : state.search || Object.keys(state.filters).length
              ? 'No customers match.'
              : 'No customers yet.'
        }
      />
      <Outlet />
    </Box>
  );
}
