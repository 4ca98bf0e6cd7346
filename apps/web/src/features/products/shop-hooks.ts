/** Data hooks of the shop connection (`settings/shop_system`). */
import type { ShopSettings, ShopSettingsInput } from '@rentloop/domain/companies';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { shopSettingsKeys } from '../../api/catalog-keys.ts';
import { api, unwrap, unwrapAnswer } from '../../api/client.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { authKeys } from '../auth/hooks.ts';

const shopSettingsPath = (company: number) => `/api/companies/${company}/settings/shop_system`;

/** The connected shop (admins only: staff do not see the connection). */
export function useShopSettings(enabled = true) {
  const company = useCompanyId();
  return useQuery({
    queryKey: shopSettingsKeys.detail(company),
    queryFn: async ({ signal }) => unwrap(await api.get<ShopSettings>(shopSettingsPath(company), { signal })),
    enabled,
  });
}

export function useSaveShopSettings() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ShopSettingsInput) =>
      unwrapAnswer(await api.put<ShopSettings>(shopSettingsPath(company), input)),
    onSuccess: async ({ data }) => {
      queryClient.setQueryData(shopSettingsKeys.detail(company), data);
      // The company's shop_system is on the signed-in user's companies too.
      await queryClient.invalidateQueries({ queryKey: authKeys.me() });
    },
  });
}
