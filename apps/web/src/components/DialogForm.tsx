/**
 * The body of every create and edit dialog and of every action dialog (`ActionDialog.tsx`): a form with
 * the fields, the problems of a failed save that belong to no field, Cancel (closes the dialog) and Save. Also `FormProblems`, that alert,
 * for forms outside dialogs, and `DialogRecord`, the loading and failure of the record an edit dialog edits.
 */
import Save from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Skeleton from '@mui/material/Skeleton';
import type { SxProps, Theme } from '@mui/material/styles';
import type { FormEventHandler, ReactNode } from 'react';
import { useRouteDialog } from './RouteDialog.tsx';
import { useUnsavedChanges } from './unsaved-changes.tsx';

/** A failed save's messages that no field shows. */
export function FormProblems({
  problems,
  testId,
  sx = { mb: 2 },
}: {
  problems: string[];
  testId?: string;
  sx?: SxProps<Theme>;
}) {
  if (problems.length === 0) return null;
  return (
    <Alert severity="error" sx={sx} data-testid={testId}>
      {problems.map((problem) => (
        <div key={problem}>{problem}</div>
      ))}
    </Alert>
  );
}

export interface DialogFormTestIds {
  form?: string;
  problems?: string;
  cancel?: string;
  save?: string;
}

export interface DialogFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  problems: string[];
  saveLabel: ReactNode;
  testIds?: DialogFormTestIds;
  /** Shown above the problems (a note about the record). */
  notice?: ReactNode;
  /** Shown on the left, Cancel and Save on the right (a Delete button). */
  secondaryAction?: ReactNode;
  /** The save button's icon (default: a disk; `null`: none, for an action's verb). */
  saveIcon?: ReactNode;
  /** `error` for a destructive action (cancelling an order, ending a subscription). */
  saveColor?: 'primary' | 'error';
  /** The cancel button's text (default "Cancel"; "Back" beside "Cancel order"). */
  cancelLabel?: ReactNode;
  /** Save waits (for the record's parts still loading). */
  saveDisabled?: boolean;
  /** Whether the form has unsaved changes (from `useSubmit`): closing or leaving asks first. */
  isDirty?: () => boolean;
  children: ReactNode;
}

export function DialogForm({
  onSubmit,
  saving,
  problems,
  saveLabel,
  testIds = {},
  notice,
  secondaryAction,
  saveIcon = <Save />,
  saveColor,
  cancelLabel = 'Cancel',
  saveDisabled,
  isDirty,
  children,
}: DialogFormProps) {
  const { close } = useRouteDialog();
  useUnsavedChanges(isDirty);
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      data-testid={testIds.form}
      // Keeps the dialog's title and buttons in place while the fields scroll.
      style={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
    >
      <DialogContent dividers>
        {notice}
        <FormProblems problems={problems} testId={testIds.problems} />
        {children}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        {secondaryAction && (
          <>
            {secondaryAction}
            <Box sx={{ flexGrow: 1 }} />
          </>
        )}
        <Button onClick={() => close()} disabled={saving} data-testid={testIds.cancel}>
          {cancelLabel}
        </Button>
        <Button
          type="submit"
          variant="contained"
          color={saveColor}
          startIcon={saveIcon}
          loading={saving}
          loadingPosition="start"
          disabled={saveDisabled}
          data-testid={testIds.save}
        >
          {saveLabel}
        </Button>
      </DialogActions>
    </form>
  );
}

/** An edit dialog's record: a skeleton while it loads, its error if it fails, else the form. */
export function DialogRecord<D>({
  query,
  height = 200,
  children,
}: {
  query: { data: D | undefined; error: Error | null };
  height?: number;
  children: (data: D) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  return (
    <DialogContent>
      {query.error ? (
        <Alert severity="error">{query.error.message}</Alert>
      ) : (
        <Skeleton variant="rounded" height={height} />
      )}
    </DialogContent>
  );
}
