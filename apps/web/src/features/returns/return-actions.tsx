/**
 * The return's steps (its transition table, `GET returns/{id}/actions`), each in the action dialog:
 * receive (the day it arrived, its condition), inspect (complete or what is missing, damaged or not),
 * close (what becomes of the unit), stolen or lost (it never came back).
 */
import MenuItem from '@mui/material/MenuItem';
import { MESSAGES } from '@rentloop/domain/messages';
import {
  RETURN_ACTION_LABELS,
  RETURN_CLOSE_OUTCOMES,
  type Return,
  type ReturnAction,
  type ReturnActionInput,
} from '@rentloop/domain/returns';
import { type Control, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormDateField } from '../../components/FormDateField.tsx';
import { FormSwitchField } from '../../components/FormSwitchField.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { statusLabel } from '../../components/StatusChip.tsx';
import { useActionDialog } from '../../components/use-action-dialog.tsx';
import { useRunReturnAction } from './hooks.ts';
import { returnsIds } from './testids.ts';

const text = z.string().transform((v) => (v.trim() === '' ? null : v.trim()));

const schema = z
  .object({
    received_on: z.string(),
    condition_note: text,
    complete: z.boolean(),
    missing: text,
    damaged: z.boolean(),
    damage: text,
    outcome: z.string(),
    note: text,
  })
  .superRefine((v, ctx) => {
    if (!v.complete && !v.missing)
      ctx.addIssue({ code: 'custom', path: ['missing'], message: MESSAGES.required });
    if (v.damaged && !v.damage)
      ctx.addIssue({ code: 'custom', path: ['damage'], message: MESSAGES.required });
  });
type Values = z.input<typeof schema>;
type Output = z.output<typeof schema>;

const OUTCOME_HELP: Record<(typeof RETURN_CLOSE_OUTCOMES)[number], string> = {
  'in stock': 'Rentable again',
  'to repair': 'Sent to repair (a repair case follows)',
  broken: 'Kept, not rentable',
  removed: 'Out of the fleet',
};

function payloadFor(action: ReturnAction, v: Output): ReturnActionInput {
  switch (action) {
    case 'receive':
      return { action, received_on: v.received_on || undefined, condition_note: v.condition_note };
    case 'inspect':
      return {
        action,
        complete: v.complete,
        missing: v.missing,
        damaged: v.damaged,
        damage: v.damage,
        note: v.note,
      };
    case 'close':
      return { action, outcome: v.outcome as (typeof RETURN_CLOSE_OUTCOMES)[number], note: v.note };
    case 'report_stolen':
      return { action, note: v.note };
  }
}

function InspectFields({ control }: { control: Control<Values, unknown, Output> }) {
  const complete = useWatch({ control, name: 'complete' });
  const damaged = useWatch({ control, name: 'damaged' });
  return (
    <>
      <FormSwitchField
        control={control}
        name="complete"
        label="Complete"
        testId={returnsIds.input('complete')}
      />
      {!complete && (
        <FormTextField
          control={control}
          name="missing"
          label="What is missing"
          required
          autoFocus
          slotProps={{ htmlInput: { 'data-testid': returnsIds.input('missing'), maxLength: 1000 } }}
        />
      )}
      <FormSwitchField
        control={control}
        name="damaged"
        label="Damaged"
        testId={returnsIds.input('damaged')}
      />
      {damaged && (
        <FormTextField
          control={control}
          name="damage"
          label="What is damaged"
          required
          slotProps={{ htmlInput: { 'data-testid': returnsIds.input('damage'), maxLength: 1000 } }}
        />
      )}
    </>
  );
}

export function useReturnActionDialog() {
  const openReturnAction = useActionDialog((ret: Return, action: ReturnAction) => ({
    title: action === 'close' ? 'Close the return' : RETURN_ACTION_LABELS[action],
    intro:
      action === 'report_stolen'
        ? `${ret.serial_number} did not come back: the asset becomes stolen and its subscription lost/stolen.`
        : `Return #${ret.id} · ${ret.serial_number}: ${statusLabel(ret.status)}.`,
    schema,
    defaults: {
      received_on: '',
      condition_note: '',
      complete: true,
      missing: '',
      damaged: false,
      damage: '',
      outcome: 'in stock',
      note: '',
    },
    useAction: useRunReturnAction,
    id: ret.id,
    payload: (v: Output) => payloadFor(action, v),
    confirmLabel: action === 'close' ? 'Close return' : RETURN_ACTION_LABELS[action],
    color: action === 'report_stolen' ? ('error' as const) : ('primary' as const),
    saved: MESSAGES.returnUpdated,
    failed: MESSAGES.returnUpdateFailed,
    maxWidth: 'xs' as const,
    testIds: {
      dialog: returnsIds.actionDialog,
      confirm: returnsIds.actionConfirm,
      cancel: returnsIds.actionCancel,
    },
    fields: (control: Control<Values, unknown, Output>) => (
      <>
        {action === 'receive' && (
          <>
            <FormDateField
              control={control}
              name="received_on"
              label="Received on"
              helperText="Empty: today"
              testId={returnsIds.input('received_on')}
            />
            <FormTextField
              control={control}
              name="condition_note"
              label="Condition on arrival"
              multiline
              minRows={2}
              autoFocus
              slotProps={{
                htmlInput: { 'data-testid': returnsIds.input('condition_note'), maxLength: 2000 },
              }}
            />
          </>
        )}
        {action === 'inspect' && <InspectFields control={control} />}
        {action === 'close' && (
          <FormTextField
            control={control}
            name="outcome"
            select
            label="The unit goes"
            slotProps={{ htmlInput: { 'data-testid': returnsIds.input('outcome') } }}
          >
            {RETURN_CLOSE_OUTCOMES.map((o) => (
              <MenuItem key={o} value={o} data-value={o}>
                {`${statusLabel(o)}: ${OUTCOME_HELP[o]}`}
              </MenuItem>
            ))}
          </FormTextField>
        )}
        {action !== 'receive' && (
          <FormTextField
            control={control}
            name="note"
            label="Note"
            multiline
            minRows={2}
            slotProps={{ htmlInput: { 'data-testid': returnsIds.input('note'), maxLength: 2000 } }}
          />
        )}
      </>
    ),
  }));
  return { openReturnAction };
}
