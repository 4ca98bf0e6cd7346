/** Data hooks of vouchers on one query-key factory (STYLE.md #2). */
import type { Voucher, VoucherInput, VoucherProduct, VoucherUpdate } from '@rentloop/domain/vouchers';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, paths, unwrap, unwrapAnswer, unwrapPage } from '../../api/client.ts';
import { LIST_GC_TIME } from '../../api/query-client.ts';
import { queryKeysFactory } from '../../api/query-keys.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { type ListState, listQuery } from '../../components/list-state.ts';

export const vouchersKeys = queryKeysFactory('vouchers');
const productsKey = (company: number | undefined, id: number) => [
  ...vouchersKeys.detail(company, id),
  'products',
];

export function useVouchers(state: ListState) {
  const company = useCompanyId();
  const query = listQuery(state);
  return useQuery({
    queryKey: vouchersKeys.list(company, query),
    queryFn: async ({ signal }) =>
      unwrapPage(await api.get<Voucher[]>(paths.company(company, 'vouchers'), { query, signal })),
    placeholderData: keepPreviousData,
    gcTime: LIST_GC_TIME,
  });
}

export function useVoucher(id: number) {
  const company = useCompanyId();
  return useQuery({
    queryKey: vouchersKeys.detail(company, id),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<Voucher>(paths.company(company, `vouchers/${id}`), { signal })),
  });
}

export interface SavedVoucher {
  voucher: Voucher;
  /** The server's message ("Voucher created."). */
  message: string;
}

/** `POST vouchers` (no id) or `PUT vouchers/{id}`. */
export function useSaveVoucher(id: number | null) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: VoucherInput | VoucherUpdate): Promise<SavedVoucher> => {
      const result = unwrapAnswer(
        id === null
          ? await api.post<Voucher>(paths.company(company, 'vouchers'), input)
          : await api.put<Voucher>(paths.company(company, `vouchers/${id}`), input),
      );
      return { voucher: result.data, message: result.message };
    },
    onSuccess: ({ voucher }) => {
      queryClient.setQueryData(vouchersKeys.detail(company, voucher.id), voucher);
      void queryClient.invalidateQueries({ queryKey: vouchersKeys.lists() });
    },
  });
}

export function useDeleteVoucher() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      const result = unwrapAnswer(await api.delete<null>(paths.company(company, `vouchers/${id}`)));
      return { id, message: result.message };
    },
    onSuccess: ({ id }) => {
      queryClient.removeQueries({ queryKey: vouchersKeys.detail(company, id) });
      void queryClient.invalidateQueries({ queryKey: vouchersKeys.lists() });
    },
  });
}

export function useVoucherProducts(id: number) {
  const company = useCompanyId();
  return useQuery({
    queryKey: productsKey(company, id),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<VoucherProduct[]>(paths.company(company, `vouchers/${id}/products`), { signal })),
  });
}

/** `PUT` (include) or `DELETE` (remove) `vouchers/{id}/products/{productShopId}/include`. */
export function useSetVoucherProduct(id: number) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ shopId, include }: { shopId: string; include: boolean }) => {
      const path = paths.company(company, `vouchers/${id}/products/${encodeURIComponent(shopId)}/include`);
      return unwrap(
        include ? await api.put<VoucherProduct[]>(path, {}) : await api.delete<VoucherProduct[]>(path),
      );
    },
    onSuccess: (products) => {
      queryClient.setQueryData(productsKey(company, id), products);
      void queryClient.invalidateQueries({ queryKey: vouchersKeys.detail(company, id) });
      void queryClient.invalidateQueries({ queryKey: vouchersKeys.lists() });
    },
  });
}
