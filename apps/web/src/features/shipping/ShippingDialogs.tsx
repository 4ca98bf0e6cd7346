/**
 * The shipping dialogs over Settings: a country (with its regions for CA, US, AU), a method (of a
 * country or global), a method's price rule (bands by cart value or weight) and a standalone rule.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { PRODUCT_CLASSES } from '@rentloop/domain/catalog';
import { MESSAGES } from '@rentloop/domain/messages';
import { regionsForCountry } from '@rentloop/domain/regions';
import { SHIPPING_REGION_COUNTRIES, type ShippingMethod, type ShippingRule } from '@rentloop/domain/shipping';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useParams } from 'react-router';
import { CountrySelect } from '../../components/CountrySelect.tsx';
import { PRODUCT_CLASS_LABELS } from '../../components/catalog-labels.ts';
import { countryLabel } from '../../components/country-label.ts';
import { DialogForm, DialogRecord } from '../../components/DialogForm.tsx';
import { FormSwitchField } from '../../components/FormSwitchField.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { type PickedProduct, ProductPicker } from '../../components/ProductPicker.tsx';
import { RouteDialog, useRouteDialog } from '../../components/RouteDialog.tsx';
import { AmountField, WholeNumberField } from '../../components/UnitFields.tsx';
import { useAppForm } from '../../components/use-app-form.ts';
import { useSubmit } from '../../components/use-submit.ts';
import { useMethodRule, useShippingCountries, useShippingMethods, useShippingWrite } from './hooks.ts';
import { SHIPPING_HOME, shippingFormIds, shippingIds } from './testids.ts';

const slot = (name: string) => ({ htmlInput: { 'data-testid': shippingIds.field(name) } });
const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;
const orNull = (v: string) => (v.trim() === '' ? null : v.trim());
const intOrNull = (v: string) => (v.trim() === '' ? null : Number(v.trim()));
const list = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function Dialog({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <RouteDialog title={title} closeTo={SHIPPING_HOME} maxWidth="sm" testId={shippingIds.dialog}>
      {children}
    </RouteDialog>
  );
}

// ---- country ----

function CountryForm() {
  const { close } = useRouteDialog();
  const form = useAppForm({ defaultValues: { country: '', regions: [] as string[], active: true } });
  const country = form.watch('country').toLowerCase();
  const withRegions = (SHIPPING_REGION_COUNTRIES as readonly string[]).includes(country);
  const submit = useSubmit(form, useShippingWrite('POST', MESSAGES.shippingCountryCreateFailed), {
    payload: (v) => ({
      rest: 'shipping-countries',
      body: {
        country: v.country,
        regions: withRegions && v.regions.length ? v.regions : null,
        active: v.active,
      },
    }),
    onSaved: () => close(),
  });
  return (
    <DialogForm {...submit} saveLabel="Add country" testIds={shippingFormIds}>
      <Box sx={grid}>
        <Controller
          control={form.control}
          name="country"
          render={({ field, fieldState }) => (
            <CountrySelect
              countries="all"
              name="country"
              label="Country"
              value={field.value}
              onChange={(code) => {
                field.onChange(code);
                form.setValue('regions', []);
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
              required
              error={fieldState.error?.message}
              testId={shippingIds.field('country')}
              optionTestId={(code) => shippingIds.option('country', code)}
            />
          )}
        />
        {withRegions ? (
          <FormTextField
            control={form.control}
            name="regions"
            label="Regions"
            select
            helperText="None: the whole country"
            slotProps={{ ...slot('regions'), select: { multiple: true } }}
          >
            {regionsForCountry(country).map((r) => (
              <MenuItem key={r.region} value={r.region} data-testid={shippingIds.option('region', r.region)}>
                {r.name} ({r.region})
              </MenuItem>
            ))}
          </FormTextField>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
            Ships to the whole country.
          </Typography>
        )}
        <FormSwitchField control={form.control} name="active" label="Active" />
      </Box>
    </DialogForm>
  );
}

export function ShippingCountryDialog() {
  return (
    <Dialog title="New shipping country">
      <CountryForm />
    </Dialog>
  );
}

// ---- method ----

function MethodForm({ method }: { method?: ShippingMethod }) {
  const { close } = useRouteDialog();
  const countries = useShippingCountries();
  const form = useAppForm({
    defaultValues: {
      scope: method?.shipping_country_id ? String(method.shipping_country_id) : 'global',
      name: method?.name ?? '',
      carrier: method?.carrier ?? '',
      price: method?.price ?? '',
      free_shipping_threshold: method?.free_shipping_threshold ?? '',
      delivery_days_min: method?.delivery_days_min?.toString() ?? '',
      delivery_days_max: method?.delivery_days_max?.toString() ?? '',
      tax_class: method?.tax_class ?? 'standard',
    },
  });
  const write = useShippingWrite(
    method ? 'PUT' : 'POST',
    method ? MESSAGES.shippingMethodUpdateFailed : MESSAGES.shippingMethodCreateFailed,
  );
  const submit = useSubmit(form, write, {
    payload: ({ scope, ...v }) => ({
      rest: method
        ? `shipping-methods/${method.id}`
        : scope === 'global'
          ? 'shipping-methods'
          : `shipping-countries/${scope}/shipping-methods`,
      body: {
        name: v.name,
        carrier: orNull(v.carrier),
        price: v.price.trim(),
        free_shipping_threshold: orNull(v.free_shipping_threshold),
        delivery_days_min: intOrNull(v.delivery_days_min),
        delivery_days_max: intOrNull(v.delivery_days_max),
        tax_class: v.tax_class,
      },
    }),
    onSaved: () => close(),
  });
  return (
    <DialogForm {...submit} saveLabel={method ? 'Save' : 'Add method'} testIds={shippingFormIds}>
      <Box sx={grid}>
        <FormTextField
          control={form.control}
          name="scope"
          label="Offered in"
          select
          disabled={Boolean(method)}
          slotProps={slot('scope')}
        >
          <MenuItem value="global" data-testid={shippingIds.option('scope', 'global')}>
            Every shipping country
          </MenuItem>
          {countries.data?.map((c) => (
            <MenuItem key={c.id} value={String(c.id)} data-testid={shippingIds.option('scope', c.country)}>
              {countryLabel(c.country)}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField control={form.control} name="name" label="Name" required slotProps={slot('name')} />
        <FormTextField control={form.control} name="carrier" label="Carrier" slotProps={slot('carrier')} />
        <AmountField control={form.control} name="price" label="Price" required slotProps={slot('price')} />
        <AmountField
          control={form.control}
          name="free_shipping_threshold"
          label="Free shipping from"
          helperText="Cart value; empty for never"
          slotProps={slot('free_shipping_threshold')}
        />
        <FormTextField
          control={form.control}
          name="tax_class"
          label="Tax class"
          select
          slotProps={slot('tax_class')}
        >
          {PRODUCT_CLASSES.map((c) => (
            <MenuItem key={c} value={c}>
              {PRODUCT_CLASS_LABELS[c]}
            </MenuItem>
          ))}
        </FormTextField>
        <WholeNumberField control={form.control} name="delivery_days_min" label="Delivery from" unit="days" />
        <WholeNumberField
          control={form.control}
          name="delivery_days_max"
          label="Delivery up to"
          unit="days"
        />
      </Box>
    </DialogForm>
  );
}

export function ShippingMethodCreateDialog() {
  return (
    <Dialog title="New shipping method">
      <MethodForm />
    </Dialog>
  );
}

export function ShippingMethodEditDialog() {
  const id = Number(useParams().id);
  const methods = useShippingMethods();
  const query = { ...methods, data: methods.data?.find((m) => m.id === id) };
  return (
    <Dialog title="Edit shipping method">
      <DialogRecord query={query as never}>{(m: ShippingMethod) => <MethodForm method={m} />}</DialogRecord>
    </Dialog>
  );
}

// ---- a method's price rule ----

const BAND_ROWS = 4;

function MethodRuleForm({ methodId, rule }: { methodId: number; rule: ShippingRule | null }) {
  const { close } = useRouteDialog();
  const bands = Array.from(
    { length: BAND_ROWS },
    (_, i) => rule?.bands[i] ?? { from: i === 0 ? '0' : '', price: '' },
  );
  const form = useAppForm({
    defaultValues: {
      name: rule?.name ?? 'Price bands',
      basis: rule?.basis ?? 'cart_value',
      ...Object.fromEntries(
        bands.flatMap((b, i) => [
          [`from${i}`, b.from],
          [`price${i}`, b.price],
        ]),
      ),
    } as Record<string, string>,
  });
  const basis = form.watch('basis');
  const write = useShippingWrite(
    'POST',
    rule ? MESSAGES.shippingRuleUpdateFailed : MESSAGES.shippingRuleCreateFailed,
  );
  const submit = useSubmit(form, write, {
    payload: (v) => ({
      rest: `shipping-methods/${methodId}/shipping-rule`,
      body: {
        name: v.name,
        basis: v.basis,
        bands: bands
          .map((_, i) => ({ from: (v[`from${i}`] ?? '').trim(), price: (v[`price${i}`] ?? '').trim() }))
          .filter((b) => b.from !== '' && b.price !== ''),
      },
    }),
    onSaved: () => close(),
  });
  return (
    <DialogForm {...submit} saveLabel="Save rule" testIds={shippingFormIds}>
      <Box sx={grid}>
        <FormTextField
          control={form.control}
          name="name"
          label="Name"
          required
          slotProps={slot('rule-name')}
        />
        <FormTextField control={form.control} name="basis" label="Priced by" select slotProps={slot('basis')}>
          <MenuItem value="cart_value" data-testid={shippingIds.option('basis', 'cart_value')}>
            Cart value
          </MenuItem>
          <MenuItem value="weight" data-testid={shippingIds.option('basis', 'weight')}>
            Weight (grams)
          </MenuItem>
        </FormTextField>
        {bands.map((_, i) => (
          <Box key={`band-${i === 0 ? 'first' : i}`} sx={{ display: 'contents' }}>
            {basis === 'weight' ? (
              <WholeNumberField
                control={form.control}
                name={`from${i}`}
                label={`Band ${i + 1}: from`}
                unit="g"
                slotProps={slot(`from${i}`)}
              />
            ) : (
              <AmountField
                control={form.control}
                name={`from${i}`}
                label={`Band ${i + 1}: from`}
                slotProps={slot(`from${i}`)}
              />
            )}
            <AmountField
              control={form.control}
              name={`price${i}`}
              label={`Band ${i + 1}: price`}
              slotProps={slot(`price${i}`)}
            />
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        The first band starts at 0; each following one from a higher value. Empty rows are left out.
      </Typography>
    </DialogForm>
  );
}

export function ShippingMethodRuleDialog() {
  const id = Number(useParams().id);
  const rule = useMethodRule(id);
  return (
    <Dialog title="Price rule">
      {rule.error ? (
        <Box sx={{ p: 3 }}>
          <Alert severity="warning" data-testid={shippingIds.ruleWarning}>
            {MESSAGES.shippingRuleLoadFailed}
          </Alert>
        </Box>
      ) : rule.isPending ? null : (
        <MethodRuleForm methodId={id} rule={rule.data ?? null} />
      )}
    </Dialog>
  );
}

// ---- a standalone rule ----

function RuleForm() {
  const { close } = useRouteDialog();
  const [products, setProducts] = useState<PickedProduct[]>([]);
  const form = useAppForm({
    defaultValues: { name: '', action: 'block', surcharge: '', countries: '', regions: '' },
  });
  const action = form.watch('action');
  const submit = useSubmit(form, useShippingWrite('POST', MESSAGES.shippingRuleCreateFailed), {
    payload: (v) => ({
      rest: 'shipping-rules',
      body: {
        name: v.name,
        action: v.action,
        surcharge: v.action === 'surcharge' ? orNull(v.surcharge) : null,
        countries: list(v.countries).map((c) => c.toLowerCase()),
        regions: list(v.regions).map((r) => r.toUpperCase()),
        product_ids: products.map((p) => p.id),
      },
    }),
    onSaved: () => close(),
  });
  return (
    <DialogForm {...submit} saveLabel="Add rule" testIds={shippingFormIds}>
      <Box sx={grid}>
        <FormTextField control={form.control} name="name" label="Name" required slotProps={slot('name')} />
        <FormTextField control={form.control} name="action" label="Does" select slotProps={slot('action')}>
          <MenuItem value="block" data-testid={shippingIds.option('action', 'block')}>
            Block shipping
          </MenuItem>
          <MenuItem value="surcharge" data-testid={shippingIds.option('action', 'surcharge')}>
            Add a surcharge
          </MenuItem>
        </FormTextField>
        <FormTextField
          control={form.control}
          name="countries"
          label="Countries"
          placeholder="ca, us"
          helperText="Two-letter codes, comma-separated"
          slotProps={{ ...slot('countries'), inputLabel: { shrink: true } }}
        />
        <FormTextField
          control={form.control}
          name="regions"
          label="Regions"
          placeholder="CA-NU, CA-NT, CA-YT"
          helperText="Country and region codes, comma-separated"
          slotProps={{ ...slot('regions'), inputLabel: { shrink: true } }}
        />
        {action === 'surcharge' && (
          <AmountField
            control={form.control}
            name="surcharge"
            label="Surcharge"
            required
            slotProps={slot('surcharge')}
          />
        )}
        <Box sx={{ gridColumn: { sm: 'span 2' } }}>
          <ProductPicker
            value={products}
            onChange={setProducts}
            label="Products (none: every product)"
            testId={shippingIds.field('products')}
          />
        </Box>
      </Box>
    </DialogForm>
  );
}

export function ShippingRuleDialog() {
  return (
    <Dialog title="New shipping rule">
      <RuleForm />
    </Dialog>
  );
}
