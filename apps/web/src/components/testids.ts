/** Test ids of the shared components (STYLE.md #5). */
export const dataListIds = {
  root: 'data-list',
  search: 'data-list-search',
  searchClear: 'data-list-search-clear',
  filtersToggle: 'data-list-filters-toggle',
  filtersPanel: 'data-list-filters-panel',
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
  pageSize: 'data-list-page-size',
  rowLink: 'data-list-row-link',
  card: 'data-list-card',
  selectRow: 'data-list-select-row',
  selectPage: 'data-list-select-page',
  selectionBar: 'data-list-selection',
  selectionCount: 'data-list-selection-count',
  selectionClear: 'data-list-selection-clear',
  export: 'data-list-export',
  exportSelected: 'data-list-export-selected',
  exportProgress: 'data-list-export-progress',
  mobileSort: 'data-list-mobile-sort',
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

export const discardDialogIds = {
  dialog: 'discard-dialog',
  stay: 'discard-dialog-stay',
  discard: 'discard-dialog-discard',
} as const;

export const archiveIds = {
  archive: 'archive-action',
  restore: 'restore-action',
  delete: 'delete-action',
  notice: 'archived-notice',
  deleteRefused: 'delete-refused',
  showArchived: 'show-archived',
} as const;

/** `ActionDialog`'s parts; a spec may give its own ids for the dialog and its buttons. */
export const actionDialogIds = {
  dialog: 'action-dialog',
  form: 'action-dialog-form',
  problems: 'action-dialog-problems',
  cancel: 'action-dialog-cancel',
  confirm: 'action-dialog-confirm',
  done: 'action-dialog-done',
} as const;

/** The loading and error dialogs (StatusDialogs.tsx). */
export const statusDialogIds = {
  loading: 'loading-dialog',
  error: 'error-dialog',
  errorMessage: 'error-dialog-message',
  close: 'status-dialog-close',
} as const;
