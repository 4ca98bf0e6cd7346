/** `/super/companies/create`: the company form as a dialog over the company list. */
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { useLocation } from 'react-router';
import { RouteDialog, useRouteDialog } from '../../components/RouteDialog.tsx';
import { CompanyCreate } from './CompanyCreate.tsx';
import { companyAdminIds } from './testids.ts';

function Flow() {
  const { close } = useRouteDialog();
  return (
    <CompanyCreate
      onLeave={close}
      layout={({ body, actions }) => (
        <>
          <DialogContent dividers>{body}</DialogContent>
          <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>{actions}</DialogActions>
        </>
      )}
    />
  );
}

export function CompanyCreateDialog() {
  const { search } = useLocation();
  return (
    <RouteDialog
      title="New company"
      closeTo={`/super/companies${search}`}
      maxWidth="sm"
      testId={companyAdminIds.createDialog}
    >
      <Flow />
    </RouteDialog>
  );
}
