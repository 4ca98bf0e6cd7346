/**
 * "Download PDFs" on the selected invoices: `POST invoices/zip {ids}` (spec 01 §7). The server zips the
 * PDFs in a job and mails the user a link, so the success is its message as a toast, "Preparing the
 * download, you will receive an email shortly."; a failure's toast is the spec's "Failed to download
 * invoices in bulk.", the server's reason (an invoice not issued yet) kept in the dialog. The spec of an
 * `ActionDialog` (docs/web.md "Action dialogs"), loaded when the dialog opens: `invoice-list-actions.ts`.
 */
import type { InvoiceListRow } from '@rentloop/domain/invoices';
import { MESSAGES } from '@rentloop/domain/messages';
import { useZipInvoices } from './hooks.ts';
import { invoicesIds } from './testids.ts';

/** The dialog's spec; `clear` empties the list's selection once the ZIP is on its way. */
export function zipInvoicesSpec(rows: InvoiceListRow[], clear: () => void) {
  return {
    title:
      rows.length === 1 ? 'Download the PDF of 1 invoice' : `Download the PDFs of ${rows.length} invoices`,
    intro:
      'The PDFs are put in one ZIP file, named by invoice number. You receive an email with the link to it, valid for 7 days, when it is ready.',
    useAction: useZipInvoices,
    payload: () => ({ ids: rows.map((r) => r.id) }),
    confirmLabel: 'Download PDFs',
    failed: MESSAGES.invoicesZipFailed,
    preferFailed: true,
    onClosed: (saved: boolean) => {
      if (saved) clear();
    },
    testIds: { dialog: invoicesIds.zipDialog, confirm: invoicesIds.zipConfirm },
  };
}
