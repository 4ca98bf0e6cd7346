/**
 * `/admin/users`: the users of the current company with their role, functions and status, and its
 * pending invitations (only what was typed when inviting). Owners, admins and operators change roles,
 * remove a user from the company (or withdraw an invitation) and send the invitation again.
 */

import MailOutline from '@mui/icons-material/MailOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import PersonAdd from '@mui/icons-material/PersonAdd';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@rentloop/domain/messages';
import { COMPANY_ROLES, type CompanyRole } from '@rentloop/domain/roles';
import type { CompanyUser } from '@rentloop/domain/users';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { useCompanyId, useCurrentCompany } from '../../app/current-company.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { type Column, DataList } from '../../components/DataList.tsx';
import { LazyMenu as Menu } from '../../components/lazy-popups.tsx';
import { useListState } from '../../components/list-state.ts';
import { NewButton } from '../../components/NewButton.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { WrapText } from '../../components/WrapText.tsx';
import { notify } from '../../utils/notify.ts';
import { useAssignRole, useCompanyUsers, useRemoveCompanyUser, useSendInvitation } from './hooks.ts';
import { usersIds } from './testids.ts';
import { FunctionChips, RoleChip, roleLabel } from './UserChips.tsx';

/** Only owners (and operators) may appoint owners or change an owner's role (the server checks too). */
function useMayGrantOwner() {
  const { flags } = useCurrentCompany();
  return flags.isOwner || flags.isSuper || flags.isSupport;
}

/**
 * Removing a user from the company (or withdrawing their invitation), after asking. It uses the DELETE
 * call, whose answer says what happened, rather than `role: null`, whose text the spec fixes as "Deleted
 * role from user.".
 */
function useRemoveFromCompany() {
  const remove = useRemoveCompanyUser();
  const [user, setUser] = useState<CompanyUser | null>(null);
  const { company } = useCurrentCompany();
  const confirm = () => {
    if (!user) return;
    const withdrawing = user.status === 'invited';
    remove.mutate(user.id, {
      onSuccess: ({ message }) => {
        notify.success(message || (withdrawing ? MESSAGES.invitationWithdrawn : MESSAGES.removedFromCompany));
        setUser(null);
      },
      onError: (error) => notify.error(error.message || MESSAGES.requestNotSuccessful),
    });
  };
  const dialog = (
    <ConfirmDialog
      open={user !== null}
      title="Remove from the company?"
      confirmLabel="Remove"
      busy={remove.isPending}
      onConfirm={confirm}
      onClose={() => setUser(null)}
    >
      {user &&
        (user.status === 'invited' ? (
          // A pending invitation (or an account that never signed in): there is no access to lose.
          <>
            The invitation of <strong>{user.name}</strong> ({user.email}) to {company?.name} is withdrawn:
            they do not join.
          </>
        ) : (
          <>
            <strong>{user.name}</strong> ({user.email}) loses access to {company?.name}. The account itself
            stays, with any other companies it belongs to.
          </>
        ))}
    </ConfirmDialog>
  );
  return { openRemove: setUser, removeDialog: dialog };
}

function RowActions({ user, onRemove }: { user: CompanyUser; onRemove: (user: CompanyUser) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const assign = useAssignRole();
  const invite = useSendInvitation();
  const mayGrantOwner = useMayGrantOwner();
  const close = () => setAnchor(null);

  const setRole = (role: CompanyRole) => {
    close();
    assign.mutate(
      { email: user.email, role },
      {
        // A pending invitation is sent again with the role: refused by the mail server, or without mail
        // configured, the server says so.
        onSuccess: ({ data, message }) =>
          data?.invitation === 'failed'
            ? notify.error(message)
            : data?.invitation === 'not_sent'
              ? notify.info(message)
              : notify.success(message || MESSAGES.roleAssigned(role)),
        onError: (error) => notify.error(error.message || MESSAGES.roleAssignFailed),
      },
    );
  };
  const resend = () => {
    close();
    invite.mutate(user.id, {
      // Without mail configured the server says so: that is information, not success. Refused by the
      // mail server: an error, with its words.
      onSuccess: ({ data, message }) =>
        data.status === 'sent' ? notify.success(message) : notify.info(message),
      onError: (error) => notify.error(error.message),
    });
  };

  return (
    <>
      <IconButton
        aria-label={`Actions for ${user.name}`}
        onClick={(event) => {
          event.stopPropagation();
          setAnchor(event.currentTarget);
        }}
        disabled={assign.isPending || invite.isPending}
        data-testid={usersIds.rowActions(user.id)}
      >
        <MoreVert />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        data-testid={usersIds.actionsMenu}
      >
        {COMPANY_ROLES.map((role) => (
          <MenuItem
            key={role}
            onClick={() => setRole(role)}
            disabled={
              role === user.company_role ||
              ((role === 'owner' || user.company_role === 'owner') && !mayGrantOwner)
            }
            data-testid={usersIds.setRole(role)}
          >
            <ListItemIcon>
              <ShieldOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText
              primary={
                role === user.company_role ? `${roleLabel(role)} (current)` : `Make ${roleLabel(role)}`
              }
            />
          </MenuItem>
        ))}
        <Divider />
        {user.status === 'invited' && (
          <MenuItem onClick={resend} data-testid={usersIds.resendInvitation}>
            <ListItemIcon>
              <MailOutline fontSize="small" />
            </ListItemIcon>
            <ListItemText primary="Send the invitation again" />
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            close();
            onRemove(user);
          }}
          disabled={user.company_role === 'owner' && !mayGrantOwner}
          data-testid={usersIds.remove}
          sx={{ color: 'error.main' }}
        >
          <ListItemIcon sx={{ color: 'inherit' }}>
            <PersonRemoveOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText primary="Remove from company" />
        </MenuItem>
      </Menu>
    </>
  );
}

export function UsersPage() {
  const state = useListState();
  const companyId = useCompanyId();
  const users = useCompanyUsers(state);
  const { company } = useCurrentCompany();
  const { openRemove, removeDialog } = useRemoveFromCompany();

  const columns: Column<CompanyUser>[] = [
    {
      id: 'name',
      label: 'Name',
      sortKey: 'name',
      render: (u) => (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {u.name}
        </Typography>
      ),
    },
    { id: 'email', label: 'Email', sortKey: 'email', render: (u) => <WrapText text={u.email} /> },
    { id: 'role', label: 'Role', render: (u) => <RoleChip role={u.company_role} /> },
    {
      id: 'functions',
      label: 'Functions',
      hideOnMobile: true,
      render: (u) => <FunctionChips functions={u.company_functions} />,
    },
    {
      id: 'status',
      label: 'Status',
      render: (u) => <StatusChip status={u.status} testId={usersIds.statusChip} />,
    },
    {
      id: 'actions',
      label: 'Actions',
      hideLabel: true,
      align: 'right',
      width: 64,
      render: (u) => <RowActions user={u} onRemove={openRemove} />,
    },
  ];

  const roleFilter = (
    <TextField
      select
      label="Role"
      value={state.filters.role ?? ''}
      onChange={(event) => state.setFilter('role', event.target.value || null)}
      sx={{ minWidth: 160 }}
      slotProps={{
        select: { displayEmpty: true },
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': usersIds.roleFilter },
      }}
    >
      <MenuItem value="">All roles</MenuItem>
      {COMPANY_ROLES.map((role) => (
        <MenuItem key={role} value={role} data-value={role}>
          {roleLabel(role)}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Box data-testid={usersIds.listPage}>
      <PageHeader
        title="Users"
        subtitle={company ? `Who works in ${company.name}, and what they may do` : undefined}
        actions={
          <NewButton to="/admin/users/create" icon={<PersonAdd />} testId={usersIds.newUser}>
            Invite user
          </NewButton>
        }
      />
      <DataList
        label="Users"
        columns={columns}
        query={users}
        state={state}
        getRowId={(u) => u.id}
        rowLabel={(u) => u.name}
        exportPath={`/api/auth/${companyId}/users/export`}
        toolbar={roleFilter}
        emptyText={state.search || Object.keys(state.filters).length ? 'No users match.' : 'No users yet.'}
      />
      {removeDialog}
      <Outlet />
    </Box>
  );
}
