/**
 * The asset page's card of its returns (newest first, each opening its return), and for a rented out
 * unit without an open return the button opening one by hand (carrier, tracking number, note).
 */
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@rentloop/domain/messages';
import type { ProductTracking } from '@rentloop/domain/product-tracking';
import { RETURN_SOURCE_LABELS, type Return, type ReturnInput } from '@rentloop/domain/returns';
import { Link as RouterLink, useNavigate } from 'react-router';
import { z } from 'zod';
import { DetailField } from '../../components/DetailPage.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { useActionDialog } from '../../components/use-action-dialog.tsx';
import { formatDate } from '../../utils/dates.ts';
import { useCreateReturn, useReturnsOf } from './hooks.ts';
import { returnsIds } from './testids.ts';

const text = z.string().transform((v) => (v.trim() === '' ? null : v.trim()));
const schema = z.object({ carrier: text, tracking_number: text, note: text });

function useOpenReturnDialog() {
  const navigate = useNavigate();
  return useActionDialog((asset: ProductTracking) => ({
    title: 'Open a return',
    intro: `${asset.serial_number} is coming back: its subscription waits for it as pending return.`,
    schema,
    defaults: { carrier: '', tracking_number: '', note: '' },
    useAction: useCreateReturn,
    payload: (v: z.output<typeof schema>): ReturnInput => ({ product_tracking_id: asset.id, ...v }),
    confirmLabel: 'Open return',
    saved: MESSAGES.returnCreated,
    failed: MESSAGES.returnCreateFailed,
    maxWidth: 'xs' as const,
    onSaved: (answer: { data: Return }) => navigate(`/cms/returns/${answer.data.id}`),
    testIds: {
      dialog: returnsIds.actionDialog,
      confirm: returnsIds.actionConfirm,
      cancel: returnsIds.actionCancel,
    },
    fields: (control) => (
      <>
        <FormTextField
          control={control}
          name="carrier"
          label="Carrier"
          autoFocus
          slotProps={{ htmlInput: { 'data-testid': returnsIds.input('carrier'), maxLength: 100 } }}
        />
        <FormTextField
          control={control}
          name="tracking_number"
          label="Tracking number"
          slotProps={{ htmlInput: { 'data-testid': returnsIds.input('tracking_number'), maxLength: 200 } }}
        />
        <FormTextField
          control={control}
          name="note"
          label="Note"
          multiline
          minRows={2}
          slotProps={{ htmlInput: { 'data-testid': returnsIds.input('note'), maxLength: 2000 } }}
        />
      </>
    ),
  }));
}

export function AssetReturns({ asset }: { asset: ProductTracking }) {
  const returns = useReturnsOf({ product_tracking_id: asset.id });
  const openReturn = useOpenReturnDialog();
  const rows = returns.data?.data ?? [];
  const open = rows.some((r) => r.status !== 'closed');
  return (
    <Card variant="outlined" data-testid={returnsIds.assetReturns}>
      <CardHeader
        title="Returns"
        action={
          asset.status === 'rented out' && returns.data && !open ? (
            <Button size="small" onClick={() => openReturn(asset)} data-testid={returnsIds.assetOpenReturn}>
              Open return
            </Button>
          ) : null
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {returns.data && rows.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            No returns yet.
          </Typography>
        )}
        <List dense disablePadding>
          {rows.map((r) => (
            <ListItem key={r.id} disableGutters divider data-testid={returnsIds.assetReturnRow}>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={`/cms/returns/${r.id}`}>
                    {`Return #${r.id}`}
                  </Link>
                }
                secondary={`${formatDate(r.created_at)} · ${RETURN_SOURCE_LABELS[r.source]}`}
              />
              <StatusChip status={r.outcome ?? r.status} />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}

/** The subscription page's line of its unit's return (the open one, else the last): a link and its status. */
export function SubscriptionReturn({ subscriptionId }: { subscriptionId: number }) {
  const returns = useReturnsOf({ subscription_id: subscriptionId });
  const rows = returns.data?.data ?? [];
  const shown = rows.find((r) => r.status !== 'closed') ?? rows[0];
  if (!shown) return null;
  return (
    <DetailField label="Return" testId={returnsIds.field('subscription-return')}>
      <Link component={RouterLink} to={`/cms/returns/${shown.id}`}>
        {`Return #${shown.id}`}
      </Link>{' '}
      <StatusChip status={shown.outcome ?? shown.status} />
    </DetailField>
  );
}
