/**
 * The subscription page's actions that take input, each a hook returning its opener (`ActionDialog`,
 * docs/web.md "Action dialogs"): **End** asks why (a reason code, and a text the code "Other" needs)
 * and when: now, or when the minimum term ends (offered while the term runs; the dialog says until
 * when it runs and what ending earlier means) — `POST subscriptions/{id}/end {reason, reason_code, when}`.
 */
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { MESSAGES } from '@rentloop/domain/messages';
import {
  SUBSCRIPTION_END_REASON_LABELS,
  SUBSCRIPTION_END_REASONS,
  SUBSCRIPTION_END_TEXTS,
  type SubscriptionEndInput,
} from '@rentloop/domain/subscription-end';
import type { Subscription } from '@rentloop/domain/subscriptions';
import { type Control, useController } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../components/FormTextField.tsx';
import { useActionDialog } from '../../components/use-action-dialog.tsx';
import { formatDate } from '../../utils/dates.ts';
import { useEndSubscription } from './hooks.ts';
import { subscriptionsIds } from './testids.ts';

const endSchema = z
  .object({
    reason_code: z.enum(SUBSCRIPTION_END_REASONS, { error: MESSAGES.required }),
    reason: z.string().trim().max(500),
    when: z.enum(['now', 'end_of_term']),
  })
  .refine((v) => v.reason_code !== 'other' || v.reason !== '', {
    path: ['reason'],
    message: SUBSCRIPTION_END_TEXTS.otherNeedsText,
  });
type EndValues = z.input<typeof endSchema>;

/** Today in the browser, `YYYY-MM-DD` (the server decides on the company's day; this only picks the offer). */
const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

function WhenField({ control, termEnd }: { control: Control<EndValues, unknown, unknown>; termEnd: string }) {
  const { field, fieldState } = useController({ control, name: 'when' });
  return (
    <FormControl error={Boolean(fieldState.error)}>
      <FormLabel id="subscription-end-when">When</FormLabel>
      <RadioGroup
        aria-labelledby="subscription-end-when"
        name={field.name}
        value={field.value}
        onChange={(event) => field.onChange(event.target.value)}
        data-testid={subscriptionsIds.endWhen}
      >
        <FormControlLabel
          value="end_of_term"
          control={<Radio slotProps={{ input: { ref: field.ref } }} />}
          label={`At the end of the minimum term (${formatDate(termEnd)})`}
        />
        <FormControlLabel value="now" control={<Radio />} label="Now" />
      </RadioGroup>
      {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
    </FormControl>
  );
}

export function useEndSubscriptionDialog() {
  const openEndSubscription = useActionDialog((s: Subscription) => {
    const termRuns = s.minimum_term_end > localToday() && s.status !== 'ended';
    return {
      title: 'End subscription',
      intro: termRuns
        ? `The minimum term runs until ${formatDate(s.minimum_term_end)}. Ended at the end of the term, it runs and is billed until then; ended now, nothing more is billed from today.`
        : 'Nothing more is billed once it has ended.',
      schema: endSchema,
      defaults: {
        reason_code: undefined,
        reason: '',
        when: termRuns ? ('end_of_term' as const) : ('now' as const),
      },
      useAction: useEndSubscription,
      id: s.id,
      payload: (v: z.output<typeof endSchema>): SubscriptionEndInput => ({
        reason_code: v.reason_code,
        ...(v.reason ? { reason: v.reason } : {}),
        when: v.when,
      }),
      confirmLabel: 'End subscription',
      color: 'error' as const,
      saved: MESSAGES.subscriptionEnded,
      failed: MESSAGES.subscriptionEndFailed,
      maxWidth: 'sm' as const,
      testIds: { dialog: subscriptionsIds.endDialog, confirm: subscriptionsIds.endConfirm },
      fields: (control: Control<EndValues, unknown, z.output<typeof endSchema>>) => (
        <>
          <FormTextField
            control={control}
            name="reason_code"
            select
            label="Reason"
            autoFocus
            required
            slotProps={{ htmlInput: { 'data-testid': subscriptionsIds.endReasonCode } }}
          >
            {SUBSCRIPTION_END_REASONS.map((code) => (
              <MenuItem key={code} value={code} data-value={code}>
                {SUBSCRIPTION_END_REASON_LABELS[code]}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField
            control={control}
            name="reason"
            label="Details"
            helperText="Optional, except for “Other”."
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': subscriptionsIds.endReason } }}
          />
          {termRuns && (
            <WhenField
              control={control as Control<EndValues, unknown, unknown>}
              termEnd={s.minimum_term_end}
            />
          )}
        </>
      ),
    };
  });
  return { openEndSubscription };
}
