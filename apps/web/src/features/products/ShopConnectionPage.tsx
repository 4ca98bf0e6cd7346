/**
 * `/cms/products/shop` (admins): the shop the catalog is synced from (`GET/PUT
 * /api/companies/{company}/settings/shop_system`). Credentials are write-only: the API keeps them
 * encrypted and only says whether it has them; an empty credential field keeps the stored ones.
 */

import { zodResolver } from '@hookform/resolvers/zod';
import LinkOff from '@mui/icons-material/LinkOff';
import Save from '@mui/icons-material/Save';
import Sync from '@mui/icons-material/Sync';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { type ShopSettings, type ShopSettingsInput, SYNCABLE_SHOPS } from '@rentloop/domain/companies';
import { type ReactNode, useMemo, useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormProblems } from '../../components/DialogForm.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { useAppForm } from '../../components/use-app-form.ts';
import { useSaveFailure } from '../../components/use-submit.ts';
import { formatDateTime } from '../../utils/dates.ts';
import { notify } from '../../utils/notify.ts';
import { CatalogHeader } from './CatalogHeader.tsx';
import { useLatestSync } from './hooks.ts';
import { SOURCE_LABELS } from './product-labels.ts';
import { KEEP_CREDENTIALS, type ShopFormValues, shopFormSchema, toShopValues } from './shop-form.ts';
import { useSaveShopSettings, useShopSettings } from './shop-hooks.ts';
import { SHOP_REACH_COLORS, SHOP_REACH_LABELS, type ShopReach, shopReach } from './shop-status.ts';
import { shopIds } from './testids.ts';

function Status({ settings }: { settings: ShopSettings }) {
  const name = settings.shop_system ? (SOURCE_LABELS[settings.shop_system] ?? settings.shop_system) : null;
  const latest = useLatestSync();
  const reach = shopReach(settings, latest.data);
  const finished = latest.data?.finished_at ? formatDateTime(latest.data.finished_at) : '';
  const detail: Record<ShopReach, ReactNode> = {
    'not-connected': 'Connect your shop to sync its products and variants into Rentloop.',
    'not-reached-yet': (
      <>
        {name} at <strong>{settings.url}</strong> is saved. Rentloop reaches it on the first sync.
      </>
    ),
    syncing: (
      <>
        Syncing from {name} at <strong>{settings.url}</strong>.
      </>
    ),
    reached: (
      <>
        {name} at <strong>{settings.url}</strong>, last reached {finished}.
      </>
    ),
    'not-reached': (
      <>
        The last sync ({finished}) could not read {name} at <strong>{settings.url}</strong>
        {latest.data?.error ? `: ${latest.data.error}` : '.'}
      </>
    ),
  };
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}
      data-testid={shopIds.status}
      data-reach={reach}
    >
      <Chip
        label={SHOP_REACH_LABELS[reach]}
        color={SHOP_REACH_COLORS[reach]}
        variant="outlined"
        sx={{ fontWeight: 600 }}
        data-connected={reach !== 'not-connected'}
      />
      <Typography variant="body2">
        {detail[reach]}
        {reach !== 'not-connected' && ' API credentials are stored encrypted and never shown.'}
      </Typography>
    </Box>
  );
}

function ShopForm({ settings }: { settings: ShopSettings }) {
  const save = useSaveShopSettings();
  const [confirming, setConfirming] = useState(false);
  const resolver = useMemo(
    () =>
      zodResolver(shopFormSchema(settings)) as unknown as Resolver<
        ShopFormValues,
        unknown,
        ShopSettingsInput
      >,
    [settings],
  );
  const form = useAppForm<ShopFormValues, unknown, ShopSettingsInput>({
    resolver,
    defaultValues: toShopValues(settings),
  });
  const failure = useSaveFailure(form);
  const system = form.watch('shop_system');
  const keep = settings.has_credentials && settings.shop_system === system;
  const credentialProps = {
    type: 'password',
    autoComplete: 'new-password',
    placeholder: keep ? KEEP_CREDENTIALS : undefined,
    helperText: keep ? undefined : 'Stored encrypted; never shown again',
    slotProps: { inputLabel: { shrink: true } },
  } as const;

  const submit = (input: ShopSettingsInput, after?: () => void) => {
    failure.clear();
    save.mutate(input, {
      onSuccess: ({ data, message }) => {
        notify.success(message || 'Shop settings saved.');
        form.reset(toShopValues(data));
        after?.();
      },
      onError: (error) => {
        failure.fail(error);
        after?.();
      },
    });
  };

  return (
    <form noValidate onSubmit={form.handleSubmit((input) => submit(input))} data-testid={shopIds.form}>
      <FormProblems
        // A credential's problem names its field ("credentials: ..."): the form shows no such field.
        problems={failure.problems.map((p) => p.replace(/^credentials: /, ''))}
        testId={shopIds.formError}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '240px minmax(0, 1fr)' } }}>
        <FormTextField
          control={form.control}
          name="shop_system"
          label="Shop system"
          select
          slotProps={{ htmlInput: { 'data-testid': shopIds.system } }}
        >
          {SYNCABLE_SHOPS.map((s) => (
            <MenuItem key={s} value={s} data-value={s}>
              {SOURCE_LABELS[s]}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={form.control}
          name="url"
          label="Shop address"
          required
          placeholder={system === 'shopify' ? 'https://your-shop.myshopify.com' : 'https://shop.example.com'}
          helperText={
            system === 'shopify'
              ? 'Your shop’s https://<name>.myshopify.com address'
              : 'The WordPress site’s address (a site in a subfolder works)'
          }
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'url' } }}
        />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {system === 'woocommerce' ? (
          <>
            <FormTextField
              control={form.control}
              name="consumer_key"
              label="Consumer key"
              {...credentialProps}
            />
            <FormTextField
              control={form.control}
              name="consumer_secret"
              label="Consumer secret"
              {...credentialProps}
            />
          </>
        ) : (
          <FormTextField
            control={form.control}
            name="access_token"
            label="Admin API access token"
            {...credentialProps}
          />
        )}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} data-testid={shopIds.credentialsNote}>
        {system === 'woocommerce'
          ? 'In WordPress, create a key under WooCommerce → Settings → Advanced → REST API with Read permission. WooCommerce accepts it over https only.'
          : 'In Shopify, create a custom app with the Admin API scope read_products and copy its Admin API access token.'}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, mt: 3, flexWrap: 'wrap' }}>
        <Button
          type="submit"
          variant="contained"
          startIcon={<Save />}
          loading={save.isPending}
          loadingPosition="start"
          data-testid={shopIds.save}
        >
          {settings.shop_system ? 'Save' : 'Connect shop'}
        </Button>
        {settings.syncable && (
          <Button component={Link} to="/cms/products" startIcon={<Sync />} data-testid={shopIds.goToProducts}>
            Sync products
          </Button>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {settings.shop_system && (
          <Button
            color="error"
            startIcon={<LinkOff />}
            onClick={() => setConfirming(true)}
            disabled={save.isPending}
            data-testid={shopIds.disconnect}
          >
            Disconnect
          </Button>
        )}
      </Box>
      <ConfirmDialog
        open={confirming}
        title="Disconnect the shop?"
        confirmLabel="Disconnect"
        busy={save.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => submit({ shop_system: null }, () => setConfirming(false))}
      >
        The stored credentials are deleted and no more syncs run. Products already synced stay in the catalog.
      </ConfirmDialog>
    </form>
  );
}

export function ShopConnectionPage() {
  const settings = useShopSettings();
  return (
    <Box data-testid={shopIds.page}>
      <CatalogHeader
        tab="shop"
        subtitle="Where your catalog comes from when you sell through an online shop"
      />
      <Card>
        <CardHeader
          title="Shop connection"
          subheader="Rentloop reads products and variants from your shop; rental terms, buyout prices, tax classes and collections stay in Rentloop."
          slotProps={{ title: { variant: 'h6' } }}
        />
        <CardContent sx={{ pt: 0, display: 'grid', gap: 3 }}>
          {settings.data ? (
            <>
              <Status settings={settings.data} />
              <ShopForm settings={settings.data} />
            </>
          ) : settings.error ? (
            <Alert severity="error">{settings.error.message}</Alert>
          ) : (
            <Skeleton variant="rounded" height={240} />
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
