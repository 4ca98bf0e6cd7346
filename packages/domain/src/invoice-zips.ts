/**
 * The ZIP of selected invoices' PDFs (spec 01 §7 `POST invoices/zip`, §8 "Preparing the download, you
 * will receive an email shortly." / "Failed to download invoices in bulk."). Staff select invoices; a
 * job zips their stored PDFs, keeps the archive for `INVOICE_ZIP_DAYS` and mails the requester a link
 * to it (`GET invoices/zip/{id}`, signed in, the company's staff only).
 */
import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/** How many invoices one download may hold: some 25 KB a PDF, so at most a ~13 MB archive. */
export const INVOICES_ZIP_LIMIT = 500;
/** How long an archive can be downloaded after it was asked for. */
export const INVOICE_ZIP_DAYS = 7;

/** `queued` until the job has stored the archive (`ready`), or gave up on it (`failed`). */
export const INVOICE_ZIP_STATES = ['queued', 'ready', 'failed'] as const;
export type InvoiceZipState = (typeof INVOICE_ZIP_STATES)[number];

/** POST invoices/zip: 1 to 500 invoice ids (the list's selection), duplicates folded, in the order given. */
export const invoicesZipSchema = z
  .object({
    ids: z
      .array(z.number().int().positive())
      .min(1)
      .max(INVOICES_ZIP_LIMIT, MESSAGES.invoicesZipLimit(INVOICES_ZIP_LIMIT)),
  })
  .transform((v) => ({ ids: [...new Set(v.ids)] }));

/** A download as POST invoices/zip answers it (202): the archive comes later, by mail. */
export const invoiceZipSchema = z.object({
  id: z.number().int(),
  status: z.enum(INVOICE_ZIP_STATES),
  invoice_count: z.number().int(),
  file_name: z.string(),
  /** After this instant the link answers 404 and the archive is deleted. */
  expires_at: z.string(),
  created_at: z.string(),
});
export type InvoiceZip = z.infer<typeof invoiceZipSchema>;
