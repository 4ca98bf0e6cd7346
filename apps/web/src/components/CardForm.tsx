/**
 * A form in a card of a detail or settings page (the profile's details and password, an operator's
 * user, a company's details): title, fields one under the other, and its save button below them.
 */
import Save from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import type { FormEventHandler, ReactNode } from 'react';
import { useUnsavedChanges } from './unsaved-changes.tsx';

export function CardForm({
  title,
  subheader,
  onSubmit,
  saving,
  saveLabel,
  saveIcon = <Save />,
  saveDisabled,
  isDirty,
  testIds,
  before,
  children,
}: {
  title: ReactNode;
  subheader?: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  saveLabel: ReactNode;
  saveIcon?: ReactNode;
  /** Save waits (nothing changed yet). */
  saveDisabled?: boolean;
  /** Whether the form has unsaved changes (from `useSubmit`): leaving the page asks first. */
  isDirty?: () => boolean;
  testIds: { form: string; save: string };
  /** Inside the form, before the fields (a hidden username for password managers). */
  before?: ReactNode;
  children: ReactNode;
}) {
  useUnsavedChanges(isDirty);
  return (
    <Card>
      <CardHeader title={title} subheader={subheader} slotProps={{ title: { variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Box component="form" noValidate onSubmit={onSubmit} data-testid={testIds.form}>
          {before}
          <Stack spacing={2}>
            {children}
            <Box>
              <Button
                type="submit"
                variant="contained"
                startIcon={saveIcon}
                loading={saving}
                loadingPosition="start"
                disabled={saveDisabled}
                data-testid={testIds.save}
              >
                {saveLabel}
              </Button>
            </Box>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
