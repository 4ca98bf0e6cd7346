/**
 * How many of a list's filters are set, for the phone's "Filters (2)" button. "Show archived" off is
 * the default and absent from the URL; any key present is a filter the person chose.
 */
export function countActiveFilters(filters: Record<string, string | undefined>): number {
  return Object.values(filters).filter((v) => v !== undefined && v !== '').length;
}
