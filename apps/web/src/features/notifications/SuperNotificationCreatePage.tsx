/**
 * `/super/notifications-create` (operators): a platform notification for everyone: title, description,
 * message, type (its colour), and optionally a download link or a "Go to" button to a record's screen.
 * Open browsers show it at once (the push channel).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Send from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import { MESSAGES } from '@rentloop/domain/messages';
import {
  downloadLinkInputSchema,
  NOTIFICATION_TYPES,
  type NotificationInput,
  redirectInputSchema,
} from '@rentloop/domain/notifications';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { CardForm } from '../../components/CardForm.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useAppForm } from '../../components/use-app-form.ts';
import { useSubmit } from '../../components/use-submit.ts';
import { useCreatePlatformNotification } from './hooks.ts';
import { superNotificationIds } from './testids.ts';

const INPUT_KINDS = { none: 'None', 'download-link': 'Download link', redirect: 'Go to a record' } as const;

const formSchema = z
  .object({
    title: z.string().trim().min(1, MESSAGES.required).max(120),
    description: z.string().trim().max(500),
    message: z.string().trim().max(5000),
    type: z.enum(NOTIFICATION_TYPES),
    input_kind: z.enum(['none', 'download-link', 'redirect']),
    href: z.string().trim(),
    link_text: z.string().trim().max(80),
    destination: z.string().trim(),
    record_id: z.string().trim(),
  })
  .superRefine((v, ctx) => {
    if (v.input_kind === 'download-link') {
      const parsed = downloadLinkInputSchema.shape.href.safeParse(v.href);
      if (!parsed.success)
        ctx.addIssue({ code: 'custom', path: ['href'], message: parsed.error.issues[0]!.message });
    }
    if (v.input_kind === 'redirect') {
      const destination = redirectInputSchema.shape.destination.safeParse(v.destination);
      if (!destination.success)
        ctx.addIssue({
          code: 'custom',
          path: ['destination'],
          message: destination.error.issues[0]!.message,
        });
      if (!/^[1-9]\d*$/.test(v.record_id))
        ctx.addIssue({ code: 'custom', path: ['record_id'], message: 'A record id is a positive number.' });
    }
  });
type FormValues = z.infer<typeof formSchema>;

function toInput(v: FormValues): NotificationInput {
  const base = { title: v.title, description: v.description, message: v.message, type: v.type };
  if (v.input_kind === 'download-link')
    return {
      ...base,
      input: { type: 'download-link', href: v.href, ...(v.link_text ? { text: v.link_text } : {}) },
    };
  if (v.input_kind === 'redirect')
    return { ...base, input: { type: 'redirect', destination: v.destination, id: Number(v.record_id) } };
  return base;
}

export function SuperNotificationCreatePage() {
  const navigate = useNavigate();
  const form = useAppForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      title: '',
      description: '',
      message: '',
      type: 'info',
      input_kind: 'none',
      href: '',
      link_text: '',
      destination: '',
      record_id: '',
    },
  });
  const kind = form.watch('input_kind');
  const submit = useSubmit(form, useCreatePlatformNotification(), {
    payload: toInput,
    saved: 'Notification sent.',
    failed: MESSAGES.superNotificationCreateFailed,
    onSaved: () => navigate('/super/notifications'),
  });
  const { control } = form;
  return (
    <Box sx={{ maxWidth: 720 }}>
      <PageHeader title="New notification" subtitle="Every user of every company sees it at once." />
      <CardForm
        title="Notification"
        onSubmit={submit.onSubmit}
        saving={submit.saving}
        saveLabel="Send to everyone"
        saveIcon={<Send />}
        isDirty={submit.isDirty}
        testIds={{ form: superNotificationIds.form, save: superNotificationIds.save }}
      >
        <FormTextField control={control} name="title" label="Title" required fullWidth />
        <FormTextField
          control={control}
          name="description"
          label="Description"
          helperText="One line; the menu shows its first 50 characters."
          fullWidth
        />
        <FormTextField control={control} name="message" label="Message" multiline minRows={4} fullWidth />
        <FormTextField control={control} name="type" label="Type" select fullWidth>
          {NOTIFICATION_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {type[0]!.toUpperCase() + type.slice(1)}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField control={control} name="input_kind" label="Action" select fullWidth>
          {Object.entries(INPUT_KINDS).map(([value, label]) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </FormTextField>
        {kind === 'download-link' && (
          <>
            <FormTextField
              control={control}
              name="href"
              label="Link"
              helperText="https://… or a path of this site (/…)."
              required
              fullWidth
            />
            <FormTextField
              control={control}
              name="link_text"
              label="Button text"
              placeholder="Download"
              fullWidth
            />
          </>
        )}
        {kind === 'redirect' && (
          <>
            <FormTextField
              control={control}
              name="destination"
              label="Screen"
              helperText="The screen's name, like customers: the button opens /cms/customers/{id}."
              required
              fullWidth
            />
            <FormTextField control={control} name="record_id" label="Record id" required fullWidth />
          </>
        )}
      </CardForm>
    </Box>
  );
}
