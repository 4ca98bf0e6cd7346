/**
 * The invoice page's line about the dunning's hand-over to debt collection (decision 84): "To be handed
 * over to debt collection on <date>" while it waits, the claim it became once filed, or why it was not
 * handed over (paid or settled meanwhile, below the smallest claim, not set up). Nothing for an invoice
 * the dunning did not hand over, or while the `debt_collection` feature flag is off (as the drawer entry).
 */
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import type { Invoice } from '@rentloop/domain/invoices';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../utils/dates.ts';
import { useFeatureFlags } from '../settings/feature-flags.ts';
import { useInvoiceHandover } from './hooks.ts';
import { debtIds } from './testids.ts';

export function HandoverNotice({ invoice }: { invoice: Invoice }) {
  const { enabled } = useFeatureFlags();
  const on = enabled('debt_collection');
  const handover = useInvoiceHandover(invoice.id, on && invoice.recurring_payment_id !== null);
  const h = handover.data;
  if (!on || !h) return null;
  const sx = { gridColumn: { lg: 'span 2' } } as const;
  if (h.status === 'scheduled')
    return (
      <Alert severity="info" sx={sx} data-testid={debtIds.handover}>
        To be handed over to debt collection on {formatDate(h.handover_on)} (the last reminder was due on{' '}
        {formatDate(h.reminder_due_on)}). Paid or settled before then, it is not handed over.
      </Alert>
    );
  if (h.status === 'filed')
    return (
      <Alert severity="warning" sx={sx} data-testid={debtIds.handover}>
        Handed over to debt collection by the dunning.{' '}
        {h.claim_id !== null && (
          <Link component={RouterLink} to={`/cms/debt-collection/claims/${h.claim_id}`}>
            Open the claim
          </Link>
        )}
      </Alert>
    );
  return (
    <Alert severity="warning" sx={sx} data-testid={debtIds.handover}>
      Not handed over to debt collection: {h.reason}
    </Alert>
  );
}
