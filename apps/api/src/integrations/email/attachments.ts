/**
 * The files a mail carries (docs/decisions.md 71). A mail names them by reference (`MailAttachment`:
 * `{kind: 'invoice_pdf', invoice_id, filename}`), the outbox entry keeps the reference (email_entries
 * `attachments`), and the bytes are made only when the mail is handed to the SMTP server, by the
 * `email-send` job and by a mail sent while a person waits alike (mailer.ts, send-now.ts): no copy of
 * a file sits in the outbox or the job queue.
 *
 * An invoice's PDF is the stored one (invoice_documents), or, when its job has not run yet, rendered
 * and stored then, as the ZIP of invoices does (modules/invoices/pdf-job.ts). One that cannot be made
 * (the invoice gone, not issued, or not the mail's company's) is never dropped silently: the mail is
 * not sent, and its entry says which file was missing.
 */
import type { MailAttachment } from '@rentloop/domain/email';
import { type InvoicePdfAccess, invoicePdfBytes } from '../../modules/invoices/pdf-job.ts';

/** A file as nodemailer takes it. */
export interface MailFile {
  filename: string;
  content: Buffer;
  contentType: string;
}

export const ATTACHMENT_TEXTS = {
  missing: (filename: string) =>
    `The attachment ${filename} could not be made (the invoice is not issued or no longer there): the mail was not sent.`,
  failed: (words: string) => `The attachments could not be made: ${words}`,
} as const;

/** What became of a mail's attachments: every file, or why one is missing. */
export type MadeFiles = { files: MailFile[] } | { missing: string };

/**
 * The bytes of `refs` of a mail of company `companyId` (none for platform mail, which carries no
 * invoice). Throws what the database or the PDF renderer throws (a delivery error, retried by the job).
 */
export async function makeAttachments(
  access: InvoicePdfAccess,
  companyId: number | null,
  refs: readonly MailAttachment[] | null | undefined,
): Promise<MadeFiles> {
  const files: MailFile[] = [];
  for (const ref of refs ?? []) {
    const pdf = companyId === null ? null : await invoicePdfBytes(access, ref.invoice_id, companyId);
    if (!pdf) return { missing: ATTACHMENT_TEXTS.missing(ref.filename) };
    files.push({ filename: ref.filename, content: pdf, contentType: 'application/pdf' });
  }
  return { files };
}
