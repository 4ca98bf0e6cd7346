/**
 * `/admin/webhooks/{id}/deliveries/{deliveryId}`: one delivery: its message (webhook-id, type, body) and
 * every attempt (when, duration, response code, error, the first 2 kB of the answer), with a resend.
 */
import Replay from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@rentloop/domain/messages';
import type { WebhookDelivery } from '@rentloop/domain/webhooks';
import { useParams } from 'react-router';
import { CodeBlock } from '../../components/DetailGrid.tsx';
import { DetailField } from '../../components/DetailPage.tsx';
import { DialogRecord } from '../../components/DialogForm.tsx';
import { RouteDialog, useRouteDialog } from '../../components/RouteDialog.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { formatDateTime } from '../../utils/dates.ts';
import { notify } from '../../utils/notify.ts';
import { useResendDelivery, useWebhookDelivery } from './hooks.ts';
import { webhooksIds } from './testids.ts';

function Body({ delivery }: { delivery: WebhookDelivery }) {
  const { close } = useRouteDialog();
  const resend = useResendDelivery(delivery.webhook_id);
  return (
    <>
      <DialogContent dividers>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', mb: 2 }}>
          <DetailField label="Status" testId="webhook-delivery-status">
            <StatusChip status={delivery.status} />
          </DetailField>
          <DetailField label="Type" value={delivery.type} testId="webhook-delivery-type" />
          <DetailField label="webhook-id" value={delivery.message_id} testId="webhook-delivery-message-id" />
          <DetailField
            label="Next retry"
            value={delivery.next_attempt_at ? formatDateTime(delivery.next_attempt_at) : null}
            testId="webhook-delivery-next"
          />
        </Box>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          Attempts ({delivery.attempt_log?.length ?? 0})
        </Typography>
        <Stack spacing={1.5} divider={<Divider flexItem />} sx={{ mb: 2 }}>
          {(delivery.attempt_log ?? []).map((a) => (
            <Box key={a.id}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
                <StatusChip status={a.succeeded ? 'succeeded' : 'failed'} />
                <Typography variant="body2">
                  {formatDateTime(a.attempted_at)} · {a.duration_ms} ms
                  {a.status_code !== null ? ` · HTTP ${a.status_code}` : ''}
                </Typography>
              </Box>
              {a.error && (
                <Typography variant="body2" color="error">
                  {a.error}
                </Typography>
              )}
              {a.response_body && <CodeBlock maxHeight={120}>{a.response_body}</CodeBlock>}
            </Box>
          ))}
        </Stack>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          Body
        </Typography>
        <CodeBlock>{JSON.stringify(delivery.payload, null, 2)}</CodeBlock>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button
          startIcon={<Replay />}
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(delivery.id, {
              onSuccess: ({ message }) => {
                notify.success(message || MESSAGES.webhookFired);
                close();
              },
              onError: (error) => notify.error(error.message || MESSAGES.webhookFireFailed),
            })
          }
          data-testid={webhooksIds.deliveryResend}
        >
          Resend
        </Button>
        <Button variant="contained" onClick={() => close()}>
          Close
        </Button>
      </DialogActions>
    </>
  );
}

export function DeliveryDialog() {
  const params = useParams();
  const id = Number(params.id);
  const delivery = useWebhookDelivery(id, Number(params.deliveryId));
  return (
    <RouteDialog
      title="Delivery"
      closeTo={`/admin/webhooks/${id}`}
      maxWidth="sm"
      testId={webhooksIds.deliveryDialog}
    >
      <DialogRecord query={delivery}>{(d) => <Body delivery={d} />}</DialogRecord>
    </RouteDialog>
  );
}
