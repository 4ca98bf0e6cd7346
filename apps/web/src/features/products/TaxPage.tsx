/**
 * `/cms/products/tax`: the company's default tax rate and whether prices include tax, and the tax
 * rules (country, region, tax class, percentage) with create, edit, delete and "Refresh from
 * shop" (the WooCommerce shop's tax rates). The rate of an order line is the most specific rule for
 * its shipping address and the product's tax class, else the default rate.
 */

import { zodResolver } from '@hookform/resolvers/zod';
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/Edit';
import Refresh from '@mui/icons-material/Refresh';
import Save from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { TaxConfig, TaxRule } from '@rentloop/domain/catalog';
import { useState } from 'react';
import { Controller, type Resolver } from 'react-hook-form';
import { Link, Outlet, useLocation } from 'react-router';
import { z } from 'zod';
import { percentField } from '../../components/amounts.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { CountrySelect } from '../../components/CountrySelect.tsx';
import { PRODUCT_CLASS_LABELS } from '../../components/catalog-labels.ts';
import { countryLabel } from '../../components/country-label.ts';
import { useListState } from '../../components/list-state.ts';
import { NewButton } from '../../components/NewButton.tsx';
import { Pager } from '../../components/Pager.tsx';
import { formatPercent, percentText } from '../../components/percent-text.ts';
import { PercentField } from '../../components/UnitFields.tsx';
import { useAppForm } from '../../components/use-app-form.ts';
import { useSubmit } from '../../components/use-submit.ts';
import { notify } from '../../utils/notify.ts';
import { CatalogHeader, useIsCatalogAdmin } from './CatalogHeader.tsx';
import { SOURCE_LABELS } from './product-labels.ts';
import { useShopSettings } from './shop-hooks.ts';
import { regionLabel } from './tax-form.ts';
import {
  useDeleteTaxRule,
  useRefreshTaxRules,
  useTaxConfig,
  useTaxRules,
  useUpdateTaxConfig,
} from './tax-hooks.ts';
import { taxIds } from './testids.ts';

interface ConfigValues {
  default_rate: string;
  prices_include_tax: boolean;
}
const configSchema = z.object({ default_rate: percentField, prices_include_tax: z.boolean() });
type ConfigOutput = z.output<typeof configSchema>;
const configResolver = zodResolver(configSchema) as unknown as Resolver<ConfigValues, unknown, ConfigOutput>;

function DefaultRateForm({ config, editable }: { config: TaxConfig; editable: boolean }) {
  const update = useUpdateTaxConfig();
  const form = useAppForm<ConfigValues, unknown, ConfigOutput>({
    resolver: configResolver,
    defaultValues: {
      default_rate: percentText(config.default_rate),
      prices_include_tax: config.prices_include_tax,
    },
  });
  const { onSubmit } = useSubmit(form, update, {
    saved: 'Tax configuration updated.',
    onSaved: ({ data }) =>
      form.reset({
        default_rate: percentText(data.default_rate),
        prices_include_tax: data.prices_include_tax,
      }),
  });
  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      data-testid={taxIds.configForm}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2 }}
    >
      <Box sx={{ width: 200 }}>
        <PercentField control={form.control} name="default_rate" label="Default rate" disabled={!editable} />
      </Box>
      <Controller
        control={form.control}
        name="prices_include_tax"
        render={({ field }) => (
          <FormControlLabel
            sx={{ mt: 1 }}
            disabled={!editable}
            control={
              <Switch
                checked={field.value}
                onChange={(event) => field.onChange(event.target.checked)}
                slotProps={{ input: { 'data-testid': taxIds.pricesIncludeTax } as object }}
              />
            }
            label="Prices include tax"
          />
        )}
      />
      {editable && (
        <Button
          type="submit"
          variant="contained"
          startIcon={<Save />}
          disabled={!form.formState.isDirty}
          loading={update.isPending}
          loadingPosition="start"
          sx={{ mt: 1 }}
          data-testid={taxIds.configSave}
        >
          Save
        </Button>
      )}
    </Box>
  );
}

function RefreshButton() {
  const shop = useShopSettings();
  const refresh = useRefreshTaxRules();
  const settings = shop.data;
  if (!settings?.shop_system || !settings.has_credentials) return null;
  const shopify = settings.shop_system === 'shopify';
  return (
    <Tooltip
      title={
        shopify
          ? 'Shopify does not publish its tax rates through its API; define the tax rules here.'
          : 'Replace the rules imported from your shop with its current tax rates. Your own rules for other places stay.'
      }
    >
      <span>
        <Button
          variant="outlined"
          startIcon={<Refresh />}
          disabled={shopify}
          loading={refresh.isPending}
          loadingPosition="start"
          onClick={() =>
            refresh.mutate(undefined, {
              onSuccess: ({ data, message }) =>
                notify.success(
                  `${message || 'Tax rules refreshed from the shop.'} ${data.created} created, ${data.updated} updated, ${data.unchanged} unchanged, ${data.removed} removed, ${data.skipped} skipped.`,
                ),
              onError: (error) => notify.error(error.message),
            })
          }
          data-testid={taxIds.refresh}
        >
          Refresh from shop
        </Button>
      </span>
    </Tooltip>
  );
}

function RulesCard({ editable }: { editable: boolean }) {
  const state = useListState();
  const country = state.filters.country ?? null;
  const rules = useTaxRules(state.page, country);
  const remove = useDeleteTaxRule();
  const [deleting, setDeleting] = useState<TaxRule | null>(null);
  const { search } = useLocation();
  const rows = rules.data?.data;

  return (
    <Card>
      <CardHeader
        title="Tax rules"
        subheader="The rate for a shipping country (and region) and a tax class. The most specific rule applies; without one, the default rate."
        slotProps={{ title: { variant: 'h6' } }}
      />
      <Box sx={{ px: 2, pb: 2, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <Box sx={{ width: '100%', maxWidth: 300 }}>
          <CountrySelect
            countries="all"
            name="country_filter"
            label="Country"
            placeholder="All countries"
            shrinkLabel
            value={country}
            onChange={(code) => state.setFilter('country', code || null)}
            testId={taxIds.countryFilter}
          />
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        {editable && (
          <>
            <RefreshButton />
            <NewButton to="/cms/products/tax/create" icon={<Add />} testId={taxIds.newRule}>
              New tax rule
            </NewButton>
          </>
        )}
      </Box>
      {rules.error && (
        <Alert severity="warning" sx={{ borderRadius: 0 }} data-testid={taxIds.rulesError}>
          {rules.error.message}
        </Alert>
      )}
      <TableContainer>
        <Table aria-label="Tax rules" data-testid={taxIds.rulesTable}>
          <TableHead>
            <TableRow>
              <TableCell>Country</TableCell>
              <TableCell>Region</TableCell>
              <TableCell>Tax class</TableCell>
              <TableCell align="right">Rate</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Name</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Source</TableCell>
              {editable && <TableCell align="right" />}
            </TableRow>
          </TableHead>
          <TableBody>
            {!rows &&
              Array.from({ length: 3 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows
                <TableRow key={i}>
                  <TableCell colSpan={editable ? 7 : 6}>
                    <Skeleton />
                  </TableCell>
                </TableRow>
              ))}
            {rows?.map((rule) => (
              <TableRow
                key={rule.id}
                data-testid={taxIds.ruleRow}
                data-country={rule.country}
                data-region={rule.region ?? ''}
                sx={{ opacity: rules.isFetching ? 0.65 : 1 }}
              >
                <TableCell>
                  {countryLabel(rule.country)}{' '}
                  <Typography component="span" variant="body2" color="text.secondary">
                    ({rule.country.toUpperCase()})
                  </Typography>
                </TableCell>
                <TableCell>{regionLabel(rule.country, rule.region) ?? 'Whole country'}</TableCell>
                <TableCell>{PRODUCT_CLASS_LABELS[rule.product_class]}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {formatPercent(rule.percentage)}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{rule.name ?? ''}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  {SOURCE_LABELS[rule.source as keyof typeof SOURCE_LABELS] ?? rule.source}
                </TableCell>
                {editable && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title="Edit">
                      <IconButton
                        component={Link}
                        to={`/cms/products/tax/${rule.id}${search}`}
                        aria-label={`Edit the rule for ${countryLabel(rule.country)}`}
                        data-testid={taxIds.editRule(rule.id)}
                      >
                        <Edit fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Delete">
                      <IconButton
                        aria-label={`Delete the rule for ${countryLabel(rule.country)}`}
                        onClick={() => setDeleting(rule)}
                        data-testid={taxIds.deleteRule(rule.id)}
                      >
                        <DeleteOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                )}
              </TableRow>
            ))}
            {rows?.length === 0 && (
              <TableRow>
                <TableCell colSpan={7} sx={{ borderBottom: 0 }}>
                  <Typography
                    color="text.secondary"
                    sx={{ py: 4, textAlign: 'center' }}
                    data-testid={taxIds.rulesEmpty}
                  >
                    {country
                      ? 'No rules for this country.'
                      : 'No tax rules yet: every line uses the default rate.'}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <Box sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider' }}>
        <Pager
          meta={rules.data?.meta}
          onPage={state.setPage}
          ids={{
            range: taxIds.pagerRange,
            page: taxIds.pagerPage,
            previous: taxIds.pagerPrevious,
            next: taxIds.pagerNext,
          }}
        />
      </Box>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this tax rule?"
        confirmLabel="Delete"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: ({ message }) => {
              notify.success(message || 'Tax rule deleted.');
              setDeleting(null);
            },
            onError: (error) => notify.error(error.message),
          })
        }
      >
        {deleting &&
          `${countryLabel(deleting.country)}${deleting.region ? `, ${regionLabel(deleting.country, deleting.region)}` : ''} (${PRODUCT_CLASS_LABELS[deleting.product_class].toLowerCase()}): ${formatPercent(deleting.percentage)}. Lines there will use the next matching rule or the default rate.`}
      </ConfirmDialog>
    </Card>
  );
}

export function TaxPage() {
  const isAdmin = useIsCatalogAdmin();
  const config = useTaxConfig();
  return (
    <Box data-testid={taxIds.page}>
      <CatalogHeader tab="tax" subtitle="The tax rates your orders, subscriptions and invoices use" />
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Card>
          <CardHeader
            title="Default rate"
            subheader="Used where no tax rule matches the shipping address and the product's tax class"
            slotProps={{ title: { variant: 'h6' } }}
          />
          <CardContent sx={{ pt: 0 }}>
            {config.data ? (
              <DefaultRateForm config={config.data} editable={isAdmin} />
            ) : config.error ? (
              <Alert severity="error">{config.error.message}</Alert>
            ) : (
              <Skeleton variant="rounded" height={56} width={420} />
            )}
          </CardContent>
        </Card>
        <RulesCard editable={isAdmin} />
      </Box>
      <Outlet />
    </Box>
  );
}
