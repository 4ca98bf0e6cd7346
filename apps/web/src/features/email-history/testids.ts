export const emailHistoryIds = {
  page: 'email-history-page',
  statusFilter: 'email-history-status-filter',
  statusOption: (status: string) => `email-status-option-${status}`,
  statusChip: 'email-status-chip',
  dialog: 'email-entry-dialog',
  dialogSubject: 'email-entry-subject',
  dialogTo: 'email-entry-to',
  dialogError: 'email-entry-error',
  dialogBody: 'email-entry-body',
  dialogClose: 'email-entry-close',
  attachments: 'email-entry-attachments',
  attachment: (invoiceId: number) => `email-entry-attachment-${invoiceId}`,
  attachmentCount: 'email-entry-attachment-count',
} as const;

/**
 * The "Send email" dialog (send-email-action.tsx), opened from the customer, order, subscription and
 * payment screens; `record`: the record's own template mail (use-send-record-mail.ts).
 */
export const sendEmailIds = {
  open: 'send-email-open',
  /** "Send anyway?" after a record mail held back (use-send-record-mail.ts). */
  anywayDialog: 'send-anyway-dialog',
  anywayConfirm: 'send-anyway-confirm',
  record: 'send-record-mail',
  dialog: 'send-email-dialog',
  field: (name: string) => `send-email-${name}`,
  confirm: 'send-email-confirm',
} as const;
