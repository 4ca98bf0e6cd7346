/**
 * The "Cumulated invoices" card of the customer page: the customer's setting (off, a monthly statement
 * of the invoices, or a monthly collective invoice; never both for one month) and the documents made so
 * far: a statement's PDF, a collective period's invoice (its page), or the month still collecting.
 */
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CUMULATED_INVOICE_MODES,
  CUMULATED_MODE_LABELS,
  type CumulatedInvoice,
  type CumulatedInvoiceMode,
} from '@rentloop/domain/cumulated-invoices';
import { Link } from 'react-router';
import { formatAmount } from '../../components/money.ts';
import { formatDate } from '../../utils/dates.ts';
import { useCumulatedInvoices, useDownloadCumulatedPdf } from './cumulated-hooks.ts';
import { useUpdateCustomer } from './hooks.ts';
import { cumulatedIds } from './testids.ts';

const MODE_CHIP = { statement: 'Statement', collective: 'Collective invoice' } as const;

function statusText(doc: CumulatedInvoice): string {
  if (doc.status === 'open') return 'Collecting this month’s charges';
  if (doc.charge_error) return `Not charged: ${doc.charge_error}`;
  return doc.closed_at ? `Closed ${formatDate(doc.closed_at)}` : 'Invoiced';
}

function DocumentRow({ doc }: { doc: CumulatedInvoice }) {
  const download = useDownloadCumulatedPdf();
  return (
    <Box
      data-testid={cumulatedIds.row(doc.id)}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr auto', sm: '1.2fr 1fr 1fr auto' },
        gap: 1,
        alignItems: 'center',
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {formatDate(doc.period_start)} – {formatDate(doc.period_end)}
        </Typography>
        <Chip size="small" label={MODE_CHIP[doc.mode]} sx={{ mt: 0.5 }} />
      </Box>
      <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
        <Typography variant="body2">{doc.number ?? '—'}</Typography>
        <Typography variant="caption" color="text.secondary">
          {statusText(doc)}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ textAlign: { sm: 'right' }, display: { xs: 'none', sm: 'block' } }}>
        {formatAmount(doc.total, doc.currency)}
      </Typography>
      <Box sx={{ textAlign: 'right' }}>
        {doc.mode === 'collective' && doc.invoice_id !== null ? (
          <Button
            size="small"
            component={Link}
            to={`/cms/invoices/${doc.invoice_id}`}
            data-testid={cumulatedIds.open(doc.id)}
          >
            Invoice
          </Button>
        ) : doc.has_pdf ? (
          <Button
            size="small"
            startIcon={<Download />}
            onClick={() => download.mutate(doc)}
            disabled={download.isPending}
            data-testid={cumulatedIds.pdf(doc.id)}
          >
            PDF
          </Button>
        ) : null}
        {download.isError ? (
          <Typography variant="caption" color="error" sx={{ display: 'block' }}>
            {download.error.message}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}

export function CumulatedInvoicesCard({
  customerId,
  mode,
}: {
  customerId: number;
  mode: CumulatedInvoiceMode;
}) {
  const update = useUpdateCustomer(customerId);
  const docs = useCumulatedInvoices(customerId);
  const rows = docs.data?.data ?? [];
  return (
    <Card data-testid={cumulatedIds.card} sx={{ gridColumn: { lg: 'span 2' } }}>
      <CardHeader title="Cumulated invoices" slotProps={{ title: { variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={1} sx={{ mb: 2 }}>
          <TextField
            select
            size="small"
            label="Each month"
            value={mode}
            disabled={update.isPending}
            onChange={(e) => update.mutate({ cumulated_invoice: e.target.value as CumulatedInvoiceMode })}
            slotProps={{ htmlInput: { 'data-testid': cumulatedIds.mode } }}
            sx={{ maxWidth: 360 }}
          >
            {CUMULATED_INVOICE_MODES.map((m) => (
              <MenuItem key={m} value={m} data-testid={cumulatedIds.option(m)}>
                {CUMULATED_MODE_LABELS[m]}
              </MenuItem>
            ))}
          </TextField>
          <Typography variant="caption" color="text.secondary">
            A statement lists the month’s invoices without VAT of its own; a collective invoice bills the
            month’s recurring charges as one invoice at the month’s end. A month is never both.
          </Typography>
          {update.isError ? <Alert severity="error">{update.error.message}</Alert> : null}
          {update.isSuccess ? (
            <Typography variant="caption" color="success.main" data-testid={cumulatedIds.saved}>
              {update.data.message || 'Saved.'}
            </Typography>
          ) : null}
        </Stack>
        {docs.isPending ? (
          <Skeleton height={48} />
        ) : rows.length === 0 ? (
          <Typography color="text.secondary" data-testid={cumulatedIds.empty}>
            No statements or collective invoices yet.
          </Typography>
        ) : (
          rows.map((doc) => <DocumentRow key={doc.id} doc={doc} />)
        )}
      </CardContent>
    </Card>
  );
}
