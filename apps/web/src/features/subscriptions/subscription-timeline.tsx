/**
 * The subscription page's story (`GET subscriptions/{id}/timeline`): created, started, paused, resumed,
 * an end scheduled or withdrawn, ended, reactivated, bought out, each with when, who and why, oldest
 * first; and the notice of an end scheduled for the end of the term, with its withdrawal
 * (`DELETE subscriptions/{id}/scheduled-end`).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  SUBSCRIPTION_END_REASON_LABELS,
  SUBSCRIPTION_END_TEXTS,
  type SubscriptionEndReason,
  type SubscriptionTimelineEntry,
  type SubscriptionTimelineKind,
} from '@rentloop/domain/subscription-end';
import type { SubscriptionDetail } from '@rentloop/domain/subscriptions';
import { formatAmount } from '../../components/money.ts';
import { formatDate } from '../../utils/dates.ts';
import { notify } from '../../utils/notify.ts';
import { useSubscriptionPart, useWithdrawScheduledEnd } from './hooks.ts';
import { subscriptionsIds } from './testids.ts';

const TITLES: Record<SubscriptionTimelineKind, string> = {
  created: 'Created',
  started: 'Started',
  paused: 'Paused',
  resumed: 'Resumed',
  end_scheduled: 'End scheduled',
  end_withdrawn: 'Scheduled end withdrawn',
  ended: 'Ended',
  cancelled: 'Cancelled',
  reactivated: 'Reactivated',
  bought_out: 'Bought out',
  status_changed: 'Status changed',
};

/** "Too expensive: found a cheaper offer", "Moved away", or the text alone. */
export function reasonText(code: SubscriptionEndReason | null, text: string | null): string {
  const label = code ? SUBSCRIPTION_END_REASON_LABELS[code] : null;
  if (label && text && code !== 'other') return `${label}: ${text}`;
  return text ?? label ?? '';
}

function detailOf(e: SubscriptionTimelineEntry, currency: string): string {
  const parts: string[] = [];
  if (e.kind === 'status_changed' && e.to) parts.push(`to ${e.to}`);
  if (e.kind === 'end_scheduled' && e.end_on) parts.push(`ends on ${formatDate(e.end_on)}`);
  if (e.kind === 'bought_out' && e.amount !== null) parts.push(formatAmount(e.amount, currency));
  const why = reasonText(e.reason_code, e.reason);
  if (why) parts.push(why);
  return parts.join(' · ');
}

function byWhom(e: SubscriptionTimelineEntry): string {
  if (e.actor) return e.actor.name || e.actor.email;
  if (e.scheduled) return 'Rentloop, as scheduled';
  return e.kind === 'started' && e.id === null ? 'On its start date' : 'Rentloop';
}

export function TimelineCard({ id, currency }: { id: number; currency: string }) {
  const timeline = useSubscriptionPart<SubscriptionTimelineEntry[]>(id, 'timeline');
  return (
    <Card variant="outlined" data-testid={subscriptionsIds.timeline}>
      <CardHeader title="Timeline" />
      <CardContent sx={{ pt: 0 }}>
        {timeline.error ? (
          SUBSCRIPTION_END_TEXTS.timelineFailed
        ) : !timeline.data ? (
          <Skeleton height={120} />
        ) : (
          <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {timeline.data.map((e, i) => {
              const detail = detailOf(e, currency);
              return (
                <li
                  key={e.id ?? `start-${i}`}
                  data-testid={subscriptionsIds.timelineEntry(e.kind)}
                  style={{
                    display: 'flex',
                    gap: 12,
                    padding: '8px 0',
                    borderTop: i ? '1px solid #0000001f' : 0,
                  }}
                >
                  <Typography variant="body2" color="text.secondary" sx={{ minWidth: 96, flexShrink: 0 }}>
                    {formatDate(e.at, e.id !== null)}
                  </Typography>
                  <div style={{ minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {TITLES[e.kind]}
                    </Typography>
                    {detail && (
                      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                        {detail}
                      </Typography>
                    )}
                    <Typography variant="caption" color="text.secondary">
                      {byWhom(e)}
                    </Typography>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

/** "Ends on 10th Jun 2026 (end of the minimum term): Too expensive" with its withdrawal. */
export function ScheduledEndNotice({ subscription: s }: { subscription: SubscriptionDetail }) {
  const withdraw = useWithdrawScheduledEnd(s.id);
  if (!s.end_scheduled_on) return null;
  const why = reasonText(s.end_reason_code, s.end_reason);
  return (
    <Alert
      severity="warning"
      variant="outlined"
      data-testid={subscriptionsIds.scheduledEnd}
      sx={{ gridColumn: { lg: 'span 2' }, alignItems: 'center' }}
      action={
        <Button
          color="inherit"
          size="small"
          disabled={withdraw.isPending}
          data-testid={subscriptionsIds.withdrawEnd}
          onClick={() =>
            withdraw.mutate(undefined, {
              onSuccess: ({ message }) => notify.success(message || SUBSCRIPTION_END_TEXTS.endWithdrawn),
              onError: (error) => notify.error(error.message || SUBSCRIPTION_END_TEXTS.withdrawFailed),
            })
          }
        >
          Withdraw end
        </Button>
      }
    >
      <strong>Ends on {formatDate(s.end_scheduled_on)}</strong> (end of the minimum term)
      {why ? `: ${why}` : ''}. It runs and is billed until then.
    </Alert>
  );
}
