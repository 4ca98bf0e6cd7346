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
