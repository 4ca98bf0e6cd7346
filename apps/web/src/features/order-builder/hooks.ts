/** Data hooks of the order builder: the pickers' searches, the live price, saving and placing. */
import type { Product, ProductDetail, Variant } from '@rentloop/domain/catalog';
import type { Customer } from '@rentloop/domain/customers';
import type { OrderDetail, OrderPrice } from '@rentloop/domain/order-details';
import type { OrderInput } from '@rentloop/domain/orders';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, paths, unwrap, unwrapPage } from '../../api/client.ts';
import { queryKeysFactory } from '../../api/query-keys.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { newIdempotencyKey } from './cart.ts';

export const builderKeys = queryKeysFactory('order-builder');

const SEARCH_PAGE = 20;

export function useCustomerSearch(search: string) {
  const company = useCompanyId();
  return useQuery({
    queryKey: [...builderKeys.all, company, 'customers', search],
    queryFn: async ({ signal }) =>
      unwrapPage(
        await api.get<Customer[]>(paths.replica(company, 'customers'), {
          query: { search: search.trim() || undefined, per_page: SEARCH_PAGE, page: 1 },
          signal,
        }),
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function useCustomerById(id: number | null) {
  const company = useCompanyId();
  return useQuery({
    queryKey: [...builderKeys.all, company, 'customer', id],
    enabled: id !== null,
    queryFn: async ({ signal }) =>
      unwrap(await api.get<Customer>(paths.company(company, `customers/${id}`), { signal })),
  });
}

export function useProductSearch(search: string) {
  const company = useCompanyId();
  return useQuery({
    queryKey: [...builderKeys.all, company, 'products', search],
    queryFn: async ({ signal }) =>
      unwrapPage(
        await api.get<Product[]>(paths.replica(company, 'products'), {
          query: { search: search.trim() || undefined, per_page: SEARCH_PAGE, page: 1 },
          signal,
        }),
      ).data,
    placeholderData: keepPreviousData,
  });
}

/**
 * Variants whose SKU or name matches (`GET variants?search=`, trigram-indexed), for finding a product
 * by SKU; from two characters on (a shorter search matches nearly everything).
 */
export function useVariantSearch(search: string) {
  const company = useCompanyId();
  const text = search.trim();
  return useQuery({
    queryKey: [...builderKeys.all, company, 'variants', text],
    enabled: text.length >= 2,
    queryFn: async ({ signal }) =>
      unwrapPage(
        await api.get<Variant[]>(paths.replica(company, 'variants'), {
          query: { search: text, per_page: SEARCH_PAGE, page: 1 },
          signal,
        }),
      ).data,
    placeholderData: keepPreviousData,
  });
}

const productQuery = (company: number, id: number) => ({
  queryKey: [...builderKeys.all, company, 'product', id],
  queryFn: async ({ signal }: { signal?: AbortSignal }) =>
    unwrap(await api.get<ProductDetail>(paths.company(company, `products/${id}`), { signal })),
  staleTime: 60_000,
});

/** One product with its variants and rental prices (a cart line's choices). */
export function useProduct(id: number) {
  const company = useCompanyId();
  return useQuery(productQuery(company, id));
}

/** Reads a product (from the cache when a line has it already): a variant found by SKU needs its product. */
export function useFetchProduct() {
  const company = useCompanyId();
  const client = useQueryClient();
  return (id: number) => client.fetchQuery(productQuery(company, id));
}

export interface ShippingOption {
  method_id: number;
  name: string;
  carrier: string | null;
  price: string;
  free: boolean;
  delivery_days_min: number | null;
  delivery_days_max: number | null;
}
export interface ShippingOptions {
  shippable: boolean;
  reason: string | null;
  message: string | null;
  options: ShippingOption[];
}

/** `GET settings/shipping-options` for the shipping address's country and region. */
export function useShippingOptions(
  params: { country: string; region: string; cartValue: string; productIds: number[] } | null,
) {
  const company = useCompanyId();
  return useQuery({
    queryKey: [...builderKeys.all, company, 'shipping', params],
    enabled: params !== null,
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get<ShippingOptions>(`/api/companies/${company}/settings/shipping-options`, {
          query: {
            country: params?.country,
            region: params?.region || undefined,
            cart_value: params?.cartValue,
            product_ids: params?.productIds.join(','),
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** `POST orders/price` for the (debounced) cart; the last good totals stay while the next load. */
export function usePrice(body: OrderInput | null) {
  const company = useCompanyId();
  return useQuery({
    queryKey: [...builderKeys.all, company, 'price', body],
    enabled: body !== null,
    queryFn: async ({ signal }) =>
      unwrap(await api.post<OrderPrice>(paths.company(company, 'orders/price'), body, { signal })),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useDraft(id: number | null) {
  const company = useCompanyId();
  return useQuery({
    queryKey: [...builderKeys.all, company, 'draft', id],
    enabled: id !== null,
    queryFn: async ({ signal }) =>
      unwrap(await api.get<OrderDetail>(paths.company(company, `draft-orders/${id}`), { signal })),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export interface Saved {
  id: number;
  message: string;
}

/** `POST draft-orders` (new quote) or `PUT draft-orders/{id}`. */
export function useSaveQuote(draftId: number | null) {
  const company = useCompanyId();
  return useMutation({
    mutationFn: async (body: OrderInput): Promise<Saved> => {
      if (draftId === null) {
        const result = await api.post<{ draft_id: number }>(paths.company(company, 'draft-orders'), body, {
          headers: { 'Idempotency-Key': newIdempotencyKey() },
        });
        if (!result.success || !result.data) throw new ApiError(result);
        return { id: result.data.draft_id, message: result.message };
      }
      const result = await api.put<OrderDetail>(paths.company(company, `draft-orders/${draftId}`), body);
      if (!result.success || !result.data) throw new ApiError(result);
      return { id: result.data.id, message: result.message };
    },
  });
}

/**
 * Place the order. A new cart: `POST orders/full` with an Idempotency-Key (one per cart). A loaded quote:
 * saved as it is now (`PUT draft-orders/{id}`), then finalised (`POST orders/swap-draft/{id}`): the
 * quote becomes the order, no second order is made.
 */
export function usePlaceOrder(draftId: number | null) {
  const company = useCompanyId();
  return useMutation({
    mutationFn: async ({ body, key }: { body: OrderInput; key: string }): Promise<Saved> => {
      if (draftId !== null) {
        const saved = await api.put<OrderDetail>(paths.company(company, `draft-orders/${draftId}`), body);
        if (!saved.success) throw new ApiError(saved);
        const result = await api.post<OrderDetail>(paths.company(company, `orders/swap-draft/${draftId}`));
        if (!result.success || !result.data) throw new ApiError(result);
        return { id: result.data.id, message: result.message };
      }
      const result = await api.post<OrderDetail>(paths.company(company, 'orders/full'), body, {
        headers: { 'Idempotency-Key': key },
      });
      if (!result.success || !result.data) throw new ApiError(result);
      return { id: result.data.id, message: result.message };
    },
  });
}
