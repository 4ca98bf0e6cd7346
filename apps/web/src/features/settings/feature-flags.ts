/** The company's feature flags for the web app (the drawer reads them): kept apart from the settings screen. */
import {
  FEATURE_FLAGS,
  FEATURE_FLAGS_REFRESH_MS,
  type FeatureFlag,
  type FeatureFlagName,
} from '@rentloop/domain/feature-flags';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client.ts';
import { queryKeysFactory } from '../../api/query-keys.ts';
import { useCurrentCompany } from '../../app/current-company.tsx';

export const featureFlagKeys = queryKeysFactory('feature-flags');

/**
 * The current company's feature flags (`GET /api/{company}/system/unleash-settings`), read again every
 * 300 s. `enabled(name)` answers the flag's default until the first answer (and when it fails).
 * The drawer shows the Debt Collection entry (and the invoice page its "Hand to debt collection") only
 * while `enabled('debt_collection')`; the New tags follow `enabled('new_tags')`.
 */
export function useFeatureFlags() {
  // The drawer asks too, also before a company is chosen (an operator on an empty platform).
  const company = useCurrentCompany().company?.id;
  const query = useQuery({
    enabled: company !== undefined,
    queryKey: featureFlagKeys.detail(company),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<FeatureFlag[]>(`/api/${company}/system/unleash-settings`, { signal })),
    refetchInterval: FEATURE_FLAGS_REFRESH_MS,
    staleTime: FEATURE_FLAGS_REFRESH_MS,
  });
  const enabled = (name: FeatureFlagName) =>
    query.data?.find((f) => f.name === name)?.enabled ?? FEATURE_FLAGS[name].default;
  return { flags: query.data, enabled, isLoading: query.isLoading };
}
