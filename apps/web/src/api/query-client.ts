import { QueryClient } from '@tanstack/react-query';

/** Spec 01 §9: data stays fresh 5 minutes, no retries. */
export const STALE_TIME = 300_000;
/** Spec 01 §4/§9: an unused list cache entry is dropped after 10 seconds. */
export const LIST_GC_TIME = 10_000;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: STALE_TIME, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
