/**
 * The company's user at the agency (`GET debtist/user`): none yet (create one), or its name, email and
 * state with Enable / Disable (`PUT debtist/users/enable|disable`). Creating and switching are for
 * owners and admins (the API answers 403 to others).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { StatusChip } from '../../components/StatusChip.tsx';
import { notify } from '../../utils/notify.ts';
import { useCreateDebtUserDialog } from './debt-actions.tsx';
import { isNotConfigured, useDebtUser, useSetDebtUserEnabled } from './hooks.ts';
import { debtIds } from './testids.ts';

export function DebtUserPanel() {
  const user = useDebtUser();
  const toggle = useSetDebtUserEnabled();
  const { openCreateUser } = useCreateDebtUserDialog();
  if (isNotConfigured(user.error)) return null;
  const u = user.data;
  return (
    <Card sx={{ mb: 2 }} data-testid={debtIds.userPanel}>
      <CardHeader
        title="Debtist user"
        subheader="The company’s login to the agency’s portal"
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {user.isLoading ? (
          <Skeleton width={240} />
        ) : user.error ? (
          <Typography color="error" variant="body2">
            {user.error.message}
          </Typography>
        ) : !u ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary" data-testid={debtIds.userState}>
              No Debtist user yet.
            </Typography>
            <Button
              variant="outlined"
              size="small"
              onClick={() => openCreateUser()}
              data-testid={debtIds.userCreate}
            >
              Create Debtist user
            </Button>
          </Box>
        ) : (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {u.first_name} {u.last_name}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                {u.email}
              </Typography>
            </Box>
            <Box data-testid={debtIds.userState}>
              <StatusChip status={u.enabled ? 'enabled' : 'disabled'} />
            </Box>
            <Button
              variant="outlined"
              size="small"
              color={u.enabled ? 'error' : 'primary'}
              disabled={toggle.isPending}
              onClick={() =>
                toggle.mutate(!u.enabled, {
                  onSuccess: ({ message }) => notify.success(message),
                  onError: (error) => notify.error(error.message),
                })
              }
              data-testid={debtIds.userToggle}
            >
              {u.enabled ? 'Disable' : 'Enable'}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
