/**
 * The invoice page's "Hand to debt collection" (`POST debtist/invoice/{id}/claim`): shown while the
 * company's `debt_collection` feature flag is on, for an issued invoice that is unpaid (not settled, no
 * payment in progress) and past its due date. The API checks the same (and the smallest claim) and
 * answers the existing claim for an invoice handed over before; a success opens the claim.
 */
import Button from '@mui/material/Button';
import type { Invoice } from '@rentloop/domain/invoices';
import { useNavigate } from 'react-router';
import { useFeatureFlags } from '../settings/feature-flags.ts';
import { useHandOverDialog } from './debt-actions.tsx';
import { debtIds } from './testids.ts';

const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Whether the invoice may be handed over: issued, a debit, unpaid and due (the API's rules, but the smallest claim). */
export function canHandOver(
  invoice: Pick<Invoice, 'status' | 'type' | 'payment_status' | 'due_date' | 'gross'>,
  today = localToday(),
): boolean {
  return (
    invoice.status === 'issued' &&
    invoice.type !== 'refund' &&
    Number(invoice.gross) > 0 &&
    (invoice.payment_status === 'not settled' || invoice.payment_status === 'failed') &&
    invoice.due_date !== null &&
    invoice.due_date < today
  );
}

export function HandOverButton({ invoice }: { invoice: Invoice }) {
  const navigate = useNavigate();
  const { enabled } = useFeatureFlags();
  const { openHandOver } = useHandOverDialog((claimId) => navigate(`/cms/debt-collection/claims/${claimId}`));
  if (!enabled('debt_collection') || !canHandOver(invoice)) return null;
  return (
    <Button
      variant="outlined"
      color="warning"
      onClick={() => openHandOver(invoice)}
      data-testid={debtIds.handOver}
    >
      Hand to debt collection
    </Button>
  );
}
