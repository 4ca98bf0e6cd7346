/**
 * The settings fields of kind `country`, `codelist` and `region` (the invoice section's registered
 * country and province, the checkout's country lists): the app's country picker over every country, and the country's region list where it
 * has one (free text otherwise). Changing the country empties a region that is not one of the new
 * country's. `useLegalFieldWords` gives the legal fields' labels and examples for the chosen
 * country (invoice-legal-fields.ts), as the merchant changes it.
 */
import {
  invoiceLegalFields,
  type LegalField,
  type LegalFieldOverrides,
} from '@rentloop/domain/invoice-legal-fields';
import { regionByCode, regionsForCountry } from '@rentloop/domain/regions';
import type { FieldMeta, SettingsSectionKey } from '@rentloop/domain/settings';
import { type Control, useController, useWatch } from 'react-hook-form';
import { CountriesSelect, CountrySelect } from '../../components/CountrySelect.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { RegionSelect } from '../../components/RegionSelect.tsx';
import type { FormValues } from './section-form.ts';

type SectionControl = Control<FormValues, unknown, Record<string, unknown>>;

interface PlaceFieldProps {
  control: SectionControl;
  name: string;
  meta: FieldMeta;
  testId: string;
}

export function CountryField({ control, name, meta, testId }: PlaceFieldProps) {
  const { field, fieldState } = useController({ control, name });
  const region = useController({ control, name: 'region' });
  return (
    <CountrySelect
      countries="all"
      name={name}
      label={meta.label}
      value={String(field.value ?? '')}
      onChange={(code) => {
        field.onChange(code);
        const kept = regionByCode(code, String(region.field.value ?? ''));
        if (regionsForCountry(code).length > 0 || regionsForCountry(field.value).length > 0)
          region.field.onChange(kept?.region ?? '');
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldState.error?.message}
      helperText={meta.help}
      testId={testId}
    />
  );
}

/**
 * A list of countries (kind `codelist`): the form keeps the text the section's body is made from
 * ("ru, by"), the picker shows a chip per country.
 */
export function CountryListField({ control, name, meta, testId }: PlaceFieldProps) {
  const { field, fieldState } = useController({ control, name });
  const codes = String(field.value ?? '')
    .split(/[\s,;]+/)
    .map((c) => c.toLowerCase())
    .filter(Boolean);
  return (
    <CountriesSelect
      name={name}
      label={meta.label}
      value={codes}
      onChange={(next) => field.onChange(next.join(', '))}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldState.error?.message}
      helperText={meta.help}
      testId={testId}
    />
  );
}

export function RegionField({ control, name, meta, testId }: PlaceFieldProps) {
  const country = String(useWatch({ control, name: 'country' }) ?? '');
  const { field, fieldState } = useController({ control, name });
  if (regionsForCountry(country).length === 0) {
    return (
      <FormTextField
        control={control}
        name={name}
        label={meta.label}
        helperText={meta.help}
        slotProps={{ htmlInput: { 'data-testid': testId } }}
      />
    );
  }
  return (
    <RegionSelect
      country={country}
      name={name}
      label={meta.label}
      value={String(field.value ?? '')}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldState.error?.message}
      helperText={meta.help}
      testId={testId}
    />
  );
}

/** The legal fields' words for the section's current country and region (invoice only). */
export function useLegalFieldWords(
  control: SectionControl,
  section: SettingsSectionKey,
): LegalFieldOverrides {
  const [country, region] = useWatch({ control, name: ['country', 'region'] }) as [unknown, unknown];
  return section === 'invoice' ? invoiceLegalFields(country, region) : {};
}

/** A field's meta with the country's words put over the section's own. */
export function withWords(meta: FieldMeta, name: string, words: LegalFieldOverrides): FieldMeta {
  const own = words[name as LegalField];
  return own ? { ...meta, label: own.label ?? meta.label, help: own.help ?? meta.help } : meta;
}
