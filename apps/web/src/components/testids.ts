/** Test ids of the shared components (STYLE.md #5). */
export const dataListIds = {
  root: 'data-list',
  search: 'data-list-search',
  searchClear: 'data-list-search-clear',
  spinner: 'data-list-spinner',
  row: 'data-list-row',
  placeholderRow: 'data-list-placeholder-row',
  empty: 'data-list-empty',
  error: 'data-list-error',
  sort: (column: string) => `data-list-sort-${column}`,
  pagerRange: 'data-list-pager-range',
  pagerPage: 'data-list-pager-page',
  pagerPrevious: 'data-list-pager-previous',
  pagerNext: 'data-list-pager-next',
} as const;

export const routeDialogIds = {
  dialog: 'route-dialog',
  close: 'route-dialog-close',
} as const;

export const statusChipId = 'status-chip';

export const confirmDialogIds = {
  dialog: 'confirm-dialog',
  typed: 'confirm-dialog-typed',
  cancel: 'confirm-dialog-cancel',
  confirm: 'confirm-dialog-confirm',
} as const;
