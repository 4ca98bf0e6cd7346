/** How a user's role and company functions look wherever users are listed (the status: StatusChip). */

import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { CompanyRole, GlobalRole } from '@rentloop/domain/roles';
import { ROLE_LABELS } from '../../components/role-labels.ts';
import { usersIds } from './testids.ts';

const ROLE_COLOR: Record<CompanyRole | GlobalRole, 'primary' | 'secondary' | 'default' | 'info'> = {
  owner: 'primary',
  admin: 'secondary',
  user: 'default',
  'super-admin': 'info',
  'support-user': 'info',
};

export const roleLabel = (role: CompanyRole | GlobalRole) => ROLE_LABELS[role];

export function RoleChip({ role }: { role: CompanyRole | GlobalRole | null }) {
  if (!role) return null;
  return (
    <Chip
      size="small"
      label={ROLE_LABELS[role]}
      color={ROLE_COLOR[role]}
      variant={role === 'user' ? 'outlined' : 'filled'}
      data-testid={usersIds.roleChip}
      data-role={role}
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
