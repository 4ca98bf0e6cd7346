/** How a user's role, status and company functions look wherever users are listed. */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { CompanyRole, GlobalRole } from '@rentloop/domain/roles';
import type { User } from '@rentloop/domain/users';
import { usersIds } from './testids.ts';

const ROLE_LABEL: Record<CompanyRole | GlobalRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  user: 'User',
  'super-admin': 'Super admin',
  'support-user': 'Support user',
};

const ROLE_COLOR: Record<CompanyRole | GlobalRole, 'primary' | 'secondary' | 'default' | 'info'> = {
  owner: 'primary',
  admin: 'secondary',
  user: 'default',
  'super-admin': 'info',
  'support-user': 'info',
};

export const roleLabel = (role: CompanyRole | GlobalRole) => ROLE_LABEL[role];

export function RoleChip({ role }: { role: CompanyRole | GlobalRole | null }) {
  if (!role) return null;
  return (
    <Chip
      size="small"
      label={ROLE_LABEL[role]}
      color={ROLE_COLOR[role]}
      variant={role === 'user' ? 'outlined' : 'filled'}
      data-testid={usersIds.roleChip}
      data-role={role}
      sx={{ fontWeight: 600 }}
    />
  );
}

const STATUS: Record<User['status'], { label: string; color: 'success' | 'warning' | 'error' }> = {
  active: { label: 'Active', color: 'success' },
  // An invitation not accepted yet: a company sees only what its admin typed (docs/security.md).
  invited: { label: 'Invitation pending', color: 'warning' },
  disabled: { label: 'Disabled', color: 'error' },
};

export function UserStatusChip({ status }: { status: User['status'] }) {
  const { label, color } = STATUS[status];
  return (
    <Chip
      size="small"
      variant="outlined"
      label={label}
      color={color}
      data-testid={usersIds.statusChip}
      data-status={status}
      sx={{ fontWeight: 600 }}
    />
  );
}

export function FunctionChips({ functions }: { functions: string[] }) {
  if (functions.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {functions.map((f) => (
        <Chip key={f} size="small" label={f} data-testid={usersIds.functionChip} />
      ))}
    </Box>
  );
}
