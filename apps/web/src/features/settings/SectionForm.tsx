/**
 * One settings section as a card form (the kit's `CardForm`): a field per section field, of the kind
 * the domain declares, with its help text as helper text; saved whole with "Settings updated.", a
 * 422 shown on its field.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { LegalField } from '@rentloop/domain/invoice-legal-fields';
import {
  type CompanySettings,
  CREDENTIAL_LABELS,
  type FieldMeta,
  GATEWAY_CREDENTIAL_FIELDS,
  GATEWAY_LABELS,
  SETTINGS_SECTIONS,
  type SettingField,
  type SettingsSectionKey,
} from '@rentloop/domain/settings';
import type { UseMutationResult } from '@tanstack/react-query';
import { Fragment, useMemo } from 'react';
import { type Control, useForm, useWatch } from 'react-hook-form';
import type { Answer } from '../../api/client.ts';
import { CardForm } from '../../components/CardForm.tsx';
import { FormProblems } from '../../components/DialogForm.tsx';
import { FormSwitchField } from '../../components/FormSwitchField.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { useSubmit } from '../../components/use-submit.ts';
import {
  CountryField,
  CountryListField,
  RegionField,
  useLegalFieldWords,
  withWords,
} from './PlaceFields.tsx';
import { type FormValues, sectionResolver, toFormValues } from './section-form.ts';
import { settingsIds } from './testids.ts';

const isEmpty = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

type SectionControl = Control<FormValues, unknown, Record<string, unknown>>;
type Gateway = keyof typeof GATEWAY_CREDENTIAL_FIELDS;

const labelOf = (f: FieldMeta, value: string) => f.optionLabels?.[value] ?? value;

function Field({
  section,
  name,
  meta,
  control,
}: {
  section: SettingsSectionKey;
  name: string;
  meta: FieldMeta;
  control: SectionControl;
}) {
  const testId = settingsIds.field(section, name);
  if (meta.kind === 'country')
    return <CountryField control={control} name={name} meta={meta} testId={testId} />;
  if (meta.kind === 'region')
    return <RegionField control={control} name={name} meta={meta} testId={testId} />;
  if (meta.kind === 'codelist')
    return <CountryListField control={control} name={name} meta={meta} testId={testId} />;
  if (meta.kind === 'switch') {
    return (
      <FormSwitchField
        control={control}
        name={name}
        label={meta.label}
        helperText={meta.help}
        testId={testId}
      />
    );
  }
  const unit = meta.unit
    ? { input: { endAdornment: <InputAdornment position="end">{meta.unit}</InputAdornment> } }
    : {};
  const common = {
    control,
    name,
    label: meta.label,
    helperText: meta.help,
    slotProps: { ...unit, htmlInput: { 'data-testid': testId } },
  };
  switch (meta.kind) {
    case 'select':
      return (
        <FormTextField {...common} select>
          {/* A select that takes null (a sub-status) can be left empty. */}
          {(meta as SettingField).schema.safeParse(null).success && (
            <MenuItem value="">
              <em>None</em>
            </MenuItem>
          )}
          {(meta.options ?? []).map((o) => (
            <MenuItem key={o} value={o}>
              {labelOf(meta, o)}
            </MenuItem>
          ))}
        </FormTextField>
      );
    case 'multiselect':
      return (
        <FormTextField
          {...common}
          select
          slotProps={{
            ...common.slotProps,
            select: {
              multiple: true,
              renderValue: (v) => (v as string[]).map((o) => labelOf(meta, o)).join(', '),
            },
          }}
        >
          {(meta.options ?? []).map((o) => (
            <MenuItem key={o} value={o}>
              {labelOf(meta, o)}
            </MenuItem>
          ))}
        </FormTextField>
      );
    case 'textarea':
      return <FormTextField {...common} multiline minRows={3} />;
    case 'number':
      return (
        <FormTextField
          {...common}
          slotProps={{ ...common.slotProps, htmlInput: { 'data-testid': testId, inputMode: 'numeric' } }}
        />
      );
    case 'color':
      return (
        <FormTextField
          {...common}
          slotProps={{
            ...common.slotProps,
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <ColorSwatch control={control} name={name} />
                </InputAdornment>
              ),
            },
          }}
        />
      );
    default:
      return <FormTextField {...common} />;
  }
}

function ColorSwatch({ control, name }: { control: SectionControl; name: string }) {
  const value = String(useWatch({ control, name }) ?? '');
  return (
    <Box
      sx={{
        width: 20,
        height: 20,
        borderRadius: 0.5,
        border: 1,
        borderColor: 'divider',
        bgcolor: /^#[0-9a-fA-F]{6}$/.test(value) ? value : 'transparent',
      }}
    />
  );
}

/** The payment gateways' credentials: write-only, one group per gateway switched on. */
function Credentials({ control, stored }: { control: SectionControl; stored: string[] }) {
  const enabled = (useWatch({ control, name: 'enabled_gateways' }) ?? []) as Gateway[];
  const withFields = enabled.filter((g) => GATEWAY_CREDENTIAL_FIELDS[g].length > 0);
  if (withFields.length === 0) return null;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {withFields.map((gateway) => {
        const kept = stored.includes(gateway);
        return (
          <Box key={gateway} sx={{ display: 'grid', gap: 1.5 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography variant="subtitle2">{GATEWAY_LABELS[gateway]} credentials</Typography>
              <Chip
                size="small"
                variant="outlined"
                color={kept ? 'success' : 'default'}
                label={kept ? 'Stored' : 'Not set'}
              />
            </Box>
            {GATEWAY_CREDENTIAL_FIELDS[gateway].map((f) => (
              <FormTextField
                key={f}
                control={control}
                name={`credentials.${gateway}.${f}`}
                label={CREDENTIAL_LABELS[f] ?? f}
                type="password"
                autoComplete="new-password"
                placeholder={kept ? 'Stored encrypted; leave empty to keep' : undefined}
                helperText={kept ? undefined : 'Stored encrypted; never shown again'}
                slotProps={{
                  inputLabel: { shrink: true },
                  htmlInput: {
                    'data-testid': settingsIds.field('payment_service_provider', `${gateway}-${f}`),
                  },
                }}
              />
            ))}
          </Box>
        );
      })}
    </Box>
  );
}

/** A provider's secret (credit check's secret, the debt collection agency's API key): write-only, stored encrypted. */
function StoredSecret({
  control,
  stored,
  section,
  name,
  storedName,
  title,
  label,
}: {
  control: SectionControl;
  stored: boolean;
  section: 'credit_check' | 'debt_collection';
  name: string;
  storedName: string;
  title: string;
  label: string;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle2">{title}</Typography>
        <Chip
          size="small"
          variant="outlined"
          color={stored ? 'success' : 'default'}
          label={stored ? 'Stored' : 'Not set'}
          data-testid={settingsIds.readOnly(section, storedName)}
        />
      </Box>
      <FormTextField
        control={control}
        name={name}
        label={label}
        type="password"
        autoComplete="new-password"
        placeholder={stored ? 'Stored encrypted; leave empty to keep' : undefined}
        helperText={stored ? undefined : 'Stored encrypted; never shown again'}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': settingsIds.field(section, name) },
        }}
      />
    </Box>
  );
}

function NextInvoiceNumber({ value }: { value: unknown }) {
  return (
    <TextField
      label="Next invoice number"
      value={String(value ?? '')}
      helperText="Read-only: kept by the invoice number series (the prefix and the next free number)."
      slotProps={{
        input: { readOnly: true },
        htmlInput: { 'data-testid': settingsIds.readOnly('invoice', 'next_number') },
      }}
      fullWidth
      disabled
    />
  );
}

/** How a section form saves: the mutation takes the section's body and answers the saved section. */
export type SectionSave = UseMutationResult<Answer<Record<string, unknown>>, Error, object, unknown>;

/**
 * A section's form. `view` is the section as the API answers it; `save` stores the body (the company's
 * section, or the platform's defaults for new companies); `secrets: false` leaves out the gateway
 * credentials (defaults never hold any).
 */
export function SectionForm({
  sectionKey,
  view,
  save,
  secrets = true,
}: {
  sectionKey: SettingsSectionKey;
  view: CompanySettings[SettingsSectionKey];
  save: SectionSave;
  secrets?: boolean;
}) {
  const section = SETTINGS_SECTIONS[sectionKey];
  const resolver = useMemo(() => sectionResolver(sectionKey), [sectionKey]);
  const form = useForm<FormValues, unknown, Record<string, unknown>>({
    resolver,
    defaultValues: toFormValues(sectionKey, view),
  });
  const { onSubmit, problems, saving } = useSubmit(form, save, {
    saved: 'Settings updated.',
    onSaved: (result) =>
      form.reset(toFormValues(sectionKey, result.data as CompanySettings[SettingsSectionKey])),
  });
  const v = view as Record<string, unknown>;
  // The invoice's legal fields are named as the company's country names them; one that does not
  // apply there is left out while it is empty and was saved empty (a stored value stays visible, to be
  // cleared, and the field does not vanish under the cursor while it is being emptied).
  const words = useLegalFieldWords(form.control, sectionKey);
  const values = useWatch({ control: form.control }) as FormValues;
  const saved = form.formState.defaultValues as FormValues | undefined;
  const leftOut = (name: string) =>
    words[name as LegalField]?.hidden === true && isEmpty(values[name]) && isEmpty(saved?.[name]);

  return (
    <CardForm
      title={section.title}
      subheader={section.description}
      onSubmit={onSubmit}
      saving={saving}
      saveLabel="Save"
      testIds={{ form: settingsIds.form(sectionKey), save: settingsIds.save(sectionKey) }}
    >
      <FormProblems problems={problems} testId={settingsIds.formError(sectionKey)} sx={{}} />
      {(Object.entries(section.fields) as [string, FieldMeta][]).map(([name, meta]) => (
        <Fragment key={name}>
          {!leftOut(name) && (
            <Field
              section={sectionKey}
              name={name}
              meta={withWords(meta, name, words)}
              control={form.control}
            />
          )}
          {/* The number the series gives next, under the series' own fields (a company's only). */}
          {sectionKey === 'invoice' && name === 'number_start' && v.next_number !== undefined && (
            <NextInvoiceNumber value={v.next_number} />
          )}
        </Fragment>
      ))}
      {secrets && sectionKey === 'payment_service_provider' && (
        <Credentials control={form.control} stored={(v.credentials_stored as string[] | undefined) ?? []} />
      )}
      {secrets && sectionKey === 'credit_check' && (
        <StoredSecret
          control={form.control}
          stored={v.secret_stored === true}
          section="credit_check"
          name="secret"
          storedName="secret_stored"
          title="Secret"
          label="Password / client secret"
        />
      )}
      {secrets && sectionKey === 'debt_collection' && (
        <StoredSecret
          control={form.control}
          stored={v.api_key_stored === true}
          section="debt_collection"
          name="api_key"
          storedName="api_key_stored"
          title="API key"
          label="Debtist API key"
        />
      )}
    </CardForm>
  );
}
