/**
 * `/cms/repairs/{id}`: one repair: its asset, status, the questionnaire version it is answered with,
 * and the questionnaire as a stepper ending on the summary of its exact costs; closing it sets the
 * asset's status and records the cost.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { CardGrid, DetailField, DetailPage } from '../../components/DetailPage.tsx';
import { formatAmount } from '../../components/money.ts';
import { StatusChip, statusLabel } from '../../components/StatusChip.tsx';
import { formatDate } from '../../utils/dates.ts';
import { useRepair } from './hooks.ts';
import { RepairStepper } from './RepairStepper.tsx';
import { repairsIds } from './testids.ts';

export function RepairDetailPage() {
  const id = Number(useParams().id);
  const query = useRepair(id);
  return (
    <DetailPage
      query={query}
      list={{ to: '/cms/repairs', label: 'Repairs', all: 'All repairs' }}
      backTestId={repairsIds.back}
      notFound="This repair does not exist in the current company."
      testId={repairsIds.detailPage}
      errorTestId={repairsIds.detailError}
      crumb={(r) => `Repair ${r.id}`}
      header={(r) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {r ? `Repair ${r.id}` : ' '}
          </Typography>
          {r && <StatusChip status={r.status} testId={repairsIds.status} />}
        </Box>
      )}
    >
      {(r) => (
        <CardGrid alignStart>
          <Card variant="outlined">
            <CardHeader
              title="Questionnaire"
              subheader={`Version ${r.questionnaire_version}, as it was when the repair opened`}
            />
            <CardContent sx={{ pt: 0 }}>
              {/* Keyed by status and save time: a closed repair (or another tab's save) starts afresh. */}
              <RepairStepper key={`${r.status}-${r.id}`} repair={r} />
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardHeader title="Asset" />
            <CardContent sx={{ pt: 0 }}>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
                <DetailField label="Serial number" testId={repairsIds.asset}>
                  <Link
                    component={RouterLink}
                    to={`/cms/assets/${r.product_tracking_id}`}
                    sx={{ fontFamily: 'monospace' }}
                  >
                    {r.serial_number}
                  </Link>
                </DetailField>
                <DetailField label="Product" testId={repairsIds.field('product')} value={r.product_name} />
                <DetailField
                  label="Opened"
                  testId={repairsIds.field('opened')}
                  value={`${formatDate(r.created_at, true)}${r.opened_by ? ` · ${r.opened_by}` : ''}`}
                />
                <DetailField label="Why" testId={repairsIds.field('reason')} value={r.reason} />
                {r.status === 'closed' && (
                  <>
                    <DetailField
                      label="Closed"
                      testId={repairsIds.field('closed')}
                      value={`${formatDate(r.closed_at ?? '', true)}${r.closed_by ? ` · ${r.closed_by}` : ''}`}
                    />
                    <DetailField
                      label="Asset went to"
                      testId={repairsIds.field('outcome')}
                      value={r.outcome ? statusLabel(r.outcome) : null}
                    />
                    <DetailField
                      label="Total cost"
                      testId={repairsIds.field('total_cost')}
                      value={formatAmount(r.total_cost, r.currency)}
                    />
                  </>
                )}
              </Box>
            </CardContent>
          </Card>
        </CardGrid>
      )}
    </DetailPage>
  );
}
