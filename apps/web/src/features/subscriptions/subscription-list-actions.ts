/** The subscriptions list's actions on the selected rows; their dialogs load when opened, not with the list. */
import type { Subscription } from '@rentloop/domain/subscriptions';
import { useActionDialog } from '../../components/use-action-dialog.tsx';

/** "Change status": `openBulkStatus(rows, clear)`; the selection is cleared once it has run. */
export function useBulkStatusDialog() {
  const openBulkStatus = useActionDialog((selected: Subscription[], clear: () => void) =>
    import('./bulk-status-action.tsx').then((m) => m.bulkStatusSpec(selected, (saved) => saved && clear())),
  );
  return { openBulkStatus };
}
