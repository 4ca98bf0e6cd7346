/** Data hooks of shipping countries, methods and rules (STYLE.md #2). */
import type { ShippingCountry, ShippingMethod, ShippingRule } from '@rentloop/domain/shipping';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, unwrap, unwrapPage } from '../../api/client.ts';
import { queryKeysFactory } from '../../api/query-keys.ts';
import { useCompanyId } from '../../app/current-company.tsx';

export const shippingKeys = queryKeysFactory('shipping');
const path = (company: number | undefined, rest: string) => `/api/companies/${company}/settings/${rest}`;

export function useShippingCountries() {
  const company = useCompanyId();
  return useQuery({
    queryKey: shippingKeys.list(company, 'countries'),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<ShippingCountry[]>(path(company, 'shipping-countries'), { signal })),
  });
}

export function useShippingMethods() {
  const company = useCompanyId();
  return useQuery({
    queryKey: shippingKeys.list(company, 'methods'),
    queryFn: async ({ signal }) =>
      unwrapPage(
        await api.get<ShippingMethod[]>(path(company, 'shipping-methods'), {
          query: { per_page: 100 },
          signal,
        }),
      ).data,
  });
}

export function useShippingRules() {
  const company = useCompanyId();
  return useQuery({
    queryKey: shippingKeys.list(company, 'rules'),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<ShippingRule[]>(path(company, 'shipping-rules'), { signal })),
  });
}

/** A method's rule; a method without one is null (a 404), any other failure an error. */
export function useMethodRule(methodId: number) {
  const company = useCompanyId();
  return useQuery({
    queryKey: shippingKeys.detail(company, 'rule', methodId),
    queryFn: async ({ signal }) => {
      const result = await api.get<ShippingRule>(
        path(company, `shipping-methods/${methodId}/shipping-rule`),
        {
          signal,
        },
      );
      if (result.status === 404) return null;
      return unwrap(result);
    },
    retry: false,
  });
}

/**
 * One write of the shipping screens: `failed` and the server's message make the error's text
 * ("Failed to create shipping country: This country is already ..."), as the spec's catalogue says.
 */
export function useShippingWrite<I>(method: 'POST' | 'PUT' | 'DELETE', failed: string) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ rest, body }: { rest: string; body?: I }) => {
      const url = path(company, rest);
      const result =
        method === 'POST'
          ? await api.post<unknown>(url, body)
          : method === 'PUT'
            ? await api.put<unknown>(url, body)
            : await api.delete<unknown>(url);
      if (!result.success) throw new ApiError({ ...result, message: `${failed}: ${result.message}` });
      return { data: result.data, message: result.message };
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: shippingKeys.all }),
  });
}
