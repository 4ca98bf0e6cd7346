/**
 * `/cms/assets/{id}`: one asset: what it is, where it is, its purchase, its status with the actions its
 * transition table allows now, its profit and loss (AssetPnlCard.tsx), and its history (every status
 * change: who, when, why, which subscription).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ASSET_ACTION_LABELS,
  type AssetAction,
  type ProductTrackingDetail,
} from '@rentloop/domain/product-tracking';
import { Link as RouterLink, useParams } from 'react-router';
import { CardGrid, DetailField, DetailPage } from '../../components/DetailPage.tsx';
import { formatAmount } from '../../components/money.ts';
import { StatusChip, statusLabel } from '../../components/StatusChip.tsx';
import { useCompanyCurrency } from '../../components/use-company-currency.ts';
import { formatDate } from '../../utils/dates.ts';
import { AssetRepairsCard } from '../repairs/AssetRepairsCard.tsx';
import { AssetReturns } from '../returns/AssetReturns.tsx';
import { AssetPnlCard } from './AssetPnlCard.tsx';
import { unitName } from './AssetsPage.tsx';
import { useAssetActionDialog } from './asset-actions.tsx';
import { useAsset, useAssetActions } from './hooks.ts';
import { assetsIds } from './testids.ts';

const DESTRUCTIVE: readonly AssetAction[] = ['mark_stolen', 'remove', 'mark_broken'];

function Actions({ asset }: { asset: ProductTrackingDetail }) {
  const actions = useAssetActions(asset.id);
  const { openAssetAction } = useAssetActionDialog();
  const list = actions.data?.actions ?? [];
  if (actions.data && list.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No further actions: the unit has left the fleet.
      </Typography>
    );
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {list.map(({ action, to }) => (
        <Button
          key={action}
          variant={DESTRUCTIVE.includes(action) ? 'outlined' : 'contained'}
          color={DESTRUCTIVE.includes(action) ? 'error' : 'primary'}
          size="small"
          onClick={() => openAssetAction(asset, action, to)}
          data-testid={assetsIds.action(action)}
        >
          {ASSET_ACTION_LABELS[action]}
        </Button>
      ))}
    </Box>
  );
}

function History({ asset }: { asset: ProductTrackingDetail }) {
  return (
    <Card variant="outlined">
      <CardHeader title="History" subheader="Every status change, newest first" />
      <CardContent sx={{ pt: 0 }}>
        <List dense disablePadding data-testid={assetsIds.history}>
          {asset.history.map((h) => (
            <ListItem
              key={h.id}
              disableGutters
              divider
              data-testid={assetsIds.historyRow}
              alignItems="flex-start"
            >
              <ListItemText
                primary={
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                    {h.from_status ? (
                      <>
                        <StatusChip status={h.from_status} testId={`${assetsIds.historyRow}-from`} />
                        <span aria-hidden>→</span>
                      </>
                    ) : (
                      <Typography variant="body2">Tracked as</Typography>
                    )}
                    <StatusChip status={h.to_status} testId={`${assetsIds.historyRow}-to`} />
                    {h.action && (
                      <Typography variant="body2" color="text.secondary">
                        {ASSET_ACTION_LABELS[h.action as AssetAction] ?? h.action}
                      </Typography>
                    )}
                  </Box>
                }
                secondary={
                  <>
                    {formatDate(h.created_at, true)}
                    {h.user_name ? ` · ${h.user_name}` : ''}
                    {h.subscription_id ? ` · subscription ${h.subscription_id}` : ''}
                    {h.reason ? (
                      <Typography
                        component="span"
                        variant="body2"
                        sx={{ display: 'block', color: 'text.primary' }}
                      >
                        {h.reason}
                      </Typography>
                    ) : null}
                  </>
                }
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}

export function AssetDetailPage() {
  const id = Number(useParams().id);
  const query = useAsset(id);
  const currency = useCompanyCurrency();
  const field = (name: string) => assetsIds.field(name);

  return (
    <DetailPage
      query={query}
      list={{ to: '/cms/assets', label: 'Assets', all: 'All assets' }}
      backTestId={assetsIds.back}
      notFound="This asset does not exist in the current company."
      testId={assetsIds.detailPage}
      errorTestId={assetsIds.detailError}
      crumb={(a) => a.serial_number}
      header={(a) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
          <Typography variant="h5" component="h1" sx={{ fontFamily: 'monospace', fontWeight: 700 }}>
            {a?.serial_number ?? ' '}
          </Typography>
          {a && <StatusChip status={a.status} testId={assetsIds.status} />}
        </Box>
      )}
    >
      {(a) => (
        <CardGrid alignStart>
          <Stack spacing={2}>
            <Card variant="outlined">
              <CardHeader
                title="Status"
                subheader={`${statusLabel(a.status)} since ${formatDate(a.status_changed_at, true)}`}
              />
              <CardContent sx={{ pt: 0 }}>
                <Actions asset={a} />
              </CardContent>
            </Card>
            <Card variant="outlined">
              <CardHeader title="Unit" />
              <CardContent sx={{ pt: 0 }}>
                <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
                  <DetailField
                    label={a.bundle_id ? 'Bundle' : 'Product'}
                    testId={field('product')}
                    value={unitName(a)}
                  />
                  <DetailField label="Subscription" testId={field('subscription')}>
                    {a.subscription_id ? (
                      <Link component={RouterLink} to={`/cms/subscriptions/${a.subscription_id}`}>
                        {a.subscription_id}
                      </Link>
                    ) : null}
                  </DetailField>
                  <DetailField label="Location" testId={field('location')} value={a.location} />
                  <DetailField label="Condition" testId={field('condition_note')} value={a.condition_note} />
                  <DetailField
                    label="Purchase date"
                    testId={field('purchase_date')}
                    value={a.purchase_date ? formatDate(a.purchase_date) : null}
                  />
                  <DetailField
                    label="Purchase cost"
                    testId={field('purchase_cost')}
                    value={formatAmount(a.purchase_cost, currency, '')}
                  />
                  <DetailField
                    label="Tracked since"
                    testId={field('created_at')}
                    value={formatDate(a.created_at)}
                  />
                </Box>
              </CardContent>
            </Card>
            <AssetRepairsCard asset={a} />
          </Stack>
          <Stack spacing={2}>
            <AssetPnlCard assetId={a.id} />
            <AssetReturns asset={a} />
            <History asset={a} />
          </Stack>
        </CardGrid>
      )}
    </DetailPage>
  );
}
