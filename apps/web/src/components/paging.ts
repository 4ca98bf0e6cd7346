/** Spec 01 §2 "Lists": paging wraps around — next on the last page goes to the first, and back. */
export function nextPage(page: number, lastPage: number): number {
  return page >= lastPage ? 1 : page + 1;
}

export function previousPage(page: number, lastPage: number): number {
  return page <= 1 ? Math.max(lastPage, 1) : page - 1;
}

/** Spec 01 §9: default page size, and the placeholder rows shown while loading. */
export const PAGE_SIZE = 10;
/** The page sizes a list offers (the API allows 1 to 100). */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const PLACEHOLDER_ROWS = 5;
/** Spec 01 §9: a fetch spinner stays at least this long, so it never just flickers. */
export const MIN_SPINNER_MS = 200;
/** Spec 01 §9: search input debounce. */
export const SEARCH_DEBOUNCE_MS = 500;
