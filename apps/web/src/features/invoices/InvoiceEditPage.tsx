/**
 * `/cms/invoices/{id}/edit`: the replacement invoice while it is a draft. Staff change the buyer (name,
 * email, billing address) and the lines (description, quantity, unit price, discount, VAT rate; add or
 * remove), see the totals and VAT breakdown recomputed live by the one tax function (replacement-form.ts),
 * and issue it (`PUT invoices/{id}/edit`): "Success. Replacement invoice has been edited." / "Failed to
 * edit replacement invoice." (the server's reason when it gives one). An issued invoice is not edited:
 * the page says so and links to it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { CORRECTION_TEXTS } from '@rentloop/domain/invoice-corrections';
import type { Invoice } from '@rentloop/domain/invoices';
import { MESSAGES } from '@rentloop/domain/messages';
import { minorToDecimal } from '@rentloop/domain/money';
import { type Control, type Resolver, useFieldArray, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { AddressForm } from '../../components/AddressForm.tsx';
import { DetailPage } from '../../components/DetailPage.tsx';
import { FormProblems } from '../../components/DialogForm.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { formatAmount } from '../../components/money.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useAppForm } from '../../components/use-app-form.ts';
import { useSubmit } from '../../components/use-submit.ts';
import { formatPercent } from '../orders/order-format.ts';
import { useEditReplacement } from './correction-hooks.ts';
import { useInvoice } from './hooks.ts';
import {
  newLine,
  previewTax,
  type ReplacementValues,
  replacementPayload,
  replacementSchema,
  replacementValues,
} from './replacement-form.ts';
import { invoicesIds } from './testids.ts';

function TotalsPreview({ control, invoice }: { control: Control<ReplacementValues>; invoice: Invoice }) {
  const lines = useWatch({ control, name: 'lines' });
  const tax = previewTax(lines, invoice.tax_rule, invoice.currency);
  const money = (minor: bigint) => formatAmount(minorToDecimal(minor, invoice.currency), invoice.currency);
  return (
    <Card data-testid={invoicesIds.editTotals}>
      <CardHeader
        title="Totals"
        subheader={`Computed as the invoice will be issued (${invoice.tax_rule === 'gross_prices' ? 'prices with VAT' : 'prices without VAT'}).`}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {tax === null ? (
          <Typography variant="body2" color="text.secondary">
            Complete the lines to see the totals.
          </Typography>
        ) : (
          <Table size="small">
            <TableBody>
              <TableRow>
                <TableCell>Net</TableCell>
                <TableCell align="right" data-testid={invoicesIds.editTotal('net')}>
                  {money(tax.totals.net)}
                </TableCell>
              </TableRow>
              {tax.breakdown.map((b) => (
                <TableRow key={b.tax_percent} data-testid={invoicesIds.breakdown(b.tax_percent)}>
                  <TableCell>
                    VAT {formatPercent(b.tax_percent)} of {money(b.net)}
                  </TableCell>
                  <TableCell align="right">{money(b.tax)}</TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell sx={{ fontWeight: 700 }}>Total</TableCell>
                <TableCell
                  align="right"
                  sx={{ fontWeight: 700 }}
                  data-testid={invoicesIds.editTotal('gross')}
                >
                  {money(tax.totals.gross)}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

function EditForm({ invoice }: { invoice: Invoice }) {
  const navigate = useNavigate();
  const form = useAppForm<ReplacementValues>({
    resolver: zodResolver(replacementSchema(invoice.currency)) as unknown as Resolver<ReplacementValues>,
    defaultValues: replacementValues(invoice),
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const edit = useEditReplacement(invoice.id);
  const { onSubmit, problems, saving } = useSubmit(form, edit, {
    payload: (values) => replacementPayload(values, invoice.currency),
    saved: MESSAGES.replacementEdited,
    failed: MESSAGES.replacementEditFailed,
    onSaved: () => navigate(`/cms/invoices/${invoice.id}`),
  });
  const unit = invoice.tax_rule === 'gross_prices' ? 'Unit price (gross)' : 'Unit price (net)';
  return (
    <Box component="form" noValidate onSubmit={onSubmit} data-testid={invoicesIds.editForm}>
      <Stack spacing={3}>
        <FormProblems problems={problems} testId={invoicesIds.editProblems} />
        <Card>
          <CardHeader title="Bill to" slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
          <CardContent sx={{ pt: 0 }}>
            <Stack spacing={2}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <FormTextField control={form.control} name="name" label="Name" required fullWidth />
                <FormTextField control={form.control} name="email" label="Email" required fullWidth />
              </Stack>
              <AddressForm
                control={form.control}
                name="address"
                autofillSection="billing"
                contactRequired={false}
              />
            </Stack>
          </CardContent>
        </Card>
        <Card>
          <CardHeader title="Lines" slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
          <CardContent sx={{ pt: 0 }}>
            <Stack spacing={2}>
              {lines.fields.map((field, index) => (
                <Box
                  key={field.id}
                  data-testid={invoicesIds.editLine(index)}
                  sx={{
                    display: 'grid',
                    gap: 1.5,
                    alignItems: 'start',
                    gridTemplateColumns: { xs: '1fr 1fr', md: 'minmax(0, 3fr) 1fr 1.4fr 1.2fr 1fr auto' },
                    pb: 2,
                    borderBottom: 1,
                    borderColor: 'divider',
                  }}
                >
                  <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
                    <FormTextField
                      control={form.control}
                      name={`lines.${index}.description`}
                      label="Description"
                      fullWidth
                    />
                  </Box>
                  <FormTextField
                    control={form.control}
                    name={`lines.${index}.quantity`}
                    label="Qty"
                    slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  />
                  <FormTextField
                    control={form.control}
                    name={`lines.${index}.unit_price`}
                    label={unit}
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  />
                  <FormTextField
                    control={form.control}
                    name={`lines.${index}.discount`}
                    label="Discount"
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  />
                  <FormTextField
                    control={form.control}
                    name={`lines.${index}.tax_percent`}
                    label="VAT %"
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  />
                  <IconButton
                    aria-label={`Remove line ${index + 1}`}
                    onClick={() => lines.remove(index)}
                    disabled={lines.fields.length === 1}
                    sx={{ mt: 1 }}
                  >
                    <DeleteOutline />
                  </IconButton>
                </Box>
              ))}
              <Box>
                <Button
                  startIcon={<Add />}
                  onClick={() => lines.append(newLine())}
                  data-testid={invoicesIds.editAddLine}
                >
                  Add line
                </Button>
              </Box>
            </Stack>
          </CardContent>
        </Card>
        <TotalsPreview control={form.control} invoice={invoice} />
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            type="submit"
            variant="contained"
            startIcon={<Send />}
            loading={saving}
            loadingPosition="start"
            data-testid={invoicesIds.editIssue}
          >
            Issue replacement invoice
          </Button>
          <Button component={RouterLink} to={`/cms/invoices/${invoice.id}`}>
            Back to the invoice
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

export function InvoiceEditPage() {
  const id = Number(useParams().id);
  const invoice = useInvoice(id);
  return (
    <DetailPage
      query={invoice}
      list={{ to: `/cms/invoices/${id}`, label: 'Invoice', all: 'All invoices' }}
      crumb={(i) => `Edit replacement #${i.id}`}
      notFound="This invoice does not exist in the current company."
      testId={invoicesIds.editPage}
      errorTestId={invoicesIds.detailError}
      header={(i) => (
        <PageHeader
          title={i ? `Replacement invoice #${i.id}` : <Skeleton width={260} />}
          titleTestId={invoicesIds.detailTitle}
          subtitle={
            i ? (
              `Replaces invoice #${i.original_invoice ?? '—'} · a draft: numbered when issued`
            ) : (
              <Skeleton width={200} />
            )
          }
        />
      )}
    >
      {(i) =>
        i.type === 'replacement' && i.status === 'draft' ? (
          <EditForm invoice={i} />
        ) : (
          <Alert severity="info" data-testid={invoicesIds.editNotDraft}>
            {i.type === 'replacement'
              ? CORRECTION_TEXTS.replacementAlreadyIssued
              : CORRECTION_TEXTS.editNotReplacement}{' '}
            <RouterLink to={`/cms/invoices/${i.id}`}>Open the invoice</RouterLink>
          </Alert>
        )
      }
    </DetailPage>
  );
}
