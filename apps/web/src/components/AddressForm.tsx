/**
 * The inputs of one postal address (spec 01 §3 "Address", §5 "Address form"), bound to a
 * react-hook-form object at `name` (for example `billing_address`); the form validates it with the
 * domain's `addressFormSchema`, so every message is the domain's and every field error is named
 * `<name>.<field>` (the server's 422 uses the same names).
 *
 * - Country first: a searchable select of the supported countries. It decides the labels ("ZIP
 *   code", "Province"), the order of the fields (Canada, the US and Australia write the city, the
 *   region and then the postal code; most of Europe the postal code first), the region input and
 *   the phone's dial code.
 * - The region: a select of the country's list where it has one (`state` in the US, `region`
 *   elsewhere, as `regionFieldFor` says), plain text otherwise. Changing the country empties the
 *   field the new country does not use and drops a code that is not one of its regions.
 * - Autofill: a complete postal code fills the state (US ZIP), region (Australian postcode) or
 *   province (Canadian postal code), unless the region was picked by hand in this form (see
 *   address-form-logic.ts). A Canadian postal code is written "K1A 0B1" on leaving it.
 * - A postal code from another province, state or region is flagged on leaving either field, on
 *   both ("The postal code is in Alberta." / "Province does not match the postal code."), by the
 *   same rule the server applies (tax follows the province).
 * - The street number is required unless the street contains one ("350 Bay St").
 *
 * It loads the country table and libphonenumber-js metadata (through the domain), so it belongs in
 * lazily loaded screens only; address-format.ts has what list and detail pages need.
 */
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { regionFieldFor, regionsForCountry } from '@rentloop/domain/regions';
import { type ReactNode, useState } from 'react';
import { type Control, type FieldPath, type FieldValues, useController, useWatch } from 'react-hook-form';
import {
  type RegionSource,
  regionAfterPostalCode,
  regionHint,
  regionsAfterCountryChange,
  tidyPostalCode,
} from './address-form-logic.ts';
import {
  type AddressField,
  addressLabel,
  numberBeforeStreet,
  postalCodeAfterCity,
  postalCodeExample,
} from './address-format.ts';
import { CountrySelect } from './CountrySelect.tsx';
import { FormTextField } from './FormTextField.tsx';
import { PhoneField } from './PhoneField.tsx';
import { RegionSelect } from './RegionSelect.tsx';

export interface AddressFormProps<T extends FieldValues> {
  control: Control<T>;
  /** The path of the address object in the form (`billing_address`). */
  name: FieldPath<T>;
  disabled?: boolean;
  /** The browser's autofill section, so billing and shipping autofill separately. */
  autofillSection?: 'billing' | 'shipping';
  /** Email and phone are required (a customer's address); an order's own address may leave them out. */
  contactRequired?: boolean;
}

const AUTOCOMPLETE: Partial<Record<AddressField, string>> = {
  first_name: 'given-name',
  last_name: 'family-name',
  company: 'organization',
  street: 'address-line1',
  address_addition: 'address-line2',
  postal_code: 'postal-code',
  city: 'address-level2',
  region: 'address-level1',
  email: 'email',
  phone: 'tel',
};

/** A grid cell of `span` columns (of 12) from the small breakpoint up; full width below it. */
function Cell({ span, children }: { span: number; children: ReactNode }) {
  return <Box sx={{ gridColumn: { xs: 'span 12', sm: `span ${span}` }, minWidth: 0 }}>{children}</Box>;
}

export function AddressForm<T extends FieldValues>({
  control,
  name,
  disabled,
  autofillSection,
  contactRequired = true,
}: AddressFormProps<T>) {
  const path = (field: AddressField) => `${name}.${field}` as FieldPath<T>;
  const autoComplete = (field: AddressField) =>
    AUTOCOMPLETE[field] ? [autofillSection, AUTOCOMPLETE[field]].filter(Boolean).join(' ') : 'off';

  const country = useController({
    control,
    name: path('country'),
    rules: { deps: [path('postal_code'), path('region'), path('state'), path('phone')] },
  });
  // A region changed re-checks the postal code, which names the region it is in.
  const region = useController({ control, name: path('region'), rules: { deps: [path('postal_code')] } });
  const state = useController({ control, name: path('state'), rules: { deps: [path('postal_code')] } });
  const postalCode = useWatch({ control, name: path('postal_code') }) as string | null | undefined;
  const street = useWatch({ control, name: path('street') }) as string | null | undefined;
  const [source, setSource] = useState<RegionSource>(null);

  const countryCode = String(country.field.value ?? '')
    .trim()
    .toLowerCase();
  const regionKey = regionFieldFor(countryCode);
  const regionController = regionKey === 'state' ? state : region;
  const regionValue = String(regionController.field.value ?? '');
  const hasRegionList = regionsForCountry(countryCode).length > 0;
  const label = (field: AddressField) => addressLabel(field, countryCode);
  const common = { control, disabled } as const;

  const changeCountry = (next: string) => {
    const result = regionsAfterCountryChange({
      previous: countryCode,
      country: next,
      postalCode,
      region: region.field.value,
      state: state.field.value,
    });
    country.field.onChange(next);
    if (result.region !== (region.field.value ?? '')) region.field.onChange(result.region);
    if (result.state !== (state.field.value ?? '')) state.field.onChange(result.state);
    setSource(result.autofilled ? 'auto' : null);
  };

  const changePostalCode = (value: string) => {
    const next = regionAfterPostalCode({
      country: countryCode,
      postalCode: value,
      current: regionValue,
      source,
    });
    if (next === undefined) return;
    regionController.field.onChange(next);
    setSource('auto');
  };

  const changeRegion = (code: string) => {
    regionController.field.onChange(code);
    setSource(code ? 'hand' : null);
  };

  const streetFields = [
    <Cell key="street" span={9}>
      <FormTextField
        {...common}
        name={path('street')}
        deps={[path('street_number')]}
        label={label('street')}
        required
        autoComplete={autoComplete('street')}
      />
    </Cell>,
    <Cell key="street_number" span={3}>
      <FormTextField
        {...common}
        name={path('street_number')}
        deps={[path('street')]}
        label={label('street_number')}
        required={!/\d/.test(street ?? '')}
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
    </Cell>,
  ];
  if (numberBeforeStreet(countryCode)) streetFields.reverse();

  const cityField = (
    <Cell key="city" span={5}>
      <FormTextField
        {...common}
        name={path('city')}
        label={label('city')}
        required
        autoComplete={autoComplete('city')}
      />
    </Cell>
  );
  const postalField = (
    <Cell key="postal_code" span={3}>
      <FormTextField
        {...common}
        name={path('postal_code')}
        deps={[path('region'), path('state')]}
        label={label('postal_code')}
        required
        placeholder={postalCodeExample(countryCode)}
        autoComplete={autoComplete('postal_code')}
        onValueChange={changePostalCode}
        tidy={(value) => tidyPostalCode(countryCode, value)}
      />
    </Cell>
  );
  const regionField = (
    <Cell key="region" span={4}>
      {hasRegionList ? (
        <RegionSelect
          country={countryCode}
          name={regionController.field.name}
          label={label(regionKey)}
          value={regionValue}
          onChange={changeRegion}
          onBlur={regionController.field.onBlur}
          inputRef={regionController.field.ref}
          required
          disabled={disabled}
          error={regionController.fieldState.error?.message}
          helperText={regionHint({ country: countryCode, postalCode, current: regionValue, source })}
        />
      ) : (
        <TextField
          name={region.field.name}
          value={region.field.value ?? ''}
          onChange={(event) => region.field.onChange(event.target.value)}
          onBlur={region.field.onBlur}
          inputRef={region.field.ref}
          label={label('region')}
          disabled={disabled}
          autoComplete={autoComplete('region')}
          error={Boolean(region.fieldState.error)}
          helperText={region.fieldState.error?.message}
          fullWidth
        />
      )}
    </Cell>
  );
  const localityFields = postalCodeAfterCity(countryCode)
    ? [cityField, regionField, postalField]
    : [postalField, cityField, regionField];

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(12, minmax(0, 1fr))', gap: 2 }}>
      <Cell span={6}>
        <FormTextField
          {...common}
          name={path('first_name')}
          label={label('first_name')}
          required
          autoComplete={autoComplete('first_name')}
        />
      </Cell>
      <Cell span={6}>
        <FormTextField
          {...common}
          name={path('last_name')}
          label={label('last_name')}
          required
          autoComplete={autoComplete('last_name')}
        />
      </Cell>
      <Cell span={6}>
        <FormTextField
          {...common}
          name={path('company')}
          label={label('company')}
          autoComplete={autoComplete('company')}
        />
      </Cell>
      <Cell span={6}>
        <FormTextField {...common} name={path('vat_number')} label={label('vat_number')} autoComplete="off" />
      </Cell>
      <Cell span={12}>
        <CountrySelect
          name={country.field.name}
          label={label('country')}
          value={countryCode}
          onChange={changeCountry}
          onBlur={country.field.onBlur}
          inputRef={country.field.ref}
          required
          disabled={disabled}
          error={country.fieldState.error?.message}
        />
      </Cell>
      {streetFields}
      <Cell span={12}>
        <FormTextField
          {...common}
          name={path('address_addition')}
          label={label('address_addition')}
          placeholder="Apartment, suite, unit, floor"
          autoComplete={autoComplete('address_addition')}
        />
      </Cell>
      {localityFields}
      <Cell span={6}>
        <FormTextField
          {...common}
          name={path('email')}
          label={label('email')}
          type="email"
          required={contactRequired}
          autoComplete={autoComplete('email')}
        />
      </Cell>
      <Cell span={6}>
        <PhoneField
          {...common}
          name={path('phone')}
          country={countryCode}
          label={label('phone')}
          required={contactRequired}
          autoComplete={autoComplete('phone')}
        />
      </Cell>
    </Box>
  );
}
