/**
 * An order's tag (sub-status): "Change tag" (`PUT orders/{id} {tag, tag_date}`) and the tag history
 * (`GET order-history?order_id=`, newest first).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { OrderSubStatus } from '@rentloop/domain/enums';
import { MESSAGES } from '@rentloop/domain/messages';
import type { OrderDetail } from '@rentloop/domain/order-details';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { DateField } from '../../components/DateField.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { formatDate, formatDateTime } from '../../utils/dates.ts';
import { notify } from '../../utils/notify.ts';
import { useOrderHistory, useUpdateOrder } from './hooks.ts';
import { TAG_OPTIONS } from './order-format.ts';
import { ordersIds } from './testids.ts';

const NO_TAG = 'none';

export function OrderTagCard({ order }: { order: OrderDetail }) {
  const [tag, setTag] = useState<string>(order.tag ?? NO_TAG);
  const [date, setDate] = useState(order.tag_date?.slice(0, 10) ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateOrder(order.id);
  const history = useOrderHistory(order.id);

  useEffect(() => {
    setTag(order.tag ?? NO_TAG);
    setDate(order.tag_date?.slice(0, 10) ?? '');
  }, [order.tag, order.tag_date]);

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    const chosen = tag === NO_TAG ? null : (tag as OrderSubStatus);
    update.mutate(
      { tag: chosen, tag_date: chosen && date ? date : null },
      {
        onSuccess: ({ message }) => notify.success(message),
        onError: (error) => {
          notify.error(error.message);
          if (error instanceof ApiError && error.errors) {
            setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0] ?? ''])));
          }
        },
      },
    );
  };

  const unchanged = (order.tag ?? NO_TAG) === tag && (order.tag_date?.slice(0, 10) ?? '') === date;

  return (
    <Card>
      <CardHeader title="Tag" slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Box
          component="form"
          onSubmit={save}
          noValidate
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
        >
          <TextField
            select
            label="Tag"
            value={tag}
            onChange={(e) => setTag(e.target.value)}
            error={Boolean(errors.tag)}
            helperText={errors.tag}
            sx={{ minWidth: 200 }}
            slotProps={{ htmlInput: { 'data-testid': ordersIds.tagSelect } }}
          >
            <MenuItem value={NO_TAG}>No tag</MenuItem>
            {TAG_OPTIONS.map((o) => (
              <MenuItem key={o.value} value={o.value} data-value={o.value}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
          <DateField
            label="Tag date"
            value={date}
            onChange={(iso) => setDate(iso ?? '')}
            placeholder="No date"
            disabled={tag === NO_TAG}
            error={Boolean(errors.tag_date)}
            helperText={errors.tag_date}
            width={220}
            testId={ordersIds.tagDate}
          />
          <Button
            type="submit"
            variant="outlined"
            disabled={update.isPending || unchanged}
            data-testid={ordersIds.tagSave}
            sx={{ mt: 1 }}
          >
            Change tag
          </Button>
        </Box>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 3, mb: 1 }}>
          Tag history
        </Typography>
        {history.error ? (
          <Alert severity="error">{history.error.message || MESSAGES.tagHistoryFetchFailed}</Alert>
        ) : !history.data ? (
          <Skeleton variant="rounded" height={60} />
        ) : history.data.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No tag changes yet.
          </Typography>
        ) : (
          <Box component="ol" data-testid={ordersIds.history} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {history.data.map((entry) => (
              <Box
                component="li"
                key={entry.id}
                data-testid={ordersIds.historyEntry(entry.id)}
                sx={{
                  display: 'flex',
                  gap: 1.5,
                  alignItems: 'center',
                  py: 0.75,
                  pl: 1.5,
                  borderLeft: 2,
                  borderColor: 'divider',
                }}
              >
                {entry.tag ? (
                  <StatusChip status={entry.tag} />
                ) : (
                  <Typography variant="body2">Tag removed</Typography>
                )}
                <Typography variant="body2" color="text.secondary">
                  {entry.tag_date ? `for ${formatDate(entry.tag_date)} · ` : ''}
                  {formatDateTime(entry.created_at)}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
