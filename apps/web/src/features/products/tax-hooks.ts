/** Data hooks of the tax configuration and tax rules (STYLE.md #2). */
import type {
  TaxConfig,
  TaxRule,
  taxConfigUpdateSchema,
  taxImportResultSchema,
  taxRuleInputSchema,
  taxRuleUpdateSchema,
} from '@rentloop/domain/catalog';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { taxConfigKeys, taxRulesKeys } from '../../api/catalog-keys.ts';
import { api, paths, unwrap, unwrapAnswer, unwrapPage } from '../../api/client.ts';
import { LIST_GC_TIME } from '../../api/query-client.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { notFound } from './hooks.ts';

export function useTaxConfig() {
  const company = useCompanyId();
  return useQuery({
    queryKey: taxConfigKeys.detail(company),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<TaxConfig>(paths.company(company, 'tax-configs'), { signal })),
  });
}

export function useUpdateTaxConfig() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: z.input<typeof taxConfigUpdateSchema>) =>
      unwrapAnswer(await api.put<TaxConfig>(paths.company(company, 'tax-configs'), input)),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(taxConfigKeys.detail(company), data);
    },
  });
}

export function useTaxRules(page: number, country: string | null) {
  const company = useCompanyId();
  const query = { page, per_page: 25, country: country ?? undefined };
  return useQuery({
    queryKey: taxRulesKeys.list(company, query),
    queryFn: async ({ signal }) =>
      unwrapPage(await api.get<TaxRule[]>(paths.company(company, 'tax-rules'), { query, signal })),
    placeholderData: keepPreviousData,
    gcTime: LIST_GC_TIME,
  });
}

/** How many rules of a class a product's page lists (the rest are on the Tax page). */
export const PRODUCT_TAX_RULES_SHOWN = 8;

/** The first rules of a tax class, with their total (`GET tax-rules?product_class=`), for a product's page. */
export function useTaxRulesOfClass(productClass: TaxRule['product_class']) {
  const company = useCompanyId();
  const query = { page: 1, per_page: PRODUCT_TAX_RULES_SHOWN, product_class: productClass };
  return useQuery({
    queryKey: taxRulesKeys.list(company, query),
    queryFn: async ({ signal }) =>
      unwrapPage(await api.get<TaxRule[]>(paths.company(company, 'tax-rules'), { query, signal })),
  });
}

/** One tax rule. The API has no `GET tax-rules/{id}`: it is looked up in the list, 100 a page. */
export function useTaxRule(id: number) {
  const company = useCompanyId();
  return useQuery({
    queryKey: taxRulesKeys.detail(company, id),
    queryFn: async ({ signal }) => {
      for (let page = 1; ; page++) {
        const result = unwrapPage(
          await api.get<TaxRule[]>(paths.company(company, 'tax-rules'), {
            query: { page, per_page: 100 },
            signal,
          }),
        );
        const found = result.data.find((r) => r.id === id);
        if (found) return found;
        if (page >= result.meta.last_page) throw notFound('This tax rule does not exist.');
      }
    },
    staleTime: 0,
  });
}

export type TaxRuleInput = z.input<typeof taxRuleInputSchema>;

export function useSaveTaxRule(id: number | null) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TaxRuleInput | z.input<typeof taxRuleUpdateSchema>) =>
      unwrapAnswer(
        await (id === null
          ? api.post<TaxRule>(paths.company(company, 'tax-rules'), input)
          : api.put<TaxRule>(paths.company(company, `tax-rules/${id}`), input)),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxRulesKeys.all }),
  });
}

export function useDeleteTaxRule() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      unwrapAnswer(await api.delete<null>(paths.company(company, `tax-rules/${id}`))),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxRulesKeys.all }),
  });
}

/** `POST tax-rules/refresh`: replaces the rules imported from the shop with its current rates. */
export function useRefreshTaxRules() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      unwrapAnswer(
        await api.post<z.infer<typeof taxImportResultSchema>>(paths.company(company, 'tax-rules/refresh')),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxRulesKeys.all }),
  });
}
