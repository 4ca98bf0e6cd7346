/**
 * `/cms/returns/{id}`: one return: the unit and its subscription, the parcel, what happened at each step
 * (received, inspected, closed: when, who, what was found) and the steps its transition table allows now.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RETURN_ACTION_LABELS, RETURN_SOURCE_LABELS, type Return } from '@rentloop/domain/returns';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { CardGrid, DetailField, DetailPage } from '../../components/DetailPage.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { formatDate } from '../../utils/dates.ts';
import { useReturn, useReturnActions } from './hooks.ts';
import { useReturnActionDialog } from './return-actions.tsx';
import { returnsIds } from './testids.ts';

const grid = { display: 'grid', gap: 2, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } as const;
const yesNo = (v: boolean | null) => (v === null ? null : v ? 'Yes' : 'No');

function Steps({ ret }: { ret: Return }) {
  const actions = useReturnActions(ret.id);
  const { openReturnAction } = useReturnActionDialog();
  const list = actions.data?.actions ?? [];
  if (actions.data && list.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        Closed: nothing more to do.
      </Typography>
    );
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {list.map(({ action }) => (
        <Button
          key={action}
          variant={action === 'report_stolen' ? 'outlined' : 'contained'}
          color={action === 'report_stolen' ? 'error' : 'primary'}
          size="small"
          onClick={() => openReturnAction(ret, action)}
          data-testid={returnsIds.action(action)}
        >
          {RETURN_ACTION_LABELS[action]}
        </Button>
      ))}
    </Box>
  );
}

function StepCard({ title, done, children }: { title: string; done: string | null; children: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardHeader title={title} subheader={done ?? 'Not yet'} />
      {done && (
        <CardContent sx={{ pt: 0 }}>
          <Box sx={grid}>{children}</Box>
        </CardContent>
      )}
    </Card>
  );
}

export function ReturnDetailPage() {
  const id = Number(useParams().id);
  const query = useReturn(id);
  const field = (name: string) => returnsIds.field(name);
  const by = (at: string | null, who: string | null, withTime = true) =>
    at ? `${formatDate(at, withTime)}${who ? ` · ${who}` : ''}` : null;

  return (
    <DetailPage
      query={query}
      list={{ to: '/cms/returns', label: 'Returns', all: 'All returns' }}
      backTestId={returnsIds.back}
      notFound="This return does not exist in the current company."
      testId={returnsIds.detailPage}
      errorTestId={returnsIds.detailError}
      crumb={(r) => `Return ${r.id}`}
      header={(r) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {r ? `Return #${r.id}` : ' '}
          </Typography>
          {r && <StatusChip status={r.status} testId={returnsIds.status} />}
          {r?.outcome && <StatusChip status={r.outcome} testId={field('outcome')} />}
        </Box>
      )}
    >
      {(r) => (
        <CardGrid alignStart>
          <Stack spacing={2}>
            <Card variant="outlined">
              <CardHeader title="Next step" subheader={RETURN_SOURCE_LABELS[r.source]} />
              <CardContent sx={{ pt: 0 }}>
                <Steps ret={r} />
              </CardContent>
            </Card>
            <Card variant="outlined">
              <CardHeader title="Unit" />
              <CardContent sx={{ pt: 0 }}>
                <Box sx={grid}>
                  <DetailField label="Serial number" testId={field('serial_number')}>
                    <Link
                      component={RouterLink}
                      to={`/cms/assets/${r.product_tracking_id}`}
                      sx={{ fontFamily: 'monospace' }}
                    >
                      {r.serial_number}
                    </Link>
                  </DetailField>
                  <DetailField label="Product" testId={field('product')} value={r.product_name} />
                  <DetailField label="Subscription" testId={field('subscription')}>
                    {r.subscription_id ? (
                      <Link component={RouterLink} to={`/cms/subscriptions/${r.subscription_id}`}>
                        {r.subscription_number ?? r.subscription_id}
                      </Link>
                    ) : null}
                  </DetailField>
                  <DetailField label="Customer" testId={field('customer')}>
                    {r.customer_id ? (
                      <Link component={RouterLink} to={`/cms/customers/${r.customer_id}`}>
                        {r.customer_name}
                      </Link>
                    ) : null}
                  </DetailField>
                  <DetailField label="Carrier" testId={field('carrier')} value={r.carrier} />
                  <DetailField
                    label="Tracking number"
                    testId={field('tracking_number')}
                    value={r.tracking_number}
                  />
                  <DetailField
                    label="Opened"
                    testId={field('created')}
                    value={by(r.created_at, r.created_by)}
                  />
                  <DetailField label="Note" testId={field('note')} value={r.note} />
                </Box>
              </CardContent>
            </Card>
          </Stack>
          <Stack spacing={2}>
            <StepCard title="Received" done={by(r.received_on, r.received_by, false)}>
              <DetailField
                label="Condition on arrival"
                testId={field('condition_note')}
                value={r.condition_note}
              />
            </StepCard>
            <StepCard title="Inspected" done={by(r.inspected_at, r.inspected_by)}>
              <DetailField label="Complete" testId={field('complete')} value={yesNo(r.complete)} />
              <DetailField label="Missing" testId={field('missing')} value={r.missing} />
              <DetailField label="Damaged" testId={field('damaged')} value={yesNo(r.damaged)} />
              <DetailField label="Damage" testId={field('damage')} value={r.damage} />
              <DetailField
                label="Inspection note"
                testId={field('inspection_note')}
                value={r.inspection_note}
              />
            </StepCard>
            <StepCard title="Closed" done={by(r.closed_at, r.closed_by)}>
              <DetailField label="Outcome" testId={field('outcome_text')}>
                {r.outcome ? <StatusChip status={r.outcome} /> : null}
              </DetailField>
              <DetailField label="Note" testId={field('close_note')} value={r.close_note} />
            </StepCard>
          </Stack>
        </CardGrid>
      )}
    </DetailPage>
  );
}
