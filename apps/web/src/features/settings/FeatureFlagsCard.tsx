/**
 * The feature flags of one company, for operators (spec 02 §9: flags are kept per company and
 * operators change them): on the operators' company page. A switch per known flag, its default and
 * whether this company overrides it; a change is saved at once (`PUT .../unleash-settings/{name}`).
 * The company's staff see it within 300 s (their app reads the flags that often).
 */
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { FeatureFlag, FeatureFlagName } from '@rentloop/domain/feature-flags';
import { FEATURE_FLAGS } from '@rentloop/domain/feature-flags';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client.ts';
import { notify } from '../../utils/notify.ts';
import { featureFlagKeys } from './feature-flags.ts';
import { settingsIds } from './testids.ts';

function useCompanyFlags(companyId: number) {
  return useQuery({
    queryKey: featureFlagKeys.detail(companyId),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<FeatureFlag[]>(`/api/${companyId}/system/unleash-settings`, { signal })),
  });
}

function useSetFlag(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, enabled }: { name: FeatureFlagName; enabled: boolean }) => {
      const result = await api.put<FeatureFlag>(`/api/${companyId}/system/unleash-settings/${name}`, {
        enabled,
      });
      return { flag: unwrap(result), message: result.message };
    },
    onSuccess: ({ message }) => {
      notify.success(message);
      return queryClient.invalidateQueries({ queryKey: featureFlagKeys.detail(companyId) });
    },
    onError: (error) => notify.error(error.message),
  });
}

export function FeatureFlagsCard({ companyId }: { companyId: number }) {
  const flags = useCompanyFlags(companyId);
  const setFlag = useSetFlag(companyId);
  return (
    <Card data-testid={settingsIds.featureFlags}>
      <CardHeader
        title="Feature flags"
        subheader="What this company's staff see; their app reads the flags every 5 minutes"
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {flags.error && <Alert severity="error">{flags.error.message}</Alert>}
        {!flags.data && !flags.error && <Skeleton variant="rounded" height={96} />}
        <Stack spacing={1.5}>
          {flags.data?.map((flag) => (
            <div key={flag.name}>
              <FormControlLabel
                label={flag.description}
                control={
                  <Switch
                    // The new position at once while it is saved; back if the save fails.
                    checked={
                      setFlag.isPending && setFlag.variables?.name === flag.name
                        ? setFlag.variables.enabled
                        : flag.enabled
                    }
                    disabled={setFlag.isPending}
                    onChange={(_, enabled) => setFlag.mutate({ name: flag.name, enabled })}
                    slotProps={{ input: { 'data-testid': settingsIds.featureFlag(flag.name) } as object }}
                  />
                }
              />
              <Typography variant="body2" color="text.secondary" sx={{ pl: 6 }}>
                <code>{flag.name}</code> · default {FEATURE_FLAGS[flag.name].default ? 'on' : 'off'}
                {flag.overridden ? ' · set for this company' : ' · this company has the default'}
              </Typography>
            </div>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
