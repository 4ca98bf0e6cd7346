/** Data hooks of the company settings (`/api/companies/{company}/settings`) and the feature flags. */

import type { PlatformSettings } from '@rentloop/domain/platform-settings';
import type { CheckoutApiKey, CompanySettings, SettingsSectionKey } from '@rentloop/domain/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { taxConfigKeys } from '../../api/catalog-keys.ts';
import { api, unwrap, unwrapAnswer } from '../../api/client.ts';
import { queryKeysFactory } from '../../api/query-keys.ts';
import { useCompanyId } from '../../app/current-company.tsx';

export const settingsKeys = queryKeysFactory('settings');

const settingsPath = (company: number) => `/api/companies/${company}/settings`;

/** Every section of the current company (admins). */
export function useSettings() {
  const company = useCompanyId();
  return useQuery({
    queryKey: settingsKeys.detail(company),
    queryFn: async ({ signal }) => unwrap(await api.get<CompanySettings>(settingsPath(company), { signal })),
  });
}

/** Saves one section (the whole of it); the answer replaces the section in the cached settings. */
export function useSaveSection(key: SettingsSectionKey) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: object) =>
      unwrapAnswer(await api.put<CompanySettings[typeof key]>(`${settingsPath(company)}/${key}`, input)),
    onSuccess: async ({ data }) => {
      queryClient.setQueryData<CompanySettings>(settingsKeys.detail(company), (old) =>
        old ? { ...old, [key]: data } : old,
      );
      // The tax screen shows the checkout_taxes section too.
      if (key === 'checkout_taxes') await queryClient.invalidateQueries({ queryKey: taxConfigKeys.all });
    },
  });
}

/** A new checkout API key: the answer is the only time it is shown. */
export function useGenerateApiKey() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      unwrapAnswer(await api.post<CheckoutApiKey>(`${settingsPath(company)}/checkout_general/api-key`)),
    onSuccess: ({ data }) => {
      queryClient.setQueryData<CompanySettings>(settingsKeys.detail(company), (old) =>
        old
          ? {
              ...old,
              checkout_general: {
                ...old.checkout_general,
                api_key_set: true,
                api_key_last4: data.api_key_last4,
              },
            }
          : old,
      );
    },
  });
}

export const platformSettingsKeys = queryKeysFactory('platform-settings');

/** The platform settings (operators): registration, the settings a new company starts with. */
export function usePlatformSettings() {
  return useQuery({
    queryKey: platformSettingsKeys.detail(),
    queryFn: async ({ signal }) => unwrap(await api.get<PlatformSettings>('/api/settings', { signal })),
  });
}

/** Saves the platform settings whole (the caller changes one part of the current ones). */
export function useSavePlatformSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PlatformSettings) =>
      unwrapAnswer(await api.put<PlatformSettings>('/api/settings', input)),
    onSuccess: ({ data }) => queryClient.setQueryData(platformSettingsKeys.detail(), data),
  });
}
