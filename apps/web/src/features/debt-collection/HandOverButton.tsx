/**
 * The invoice page's "Hand to debt collection" (`POST debtist/invoice/{id}/claim`): shown while the
 * company's `debt_collection` feature flag is on and `GET invoices/{id}/actions` offers `debt_collection`
 * (the agency configured, no claim yet, the invoice issued, unpaid, past its due date by the company's
 * clock and not below the smallest claim). A success opens the claim.
 */
import Button from '@mui/material/Button';
import type { Invoice } from '@rentloop/domain/invoices';
import { useNavigate } from 'react-router';
import { useFeatureFlags } from '../settings/feature-flags.ts';
import { useHandOverDialog } from './debt-actions.tsx';
import { debtIds } from './testids.ts';

export function HandOverButton({ invoice, allowed }: { invoice: Invoice; allowed: boolean }) {
  const navigate = useNavigate();
  const { enabled } = useFeatureFlags();
  const { openHandOver } = useHandOverDialog((claimId) => navigate(`/cms/debt-collection/claims/${claimId}`));
  if (!allowed || !enabled('debt_collection')) return null;
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
