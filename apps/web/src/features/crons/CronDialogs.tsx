/** `/super/cron/create` and `/super/cron/{id}/edit`: a cron's expression and time zone. */
import { zodResolver } from '@hookform/resolvers/zod';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { type Cron, cronInputSchema, cronUpdateSchema } from '@rentloop/domain/crons';
import { MESSAGES } from '@rentloop/domain/messages';
import type { Control } from 'react-hook-form';
import { useParams } from 'react-router';
import { DialogForm, DialogRecord } from '../../components/DialogForm.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { RouteDialog, useRouteDialog } from '../../components/RouteDialog.tsx';
import { useAppForm } from '../../components/use-app-form.ts';
import { useSubmit } from '../../components/use-submit.ts';
import { useCreateCron, useCrons, useUpdateCron } from './hooks.ts';
import { cronFormIds, cronsIds } from './testids.ts';

interface ScheduleValues {
  cron: string;
  timezone: string;
}

function ScheduleFields({
  control,
}: {
  control: Control<ScheduleValues & { name?: string }, unknown, never>;
}) {
  return (
    <>
      <FormTextField
        control={control}
        name="cron"
        label="Cron expression"
        helperText="Minute hour day month weekday, like 17 3 * * * (every day at 03:17)."
        required
        fullWidth
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
      />
      <FormTextField
        control={control}
        name="timezone"
        label="Time zone"
        helperText="An IANA time zone, like UTC or Europe/Berlin."
        required
        fullWidth
      />
    </>
  );
}

function CreateForm({ available }: { available: string[] }) {
  const { close } = useRouteDialog();
  const form = useAppForm({
    resolver: zodResolver(cronInputSchema),
    defaultValues: { name: available[0] ?? '', cron: '', timezone: 'UTC', enabled: true },
  });
  const submit = useSubmit(form, useCreateCron(), {
    failed: MESSAGES.cronCreateFailed,
    // Spec 01 §4 and §8: a cron's create and update end in a success or a warning toast.
    failedAs: 'warning',
    onSaved: () => close(),
  });
  return (
    <DialogForm {...submit} saveLabel="Create" testIds={cronFormIds}>
      <Stack spacing={2}>
        <FormTextField control={form.control} name="name" label="Job" select required fullWidth>
          {available.map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </FormTextField>
        <ScheduleFields control={form.control as never} />
      </Stack>
    </DialogForm>
  );
}

export function CronCreateDialog() {
  const crons = useCrons();
  return (
    <RouteDialog title="New cron" closeTo="/super/cron" maxWidth="sm" testId={cronsIds.createDialog}>
      <DialogRecord query={crons} height={200}>
        {(list) => <CreateForm available={list.available_jobs} />}
      </DialogRecord>
    </RouteDialog>
  );
}

function EditForm({ cron }: { cron: Cron }) {
  const { close } = useRouteDialog();
  const form = useAppForm({
    resolver: zodResolver(cronUpdateSchema),
    defaultValues: { cron: cron.cron, timezone: cron.timezone },
  });
  const submit = useSubmit(form, useUpdateCron(cron.id), {
    failed: MESSAGES.cronUpdateFailed,
    // Spec 01 §4 and §8: a cron's create and update end in a success or a warning toast.
    failedAs: 'warning',
    onSaved: () => close(),
  });
  return (
    <DialogForm {...submit} saveLabel="Save" testIds={cronFormIds}>
      <Stack spacing={2}>
        <ScheduleFields control={form.control as never} />
      </Stack>
    </DialogForm>
  );
}

export function CronEditDialog() {
  const id = Number(useParams().id);
  const crons = useCrons();
  const cron = crons.data?.crons.find((c) => c.id === id);
  return (
    <RouteDialog
      title={cron ? `Edit ${cron.name}` : 'Edit cron'}
      closeTo="/super/cron"
      maxWidth="sm"
      testId={cronsIds.editDialog}
    >
      <DialogRecord query={crons} height={200}>
        {(list) => {
          const found = list.crons.find((c) => c.id === id);
          return found ? <EditForm cron={found} /> : <>This cron does not exist.</>;
        }}
      </DialogRecord>
    </RouteDialog>
  );
}
