/** Test ids of the global search (STYLE.md #5). */
export const searchIds = {
  open: 'global-search-open',
  dialog: 'global-search-dialog',
  input: 'global-search-input',
  group: (source: string) => `global-search-group-${source}`,
  result: 'global-search-result',
  empty: 'global-search-empty',
  error: 'global-search-error',
} as const;
