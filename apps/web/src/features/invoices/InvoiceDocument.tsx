/**
 * The invoice as the customer reads it: seller and buyer, the document's dates, the lines (quantity,
 * unit price, net, VAT rate, VAT), the VAT breakdown per rate (EN 16931 BG-23) and the totals. Every
 * figure is the frozen document's, as the API sent it: nothing is recomputed here.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Invoice } from '@rentloop/domain/invoices';
import { addressLines } from '../../components/address-format.ts';
import { formatAmount } from '../../components/money.ts';
import { formatDate } from '../../utils/dates.ts';
import { formatPercent } from '../orders/order-format.ts';
import { invoiceTitle, linePeriod, sellerLines, sellerName, unitPriceLabel } from './invoice-format.ts';
import { invoicesIds } from './testids.ts';

const nowrap = { whiteSpace: 'nowrap' } as const;

function PartyBlock({
  heading,
  name,
  lines,
  testId,
}: {
  heading: string;
  name: string;
  lines: string[];
  testId: string;
}) {
  return (
    <Box data-testid={testId} sx={{ minWidth: 0 }}>
      <Typography variant="overline" color="text.secondary" component="h3">
        {heading}
      </Typography>
      <Typography variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {name}
      </Typography>
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines never reorder
        <Typography key={index} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {line}
        </Typography>
      ))}
    </Box>
  );
}

function Meta({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" data-testid={testId} sx={nowrap}>
        {value}
      </Typography>
    </Box>
  );
}

export function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const money = (amount: string) => formatAmount(amount, invoice.currency);
  const buyerLines = [
    // The address's first line is its person's name, usually the heading's: shown once.
    ...(invoice.customer.address ? addressLines(invoice.customer.address) : []).filter(
      (line, index) => index > 0 || line !== invoice.customer.name,
    ),
    invoice.customer.email,
    ...(invoice.customer.address?.vat_number ? [`VAT number: ${invoice.customer.address.vat_number}`] : []),
  ].filter(Boolean);

  return (
    <Card sx={{ gridColumn: { lg: 'span 2' } }} data-testid={invoicesIds.document}>
      <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          <PartyBlock
            heading="From"
            name={sellerName(invoice.seller)}
            lines={sellerLines(invoice.seller.details)}
            testId={invoicesIds.seller}
          />
          <PartyBlock
            heading="Bill to"
            name={invoice.customer.name}
            lines={buyerLines}
            testId={invoicesIds.buyer}
          />
        </Box>
        <Typography variant="h5" component="h2" sx={{ mt: 4, mb: 1.5 }}>
          {invoiceTitle(invoice)}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 4, rowGap: 1.5 }}>
          <Meta
            label="Invoice date"
            value={invoice.issue_date ? formatDate(invoice.issue_date) : 'Not issued'}
            testId={invoicesIds.field('issue_date')}
          />
          <Meta
            label="Due date"
            value={invoice.due_date ? formatDate(invoice.due_date) : '—'}
            testId={invoicesIds.field('due_date')}
          />
          <Meta
            label="Currency"
            value={invoice.currency.toUpperCase()}
            testId={invoicesIds.field('currency')}
          />
          <Meta
            label="Language"
            value={invoice.language.toUpperCase()}
            testId={invoicesIds.field('language')}
          />
        </Box>

        <Stack divider={<Divider flexItem />} spacing={1} sx={{ mt: 3, display: { xs: 'flex', sm: 'none' } }}>
          {invoice.lines.map((line) => (
            <Box key={line.position}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {line.description}
              </Typography>
              {linePeriod(line) && (
                <Typography variant="caption" color="text.secondary" component="div">
                  {linePeriod(line)}
                </Typography>
              )}
              <Typography variant="body2" color="text.secondary">
                {line.quantity} × {money(line.unit_price)} · net {money(line.net)} · VAT{' '}
                {formatPercent(line.tax_percent)} {money(line.tax)}
              </Typography>
            </Box>
          ))}
        </Stack>
        <TableContainer sx={{ mt: 3, display: { xs: 'none', sm: 'block' } }}>
          <Table size="small" aria-label="Invoice lines">
            <TableHead>
              <TableRow>
                <TableCell>Description</TableCell>
                <TableCell align="right">Qty</TableCell>
                <TableCell align="right">{unitPriceLabel(invoice.tax_rule)}</TableCell>
                <TableCell align="right">Net</TableCell>
                <TableCell align="right">VAT rate</TableCell>
                <TableCell align="right">VAT</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {invoice.lines.map((line) => (
                <TableRow key={line.position} data-testid={invoicesIds.line(line.position)}>
                  <TableCell>
                    {line.description}
                    {linePeriod(line) && (
                      <Typography variant="caption" color="text.secondary" component="div">
                        {linePeriod(line)}
                      </Typography>
                    )}
                    {Number(line.discount) !== 0 && (
                      <Typography variant="caption" color="text.secondary" component="div">
                        Discount {money(line.discount)}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right">{line.quantity}</TableCell>
                  <TableCell align="right" sx={nowrap}>
                    {money(line.unit_price)}
                  </TableCell>
                  <TableCell align="right" sx={nowrap}>
                    {money(line.net)}
                  </TableCell>
                  <TableCell align="right">{formatPercent(line.tax_percent)}</TableCell>
                  <TableCell align="right" sx={nowrap}>
                    {money(line.tax)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>

        <Box
          sx={{
            mt: 3,
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
            alignItems: 'start',
          }}
        >
          <Box>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
              VAT breakdown
            </Typography>
            <Table size="small" aria-label="VAT breakdown">
              <TableHead>
                <TableRow>
                  <TableCell>Rate</TableCell>
                  <TableCell align="right">Taxable amount</TableCell>
                  <TableCell align="right">VAT</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {invoice.tax_breakdown.map((rate) => (
                  <TableRow key={rate.tax_percent} data-testid={invoicesIds.breakdown(rate.tax_percent)}>
                    <TableCell>{formatPercent(rate.tax_percent)}</TableCell>
                    <TableCell align="right" sx={nowrap}>
                      {money(rate.net)}
                    </TableCell>
                    <TableCell align="right" sx={nowrap}>
                      {money(rate.tax)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          <Box sx={{ justifySelf: { md: 'end' }, minWidth: { md: 280 } }}>
            <Total label="Net" value={money(invoice.net)} testId={invoicesIds.total('net')} />
            <Total label="VAT" value={money(invoice.tax)} testId={invoicesIds.total('tax')} />
            <Divider sx={{ my: 1 }} />
            <Total label="Total" value={money(invoice.gross)} testId={invoicesIds.total('gross')} strong />
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}

function Total({
  label,
  value,
  testId,
  strong,
}: {
  label: string;
  value: string;
  testId: string;
  strong?: boolean;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 4, py: 0.5 }}>
      <Typography variant={strong ? 'subtitle1' : 'body2'} sx={{ fontWeight: strong ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography
        variant={strong ? 'subtitle1' : 'body2'}
        data-testid={testId}
        sx={{ fontWeight: strong ? 700 : 400, ...nowrap }}
      >
        {value}
      </Typography>
    </Box>
  );
}
