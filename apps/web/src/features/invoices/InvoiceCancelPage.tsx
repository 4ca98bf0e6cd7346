/**
 * `/cms/invoices/{id}/cancel`: the cancellation invoice as it will be issued (`GET cancellation-html`,
 * shown in a sandboxed frame: the template's HTML, no scripts), the choice to draft a replacement, and the
 * confirmation (`POST invoices/{id}/cancel {html, regenerate}`: exactly the previewed document is issued,
 * else the server says it changed). Toasts are the spec's: "Success. Cancellation invoice has been
 * created." / "Failed to create cancellation invoice." (the server's reason when it gives one), and
 * "Failed to get cancellation invoice html" when the preview cannot be had. After it: the replacement's
 * edit screen, or the cancellation.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@rentloop/domain/messages';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { DetailPage } from '../../components/DetailPage.tsx';
import { formatAmount } from '../../components/money.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { notify } from '../../utils/notify.ts';
import { newKey } from '../customers/payment-method-hooks.ts';
import { useCancelInvoice, useCancellationHtml } from './correction-hooks.ts';
import { useInvoice } from './hooks.ts';
import { invoiceTitle } from './invoice-format.ts';
import { invoicesIds } from './testids.ts';

function CancelForm({ id, paid }: { id: number; paid: boolean }) {
  const preview = useCancellationHtml(id);
  const cancel = useCancelInvoice(id);
  const navigate = useNavigate();
  const [regenerate, setRegenerate] = useState(true);
  // One key per confirmation on this screen: a retry after a lost answer finds the first cancellation.
  const [key] = useState(newKey);
  useEffect(() => {
    if (preview.isError) notify.error(MESSAGES.cancellationHtmlFailed);
  }, [preview.isError]);
  const confirm = () => {
    if (!preview.data) return;
    cancel.mutate(
      { html: preview.data.html, regenerate, key },
      {
        onSuccess: ({ data, message }) => {
          notify.success(message || MESSAGES.cancellationCreated);
          navigate(
            data.replacement !== null
              ? `/cms/invoices/${data.replacement}/edit`
              : `/cms/invoices/${data.cancellation.id}`,
          );
        },
        onError: (error) => notify.error(error.message || MESSAGES.cancellationFailed),
      },
    );
  };
  return (
    <Stack spacing={3}>
      <Card>
        <CardHeader
          title="Cancellation invoice"
          subheader="As it will be issued: its number is taken when you confirm."
          slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        />
        <CardContent sx={{ pt: 0 }}>
          {preview.isPending ? (
            <Skeleton variant="rectangular" height={420} />
          ) : preview.isError ? (
            <Alert severity="error" data-testid={invoicesIds.cancelError}>
              {MESSAGES.cancellationHtmlFailed}: {preview.error.message}
            </Alert>
          ) : (
            <Box
              component="iframe"
              title="Cancellation invoice preview"
              sandbox=""
              srcDoc={preview.data.html}
              data-testid={invoicesIds.cancelPreview}
              sx={{
                width: '100%',
                height: { xs: 480, md: 560 },
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                bgcolor: '#fff',
              }}
            />
          )}
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {paid
                ? 'This invoice is paid: its payment stays recorded on it. The cancellation is the customer’s credit — refund it, or settle the replacement with the original payment’s reference.'
                : 'This invoice is not paid: once cancelled it is no longer collected (no charge, no retries or reminders).'}
            </Typography>
            <FormControlLabel
              control={
                <Switch
                  checked={regenerate}
                  onChange={(event) => setRegenerate(event.target.checked)}
                  slotProps={{ input: { 'data-testid': invoicesIds.cancelRegenerate } as object }}
                />
              }
              label="Create a replacement invoice to edit (address, lines) and issue"
            />
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              <Button
                variant="contained"
                color="error"
                onClick={confirm}
                loading={cancel.isPending}
                disabled={!preview.data}
                data-testid={invoicesIds.cancelConfirm}
              >
                Issue cancellation invoice
              </Button>
              <Button component={RouterLink} to={`/cms/invoices/${id}`}>
                Back to the invoice
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}

export function InvoiceCancelPage() {
  const id = Number(useParams().id);
  const invoice = useInvoice(id);
  return (
    <DetailPage
      query={invoice}
      list={{ to: `/cms/invoices/${id}`, label: 'Invoice', all: 'All invoices' }}
      crumb={(i) => `Cancel ${i.number ?? `#${i.id}`}`}
      notFound="This invoice does not exist in the current company."
      testId={invoicesIds.cancelPage}
      errorTestId={invoicesIds.detailError}
      header={(i) => (
        <PageHeader
          title={i ? `Cancel ${invoiceTitle(i)}` : <Skeleton width={260} />}
          titleTestId={invoicesIds.detailTitle}
          subtitle={
            i ? `${i.customer.name} · ${formatAmount(i.gross, i.currency)}` : <Skeleton width={200} />
          }
        />
      )}
    >
      {(i) => <CancelForm id={i.id} paid={i.payment_status === 'settled'} />}
    </DetailPage>
  );
}
