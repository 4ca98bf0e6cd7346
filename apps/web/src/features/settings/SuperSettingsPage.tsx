/**
 * `/super/settings` ("Settings Super", operators): whether anyone may register, and per section the
 * values a new company starts with (the product's defaults where a section was never saved here).
 * Companies that exist keep their own settings.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { PlatformSettings } from '@rentloop/domain/platform-settings';
import {
  type CompanySettings,
  SETTINGS_SECTIONS,
  type SettingsSectionKey,
  sectionKeyOf,
} from '@rentloop/domain/settings';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { CardForm } from '../../components/CardForm.tsx';
import { FormSwitchField } from '../../components/FormSwitchField.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useSubmit } from '../../components/use-submit.ts';
import { usePlatformSettings, useSavePlatformSettings } from './hooks.ts';
import { SectionForm, type SectionSave } from './SectionForm.tsx';
import { SectionList } from './SettingsPage.tsx';
import { settingsIds } from './testids.ts';

function RegistrationForm({ settings }: { settings: PlatformSettings }) {
  const save = useSavePlatformSettings();
  const form = useForm<{ registration_allowed: boolean }>({
    defaultValues: { registration_allowed: settings.registration_allowed },
  });
  const { onSubmit, saving } = useSubmit(form, save, {
    payload: (values) => ({ ...settings, registration_allowed: values.registration_allowed }),
    saved: 'Settings updated.',
    onSaved: (result) => form.reset({ registration_allowed: result.data.registration_allowed }),
  });
  return (
    <CardForm
      title="Registration"
      subheader="Whether people can create an account and a company themselves (/auth/register)."
      onSubmit={onSubmit}
      saving={saving}
      saveLabel="Save"
      saveDisabled={!form.formState.isDirty}
      testIds={{ form: settingsIds.registrationForm, save: settingsIds.saveRegistration }}
    >
      <FormSwitchField
        control={form.control}
        name="registration_allowed"
        label="Open registration"
        helperText="Off: only operators create companies, and people join them by invitation."
        testId={settingsIds.registration}
      />
    </CardForm>
  );
}

/** One section of the defaults: saving it stores the platform settings with this section replaced. */
function DefaultsForm({
  sectionKey,
  settings,
}: {
  sectionKey: SettingsSectionKey;
  settings: PlatformSettings;
}) {
  const savePlatform = useSavePlatformSettings();
  const save = useMutation({
    mutationFn: async (values: object) => {
      try {
        const saved = await savePlatform.mutateAsync({
          ...settings,
          company_defaults: { ...settings.company_defaults, [sectionKey]: values },
        });
        return {
          data: saved.data.company_defaults[sectionKey] as Record<string, unknown>,
          message: saved.message,
        };
      } catch (error) {
        // A 422 names `company_defaults.<section>.<field>`: the form's field is `<field>`.
        if (!(error instanceof ApiError) || !error.errors) throw error;
        const prefix = `company_defaults.${sectionKey}.`;
        throw new ApiError({
          success: false,
          status: error.status,
          message: error.message,
          data: null,
          meta: null,
          headers: null,
          errors: Object.fromEntries(
            Object.entries(error.errors).map(([k, v]) => [
              k.startsWith(prefix) ? k.slice(prefix.length) : k,
              v,
            ]),
          ),
        });
      }
    },
  });
  const view = (settings.company_defaults[sectionKey] ??
    SETTINGS_SECTIONS[sectionKey].defaults) as CompanySettings[SettingsSectionKey];
  return <SectionForm sectionKey={sectionKey} view={view} save={save as SectionSave} secrets={false} />;
}

export function SuperSettingsPage() {
  const settings = usePlatformSettings();
  const [params, setParams] = useSearchParams();
  const asked = sectionKeyOf(params.get('section') ?? '');
  const current: SettingsSectionKey = asked && asked !== 'shop_system' ? asked : 'invoice';
  const choose = (key: string) =>
    setParams((p) => {
      p.set('section', key);
      return p;
    });

  return (
    <Box data-testid={settingsIds.superPage}>
      <PageHeader
        title="Settings Super"
        subtitle="The platform: registration, and the settings every new company starts with."
      />
      {settings.data ? (
        <Stack spacing={3}>
          <RegistrationForm settings={settings.data} />
          <Box
            sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '260px minmax(0, 1fr)' } }}
          >
            <SectionList current={current} choose={choose} withShop={false} />
            <Stack spacing={2} sx={{ minWidth: 0 }}>
              <Alert severity="info">
                A new company starts with these values; companies that exist keep theirs. Sections never saved
                here start with the product’s defaults.
              </Alert>
              <DefaultsForm key={current} sectionKey={current} settings={settings.data} />
            </Stack>
          </Box>
        </Stack>
      ) : settings.error ? (
        <Alert severity="error" data-testid={settingsIds.error}>
          {settings.error.message || 'Could not fetch settings.'}
        </Alert>
      ) : (
        <Skeleton variant="rounded" height={420} />
      )}
    </Box>
  );
}
