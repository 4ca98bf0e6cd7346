/** The API's 409 "not set up" as a notice with the way to the settings section that configures the agency. */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { debtIds } from './testids.ts';

export const DEBT_SETTINGS_PATH = '/admin/settings?section=debt_collection';

export function NotConfigured({ message }: { message: string }) {
  return (
    <Alert severity="info" data-testid={debtIds.notConfigured} sx={{ mb: 2 }}>
      <AlertTitle>Debt collection is not set up</AlertTitle>
      {message}{' '}
      <Link component={RouterLink} to={DEBT_SETTINGS_PATH} data-testid={debtIds.settingsLink}>
        Open Settings, Debt collection
      </Link>{' '}
      (owners and admins).
    </Alert>
  );
}
