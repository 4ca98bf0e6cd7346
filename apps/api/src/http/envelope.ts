import type { ListMeta } from '@rentloop/domain/api';

/** The success envelope `{ status: true, message, data }`. */
export const ok = <T>(data: T, message = '') => ({ status: true as const, message, data });

/** The paginated envelope with `is_paginated` and `meta`. */
export const paginated = <T>(data: T[], meta: ListMeta, message = '') => ({
  status: true as const,
  message,
  is_paginated: true as const,
  data,
  meta,
});
