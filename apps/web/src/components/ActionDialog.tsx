/**
 * The one dialog of an action that takes a reason, an amount or a short text, or only a confirmation:
 * cancel an order, end a subscription, add a tracking number, change the status of selected rows;
 * billing's charge, settle and refund next. A feature describes its action as an `ActionDialogSpec`
 * and opens it with `useActionDialog` (`use-action-dialog.tsx`; docs/web.md "Action dialogs"), so a
 * page wires each action in one line: `const { openCancelOrder } = useCancelOrderDialog();`.
 *
 * It is the edit dialogs' model applied to actions: the fields are react-hook-form on a zod schema
 * (`useAppForm`), the save is `useSubmit` (the success toast is the server's message or the caller's
 * `saved`, a failure the server's message or `failed`; a 422's `errors` land on the fields by field
 * name, the first of them focused; the rest above the fields) and the body is `DialogForm`. Loaded
 * lazily by the host when an action first opens, so no page's first load carries it.
 */

import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import type { Control, DefaultValues, FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { DialogForm } from './DialogForm.tsx';
import { DialogControlsProvider } from './RouteDialog.tsx';
import { actionDialogIds } from './testids.ts';
import { useAppForm } from './use-app-form.ts';
import { useSubmit } from './use-submit.ts';

export interface ActionDialogTestIds {
  /** The dialog (default `actionDialogIds.dialog`). */
  dialog?: string;
  /** The confirming button (default `actionDialogIds.confirm`). */
  confirm?: string;
  cancel?: string;
  /** The alert of a failure's messages that belong to no field. */
  problems?: string;
  /** The button that closes the outcome (default `actionDialogIds.done`). */
  done?: string;
}

/**
 * An action: its texts, its fields and the mutation that carries it out. `T` is the form's values (as
 * typed), `O` the schema's output, `V` the mutation's input, `R` its result.
 */
export interface ActionDialogSpec<T extends FieldValues = FieldValues, O = T, V = O, R = unknown> {
  title: ReactNode;
  /** A sentence above the fields (what the action does). */
  intro?: ReactNode;
  /** The fields' schema; none for a confirmation without fields. */
  schema?: z.ZodType<O, T>;
  /** The fields' starting values. */
  defaults?: DefaultValues<T>;
  /** The fields (`FormTextField`s on `control`; each shows its error from the schema or the server). */
  fields?: (control: Control<T, unknown, O>) => ReactNode;
  /**
   * The feature's mutation hook (from its hooks.ts, which invalidates the queries), called inside the
   * dialog with `id`: `useAction: useCancelOrder, id: order.id`. A hook itself, not a function calling
   * one, so the rules of hooks hold (and are checked by the linter).
   */
  useAction: (id: number) => UseMutationResult<R, Error, V, unknown>;
  /** The record the action is on, given to `useAction` (none for a hook without one). */
  id?: number;
  /** The mutation's input from the schema's output (default: the output itself). */
  payload?: (values: O) => V;
  confirmLabel: string;
  /** `error` for a destructive action. */
  color?: 'primary' | 'error';
  /** Default "Cancel"; "Back" when the confirming button says "Cancel order". */
  cancelLabel?: string;
  /** While true the confirming button is disabled (nothing chosen yet). */
  confirmDisabled?: (values: T) => boolean;
  /** The success toast when the server's answer has no message (spec messages); `false`: none. */
  saved?: string | false;
  /** The failure toast when the server's error has no message. */
  failed?: string;
  /** The toast says `failed` even when the server gives a message (which the dialog still shows). */
  preferFailed?: boolean;
  /** After a success and its toast. */
  onSaved?: (result: R, values: O) => void;
  /** What to show in the dialog after a success instead of closing (a bulk action's result per row). */
  outcome?: (result: R) => ReactNode;
  /** The button that closes the outcome (default "Done"). */
  doneLabel?: string;
  /** When the dialog has closed; `saved`: the action ran. */
  onClosed?: (saved: boolean) => void;
  maxWidth?: 'xs' | 'sm';
  testIds?: ActionDialogTestIds;
}

/** A spec of any action, as the host holds it (each feature's types are checked where it is written). */
export type AnyActionDialogSpec = ActionDialogSpec<FieldValues, unknown, unknown, unknown>;

const NO_FIELDS = z.object({});

export default function ActionDialog({
  spec,
  onExited,
}: {
  spec: AnyActionDialogSpec;
  onExited: () => void;
}) {
  const titleId = useId();
  const [open, setOpen] = useState(true);
  const [saved, setSaved] = useState(false);
  const [outcome, setOutcome] = useState<ReactNode>(null);
  const form = useAppForm<FieldValues, unknown, unknown>({
    resolver: zodResolver((spec.schema ?? NO_FIELDS) as z.ZodType<FieldValues, FieldValues>) as Resolver<
      FieldValues,
      unknown,
      unknown
    >,
    defaultValues: spec.defaults,
  });
  const mutation = spec.useAction(spec.id ?? Number.NaN);
  const submit = useSubmit(form, mutation, {
    payload: spec.payload,
    saved: spec.saved,
    failed: spec.failed,
    preferFailed: spec.preferFailed,
    onSaved: (result, values) => {
      setSaved(true);
      spec.onSaved?.(result, values);
      const shown = spec.outcome?.(result);
      if (shown) setOutcome(shown);
      else setOpen(false);
    },
  });
  const close = () => {
    if (!mutation.isPending) setOpen(false);
  };
  const ids = spec.testIds ?? {};
  // Watched only when the spec asks, so other dialogs do not re-render on every keystroke.
  const blocked = spec.confirmDisabled ? spec.confirmDisabled(form.watch()) : false;

  return (
    <Dialog
      open={open}
      onClose={close}
      maxWidth={spec.maxWidth ?? 'sm'}
      fullWidth
      aria-labelledby={titleId}
      data-testid={ids.dialog ?? actionDialogIds.dialog}
      slotProps={{
        transition: {
          onExited: () => {
            spec.onClosed?.(saved);
            onExited();
          },
        },
      }}
    >
      <DialogTitle id={titleId}>{spec.title}</DialogTitle>
      <DialogControlsProvider value={{ close }}>
        {outcome ? (
          <>
            <DialogContent dividers>{outcome}</DialogContent>
            <DialogActions sx={{ px: 3, py: 2 }}>
              <Button variant="contained" onClick={close} data-testid={ids.done ?? actionDialogIds.done}>
                {spec.doneLabel ?? 'Done'}
              </Button>
            </DialogActions>
          </>
        ) : (
          <DialogForm
            {...submit}
            saveLabel={spec.confirmLabel}
            saveIcon={null}
            saveColor={spec.color}
            cancelLabel={spec.cancelLabel}
            saveDisabled={blocked}
            testIds={{
              form: actionDialogIds.form,
              problems: ids.problems ?? actionDialogIds.problems,
              cancel: ids.cancel ?? actionDialogIds.cancel,
              save: ids.confirm ?? actionDialogIds.confirm,
            }}
          >
            {spec.intro && <DialogContentText sx={{ mb: 2 }}>{spec.intro}</DialogContentText>}
            {spec.fields && (
              <Stack spacing={2} sx={{ pt: 1 }}>
                {spec.fields(form.control)}
              </Stack>
            )}
          </DialogForm>
        )}
      </DialogControlsProvider>
    </Dialog>
  );
}
