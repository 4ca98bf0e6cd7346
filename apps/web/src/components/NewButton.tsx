import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

/**
 * A list's "New ..." action: opens the create dialog's route (`to`), keeping the list's URL state
 * (search, page, filters) so closing the dialog returns to the list as it was.
 */
export function NewButton({
  to,
  icon = <Add />,
  testId,
  children,
}: {
  to: string;
  icon?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  const { search } = useLocation();
  return (
    <Button component={Link} to={`${to}${search}`} variant="contained" startIcon={icon} data-testid={testId}>
      {children}
    </Button>
  );
}
