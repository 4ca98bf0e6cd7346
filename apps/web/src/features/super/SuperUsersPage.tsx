/** `/super/users`: every account on the platform (operators), with its companies; a row opens it. */

import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { GLOBAL_ROLES } from '@rentloop/domain/roles';
import { USER_STATUSES, type User } from '@rentloop/domain/users';
import { Outlet } from 'react-router';
import { type Column, DataList } from '../../components/DataList.tsx';
import { type ListStateControls, useListState } from '../../components/list-state.ts';
import { NewButton } from '../../components/NewButton.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { WrapText } from '../../components/WrapText.tsx';
import { formatDate } from '../../utils/dates.ts';
import { useUsers } from '../users/hooks.ts';
import { usersIds } from '../users/testids.ts';
import { RoleChip, roleLabel } from '../users/UserChips.tsx';
import { superUsersIds } from './testids.ts';

const STATUS_LABEL = { active: 'Active', invited: 'Invited', disabled: 'Disabled' } as const;

const columns: Column<User>[] = [
  {
    id: 'name',
    label: 'Name',
    sortKey: 'name',
    render: (u) => (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {u.name}
        </Typography>
        <RoleChip role={u.role} />
      </Box>
    ),
  },
  {
    id: 'email',
    label: 'Email',
    sortKey: 'email',
    render: (u) => <WrapText text={u.email} />,
  },
  {
    id: 'companies',
    label: 'Companies',
    hideOnMobile: true,
    render: (u) =>
      u.companies.length ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {u.companies.map((c) => (
            <Chip
              key={c.id}
              size="small"
              variant="outlined"
              label={`${c.name} · ${roleLabel(c.role)}`}
              data-testid={superUsersIds.membership}
            />
          ))}
        </Box>
      ) : (
        <Typography variant="body2" color="text.disabled">
          —
        </Typography>
      ),
  },
  {
    id: 'status',
    label: 'Status',
    render: (u) => <StatusChip status={u.status} testId={usersIds.statusChip} />,
  },
  {
    id: 'created_at',
    label: 'Created',
    sortKey: 'created_at',
    hideOnMobile: true,
    render: (u) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDate(u.created_at)}</Box>,
  },
];

function Filters({ state }: { state: ListStateControls }) {
  return (
    <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
      <TextField
        select
        label="Status"
        value={state.filters.status ?? ''}
        onChange={(event) => state.setFilter('status', event.target.value || null)}
        sx={{ minWidth: 150 }}
        slotProps={{
          select: { displayEmpty: true },
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': superUsersIds.statusFilter },
        }}
      >
        <MenuItem value="" data-testid={superUsersIds.statusFilterOption('all')}>
          All statuses
        </MenuItem>
        {USER_STATUSES.map((s) => (
          <MenuItem key={s} value={s} data-testid={superUsersIds.statusFilterOption(s)}>
            {STATUS_LABEL[s]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Operator role"
        value={state.filters.role ?? ''}
        onChange={(event) => state.setFilter('role', event.target.value || null)}
        sx={{ minWidth: 170 }}
        slotProps={{
          select: { displayEmpty: true },
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': superUsersIds.roleFilter },
        }}
      >
        <MenuItem value="">Everyone</MenuItem>
        {GLOBAL_ROLES.map((r) => (
          <MenuItem key={r} value={r} data-value={r}>
            {roleLabel(r)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}

export function SuperUsersPage() {
  const state = useListState();
  const users = useUsers(state);
  return (
    <Box data-testid={superUsersIds.listPage}>
      <PageHeader
        title="Users"
        subtitle="Every account on the platform, with its companies"
        actions={
          <NewButton to="/super/users/create" icon={<PersonAddAlt1Outlined />} testId={superUsersIds.newUser}>
            New user
          </NewButton>
        }
      />
      <DataList
        label="Users"
        columns={columns}
        query={users}
        state={state}
        getRowId={(u) => u.id}
        rowHref={(u) => `/super/users/${u.id}`}
        rowLabel={(u) => u.name}
        exportPath="/api/auth/users/export"
        toolbar={<Filters state={state} />}
        emptyText={state.search || Object.keys(state.filters).length ? 'No users match.' : 'No users yet.'}
      />
      <Outlet />
    </Box>
  );
}
