/**
 * The dunning line of a subscription's or an order's page: "Dunning: step 2 of 3, next attempt on 12th
 * Dec 2026" (a running dunning, amber), "Dunning: recovered" (green), "Dunning: ended: subscription
 * cancelled" (red). Nothing when the payments never went into dunning.
 */
import Alert from '@mui/material/Alert';
import type { Dunning } from '@rentloop/domain/dunning';
import { DUNNING_SEVERITY, dunningText } from './dunning-format.ts';
import { dunningIds } from './testids.ts';

export function DunningNotice({ dunning }: { dunning: Dunning | null | undefined }) {
  if (!dunning) return null;
  const text = dunningText(dunning);
  return (
    <Alert
      severity={DUNNING_SEVERITY[dunning.status]}
      variant="outlined"
      data-testid={dunningIds.notice}
      data-status={dunning.status}
      sx={{ gridColumn: { lg: 'span 2' }, alignItems: 'center' }}
    >
      <strong>Dunning:</strong> {text.charAt(0).toLowerCase() + text.slice(1)}
    </Alert>
  );
}
