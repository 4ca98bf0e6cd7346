/**
 * "Charge" on the selected recurring payments: `POST recurring-payments/charge {ids}` (at most 10, spec
 * 01 §9), then the result of each payment in the dialog (charged, or the server's reason it was not).
 * A hook returning its opener (`ActionDialog`, docs/web.md "Action dialogs").
 */
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { RecurringPaymentChargeResult } from '@rentloop/domain/recurring-payments';
import { Link as RouterLink } from 'react-router';
import { StatusChip } from '../../components/StatusChip.tsx';
import { useActionDialog } from '../../components/use-action-dialog.tsx';
import { useChargeRecurringPayments } from './hooks.ts';
import type { RecurringPaymentRow } from './recurring-format.ts';
import { chargeResultSummary, chargeSelection } from './recurring-format.ts';
import { recurringPaymentsIds } from './testids.ts';

function ChargeOutcome({ results }: { results: RecurringPaymentChargeResult[] }) {
  const summary = chargeResultSummary(results);
  return (
    <>
      <Alert severity={summary.failed ? 'warning' : 'success'} sx={{ mb: 2 }}>
        {summary.text}
      </Alert>
      <Table size="small" aria-label="Charge results" data-testid={recurringPaymentsIds.chargeResult}>
        <TableHead>
          <TableRow>
            <TableCell>Payment</TableCell>
            <TableCell>Result</TableCell>
            <TableCell>Invoice</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {results.map((r) => (
            <TableRow
              key={r.id}
              data-testid={recurringPaymentsIds.chargeResultRow(r.id)}
              data-ok={String(r.ok)}
            >
              <TableCell>#{r.id}</TableCell>
              <TableCell>
                {r.status && <StatusChip status={r.status} />} {r.message}
              </TableCell>
              <TableCell>
                {r.invoice_id ? (
                  <Link component={RouterLink} to={`/cms/invoices/${r.invoice_id}`}>
                    Invoice #{r.invoice_id}
                  </Link>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

export function useChargeRecurringPaymentsDialog() {
  const openChargeRecurring = useActionDialog((rows: RecurringPaymentRow[], onDone: () => void) => {
    return {
      title: rows.length === 1 ? 'Charge 1 recurring payment' : `Charge ${rows.length} recurring payments`,
      intro:
        "Each one is invoiced and charged now through its customer's gateway. A payment that is not due or cannot be charged is refused on its own; the others go ahead.",
      useAction: useChargeRecurringPayments,
      payload: () => ({ ids: chargeSelection(rows).ids }),
      confirmLabel: 'Charge',
      saved: false as const,
      outcome: ({ data }: { data: RecurringPaymentChargeResult[] }) => <ChargeOutcome results={data} />,
      onClosed: (saved: boolean) => {
        if (saved) onDone();
      },
      testIds: {
        dialog: recurringPaymentsIds.chargeDialog,
        confirm: recurringPaymentsIds.chargeConfirm,
        done: recurringPaymentsIds.chargeDone,
      },
    };
  });
  return { openChargeRecurring };
}
