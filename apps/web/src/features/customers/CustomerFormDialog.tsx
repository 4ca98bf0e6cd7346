/** The body of the create and edit dialogs: the fields, a form-level alert, Cancel and Save. */
import Save from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import type { FormEventHandler } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useRouteDialog } from '../../components/RouteDialog.tsx';
import { CustomerFields } from './CustomerFields.tsx';
import type { CustomerFormOutput, CustomerFormValues } from './customer-form.ts';
import { customersIds } from './testids.ts';

export interface CustomerFormBodyProps {
  form: UseFormReturn<CustomerFormValues, unknown, CustomerFormOutput>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  /** Server problems that belong to no field of the form. */
  problems: string[];
  saveLabel: string;
}

export function CustomerFormBody({ form, onSubmit, saving, problems, saveLabel }: CustomerFormBodyProps) {
  const { close } = useRouteDialog();
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      data-testid={customersIds.form}
      // Keeps the dialog's title and buttons in place while the fields scroll.
      style={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
    >
      <DialogContent dividers>
        {problems.length > 0 && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid={customersIds.formError}>
            {problems.map((problem) => (
              <div key={problem}>{problem}</div>
            ))}
          </Alert>
        )}
        <CustomerFields form={form} />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={() => close()} disabled={saving} data-testid={customersIds.cancel}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          startIcon={<Save />}
          loading={saving}
          loadingPosition="start"
          data-testid={customersIds.save}
        >
          {saveLabel}
        </Button>
      </DialogActions>
    </form>
  );
}
