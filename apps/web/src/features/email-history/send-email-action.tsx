/**
 * The one "Send email" dialog (`POST /api/{company}/email/send`, spec 01 §3 "Email payload"): staff
 * write a mail to a customer from the customer's or an order's screen, the recipient and a subject
 * prefilled from the record. The message is written as plain text and sent as HTML (paragraphs and
 * line breaks, every character escaped); the API cleans HTML again in any case (docs/decisions.md 65).
 * The answer says what happened: "Email sent." once the mail server took it, else "Failed to send
 * email." and why, kept in the dialog; Email History has the entry either way. Loaded when it opens.
 */
import type { EmailSendResult } from '@rentloop/domain/email';
import { MESSAGES } from '@rentloop/domain/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, unwrapAnswer } from '../../api/client.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import type { ActionDialogSpec } from '../../components/ActionDialog.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { emailEntriesKeys } from './hooks.ts';
import { sendEmailIds } from './testids.ts';

/** What the dialog starts from: the record's customer and a subject naming the record. */
export interface SendEmailPrefill {
  to: string;
  name: string;
  subject: string;
}

const schema = z.object({
  to: z.string().trim().min(1, MESSAGES.required),
  cc: z.string().trim(),
  bcc: z.string().trim(),
  subject: z.string().trim().min(1, MESSAGES.required).max(200),
  bodyHtml: z.string().trim().min(1, MESSAGES.required),
});
type Values = z.infer<typeof schema>;
interface Payload extends Omit<Values, 'cc' | 'bcc'> {
  cc: string | null;
  bcc: string | null;
}

const escapeText = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Plain text as mail HTML: a paragraph per blank-line block, a line break per line, all escaped. */
export function textToMailHtml(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((block) => `<p>${block.split('\n').map(escapeText).join('<br>')}</p>`)
    .join('\n');
}

/** The mutation: the mail, and Email History (and the customer's mails card) read again. */
export function useSendEmail(_id: number) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    onSettled: () => void queryClient.invalidateQueries({ queryKey: emailEntriesKeys.all }),
    mutationFn: async (payload: Payload) =>
      unwrapAnswer(await api.post<EmailSendResult>(`/api/${company}/email/send`, payload)),
  });
}

export function sendEmailSpec(
  prefill: SendEmailPrefill,
): ActionDialogSpec<Values, Values, Payload, { data: EmailSendResult; message: string }> {
  const field = (name: keyof Values, label: string, helperText?: string) => ({
    name,
    label,
    helperText,
    slotProps: { htmlInput: { 'data-testid': sendEmailIds.field(name) } },
  });
  return {
    title: `Send email to ${prefill.name}`,
    intro:
      'The mail goes out at once from your company’s sender (email settings) and is kept in Email History.',
    schema,
    defaults: { to: prefill.to, cc: '', bcc: '', subject: prefill.subject, bodyHtml: '' },
    useAction: useSendEmail,
    payload: (v) => ({ ...v, cc: v.cc || null, bcc: v.bcc || null, bodyHtml: textToMailHtml(v.bodyHtml) }),
    confirmLabel: 'Send',
    saved: MESSAGES.emailSent,
    failed: MESSAGES.emailSendFailed,
    preferFailed: true,
    maxWidth: 'sm',
    testIds: { dialog: sendEmailIds.dialog, confirm: sendEmailIds.confirm },
    fields: (control) => (
      <>
        <FormTextField
          control={control}
          {...field('to', 'To', 'Several addresses: separate them with commas.')}
        />
        <FormTextField control={control} {...field('cc', 'Cc')} />
        <FormTextField control={control} {...field('bcc', 'Bcc')} />
        <FormTextField control={control} {...field('subject', 'Subject')} />
        <FormTextField control={control} {...field('bodyHtml', 'Message')} multiline minRows={5} autoFocus />
      </>
    ),
  };
}
