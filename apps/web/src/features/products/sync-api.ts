/** The product sync's API calls, apart from the hooks so that they can be tested without React. */
import type { ProductSync } from '@rentloop/domain/catalog';
import { api, paths, unwrap } from '../../api/client.ts';

/**
 * `GET products/sync`: the company's latest sync, or null when none ran (the API answers `data: null`).
 * Any failure, a 404 included (a missing route, another company), is an `ApiError` for the page to show.
 */
export async function fetchLatestSync(company: number, signal?: AbortSignal): Promise<ProductSync | null> {
  return (
    unwrap(await api.get<ProductSync | null>(paths.company(company, 'products/sync'), { signal })) ?? null
  );
}
