/** The orders list's actions on the selected rows; their dialogs load when opened, not with the list. */
import type { OrderListRow } from '@rentloop/domain/orders';
import { useActionDialog } from '../../components/use-action-dialog.tsx';

/** "Change tag / status": `openBulkOrders(rows, clear)`; the selection is cleared once it has run. */
export function useBulkOrdersDialog() {
  const openBulkOrders = useActionDialog((rows: OrderListRow[], clear: () => void) =>
    import('./bulk-orders-action.tsx').then((m) => m.bulkOrdersSpec(rows, (saved) => saved && clear())),
  );
  return { openBulkOrders };
}
