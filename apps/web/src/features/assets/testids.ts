/** Test ids of the assets (product tracking) screens. */
export const assetsIds = {
  listPage: 'assets-page',
  newAsset: 'assets-new',
  filter: (name: string) => `assets-filter-${name}`,
  filterOption: (name: string, value: string) => `assets-filter-${name}-${value}`,
  clearFilters: 'assets-clear-filters',
  createDialog: 'asset-create-dialog',
  detailPage: 'asset-detail-page',
  detailError: 'asset-detail-error',
  back: 'asset-back',
  status: 'asset-status',
  field: (name: string) => `asset-field-${name}`,
  action: (action: string) => `asset-action-${action}`,
  actionDialog: 'asset-action-dialog',
  actionConfirm: 'asset-action-confirm',
  actionCancel: 'asset-action-cancel',
  history: 'asset-history',
  historyRow: 'asset-history-row',
  pnl: 'asset-pnl',
  pnlField: (name: string) => `asset-pnl-${name}`,
};

export const assetFormIds = {
  form: 'asset-form',
  problems: 'asset-form-problems',
  save: 'asset-save',
  cancel: 'asset-cancel',
  field: (name: string) => `asset-form-${name}`,
};

/** The assets list's import (the shared CSV import dialog's ids). */
export const assetImportIds = {
  importOpen: 'assets-import-open',
  importDialog: 'assets-import-dialog',
  importTemplate: 'assets-import-template',
  importChoose: 'assets-import-choose',
  importFile: 'assets-import-file',
  importFileError: 'assets-import-file-error',
  importSummary: 'assets-import-summary',
  importErrors: 'assets-import-errors',
  importError: (row: number, column: string | null) => `assets-import-error-${row}-${column ?? 'row'}`,
  importProgress: 'assets-import-progress',
  importFailed: 'assets-import-failed',
  importStart: 'assets-import-start',
  importClose: 'assets-import-close',
};
