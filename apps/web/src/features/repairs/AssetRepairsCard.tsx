/**
 * The asset page's repairs: each repair case of the unit (status, when, its recorded cost), a link to
 * each, and "Open repair" for a unit that can be sent to repair (or is in repair without an open one).
 */
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ProductTracking } from '@rentloop/domain/product-tracking';
import { REPAIR_TEXTS } from '@rentloop/domain/repairs';
import { Link as RouterLink, useNavigate } from 'react-router';
import { formatAmount } from '../../components/money.ts';
import { StatusChip } from '../../components/StatusChip.tsx';
import { formatDate } from '../../utils/dates.ts';
import { notify } from '../../utils/notify.ts';
import { useAssetRepairs, useCreateRepair } from './hooks.ts';
import { repairsIds } from './testids.ts';

const REPAIRABLE = ['in stock', 'rented out', 'broken', 'to repair'];

export function AssetRepairsCard({ asset }: { asset: ProductTracking }) {
  const repairs = useAssetRepairs(asset.id);
  const create = useCreateRepair();
  const navigate = useNavigate();
  const rows = repairs.data?.data ?? [];
  const hasOpen = rows.some((r) => r.status === 'open');
  const open = () =>
    create.mutate(
      { product_tracking_id: asset.id },
      {
        onSuccess: ({ data, message }) => {
          notify.success(message || REPAIR_TEXTS.created);
          void navigate(`/cms/repairs/${data.id}`);
        },
        onError: (e) => notify.error(e.message || REPAIR_TEXTS.createFailed),
      },
    );
  return (
    <Card variant="outlined">
      <CardHeader
        title="Repairs"
        action={
          REPAIRABLE.includes(asset.status) && !hasOpen && repairs.data ? (
            <Button
              size="small"
              onClick={open}
              loading={create.isPending}
              data-testid={repairsIds.openRepair}
            >
              Open repair
            </Button>
          ) : null
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {repairs.data && rows.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            No repairs yet.
          </Typography>
        )}
        <List dense disablePadding data-testid={repairsIds.assetRepairs}>
          {rows.map((r) => (
            // A list holds list items only (axe "list"): the link sits in its item.
            <ListItem key={r.id} disablePadding divider>
              <ListItemButton
                component={RouterLink}
                to={`/cms/repairs/${r.id}`}
                data-testid={repairsIds.assetRepairRow}
                sx={{ gap: 1 }}
              >
                <ListItemText
                  primary={`Repair ${r.id}`}
                  secondary={`Opened ${formatDate(r.created_at)}${r.total_cost ? ` · ${formatAmount(r.total_cost, r.currency)}` : ''}`}
                />
                <StatusChip status={r.status} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
