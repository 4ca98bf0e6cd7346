/**
 * The product sync on the product list: the "Sync products" button (admins; enabled once a shop is
 * connected with credentials) and the latest sync's progress and result, polled while it runs.
 */
import Sync from '@mui/icons-material/Sync';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ProductSync } from '@rentloop/domain/catalog';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { productsKeys } from '../../api/catalog-keys.ts';
import { LazyTooltip as Tooltip } from '../../components/LazyTooltip.tsx';
import { formatDateTime } from '../../utils/dates.ts';
import { notify } from '../../utils/notify.ts';
import { useIsCatalogAdmin } from './CatalogHeader.tsx';
import { syncIsActive, useLatestSync, useStartSync } from './hooks.ts';
import { SOURCE_LABELS } from './product-labels.ts';
import { useShopSettings } from './shop-hooks.ts';
import { productsIds } from './testids.ts';

const count = new Intl.NumberFormat('en');

const shopName = (system: string) => SOURCE_LABELS[system as keyof typeof SOURCE_LABELS] ?? system;

/** "12 created, 3 updated, 280 unchanged, 1 removed". */
export function syncCounts(sync: ProductSync): string {
  return [
    `${count.format(sync.created)} created`,
    `${count.format(sync.updated)} updated`,
    `${count.format(sync.unchanged)} unchanged`,
    `${count.format(sync.removed)} removed`,
  ].join(', ');
}

export function SyncButton() {
  const isAdmin = useIsCatalogAdmin();
  const settings = useShopSettings(isAdmin);
  const latest = useLatestSync();
  const start = useStartSync();
  if (!isAdmin) return null;

  const syncable = settings.data?.syncable ?? false;
  const running = syncIsActive(latest.data);
  const hint = !syncable
    ? 'Connect your shop (with its API credentials) to sync its products.'
    : running
      ? 'A sync is running.'
      : `Fetch the products and variants of your ${shopName(settings.data?.shop_system ?? '')} shop.`;

  return (
    <Tooltip title={hint} data-testid={productsIds.syncHint}>
      {/* A disabled button fires no events: the span carries the tooltip. */}
      <span>
        <Button
          variant="outlined"
          startIcon={<Sync />}
          disabled={!syncable || running}
          loading={start.isPending}
          loadingPosition="start"
          onClick={() =>
            start.mutate(undefined, {
              onSuccess: ({ message }) => notify.success(message || 'Product sync started.'),
              onError: (error) => notify.error(error.message),
            })
          }
          data-testid={productsIds.sync}
        >
          Sync products
        </Button>
      </span>
    </Tooltip>
  );
}

/** The latest sync: progress while it runs, its counts when it succeeded, its message when it failed. */
export function SyncStatus() {
  const latest = useLatestSync();
  const queryClient = useQueryClient();
  const isAdmin = useIsCatalogAdmin();
  const sync = latest.data ?? null;
  const wasActive = useRef(false);

  // When a sync finishes, the list shows what it wrote.
  useEffect(() => {
    const active = syncIsActive(sync);
    if (wasActive.current && !active) void queryClient.invalidateQueries({ queryKey: productsKeys.all });
    wasActive.current = active;
  }, [sync, queryClient]);

  if (!sync) {
    // A failure to read the status (a 404 included) is shown, never taken for "no sync yet".
    if (!latest.error) return null;
    return (
      <Alert severity="error" sx={{ mb: 2 }} data-testid={productsIds.syncPanel} data-status="error">
        <AlertTitle data-testid={productsIds.syncStatus}>Could not load the product sync’s status</AlertTitle>
        <Box data-testid={productsIds.syncError}>{latest.error.message}</Box>
      </Alert>
    );
  }
  const shop = shopName(sync.shop_system);

  if (syncIsActive(sync)) {
    const total = sync.total ?? 0;
    // Every page read: the sync is writing them to the catalog, all in one transaction.
    const saving = sync.status === 'running' && total > 0 && sync.processed >= total;
    const value = total > 0 && !saving ? Math.min(100, (sync.processed / total) * 100) : undefined;
    const title =
      sync.status === 'queued'
        ? `Product sync from ${shop} is queued`
        : saving
          ? `Saving the products from ${shop}`
          : `Reading products from ${shop}`;
    return (
      <Alert
        severity="info"
        icon={<Sync />}
        sx={{ mb: 2, '& .MuiAlert-message': { flexGrow: 1 } }}
        data-testid={productsIds.syncPanel}
        data-status={sync.status}
      >
        <AlertTitle data-testid={productsIds.syncStatus}>{title}</AlertTitle>
        <LinearProgress
          variant={value === undefined ? 'indeterminate' : 'determinate'}
          value={value}
          sx={{ my: 1, height: 6, borderRadius: 3 }}
          aria-label="Product sync progress"
          data-testid={productsIds.syncBar}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="body2" data-testid={productsIds.syncProgress}>
            {sync.total === null
              ? `${count.format(sync.processed)} products read`
              : `${count.format(sync.processed)} of ${count.format(sync.total)} products read`}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            The catalog changes only once every product is read.
          </Typography>
        </Box>
      </Alert>
    );
  }

  const finished = sync.finished_at ? formatDateTime(sync.finished_at) : null;
  if (sync.status === 'failed') {
    return (
      <Alert severity="error" sx={{ mb: 2 }} data-testid={productsIds.syncPanel} data-status={sync.status}>
        <AlertTitle data-testid={productsIds.syncStatus}>
          The product sync from {shop} failed{finished ? ` (${finished})` : ''}
        </AlertTitle>
        <Box data-testid={productsIds.syncError}>{sync.error}</Box>
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          Nothing in the catalog was changed.{' '}
          {isAdmin ? (
            <>
              Fix the cause (see{' '}
              <Link component={RouterLink} to="/cms/products/shop">
                Shop connection
              </Link>
              ) and start the sync again.
            </>
          ) : (
            'An admin can fix the cause and start the sync again.'
          )}
        </Typography>
      </Alert>
    );
  }
  return (
    <Alert severity="success" sx={{ mb: 2 }} data-testid={productsIds.syncPanel} data-status={sync.status}>
      <AlertTitle data-testid={productsIds.syncStatus}>
        Products synced from {shop}
        {finished ? ` on ${finished}` : ''}
      </AlertTitle>
      <Box data-testid={productsIds.syncCounts}>
        {count.format(sync.processed)} products read: {syncCounts(sync)}.
      </Box>
    </Alert>
  );
}
