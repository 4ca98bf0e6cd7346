/**
 * The invoices list's actions on the selected rows; their dialogs load when opened, not with the list
 * (the ZIP's spec brings the message catalogue, ~6 kB gzip, which the list itself does not need).
 */
import type { InvoiceListRow } from '@rentloop/domain/invoices';
import { useActionDialog } from '../../components/use-action-dialog.tsx';

/** "Download PDFs": `openZipInvoices(rows, clear)`; the selection is cleared once the ZIP is on its way. */
export function useZipInvoicesDialog() {
  const openZipInvoices = useActionDialog((rows: InvoiceListRow[], clear: () => void) =>
    import('./zip-action.tsx').then((m) => m.zipInvoicesSpec(rows, clear)),
  );
  return { openZipInvoices };
}
