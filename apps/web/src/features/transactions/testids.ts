export const transactionsIds = {
  listPage: 'transactions-page',
  filter: (name: string) => `transactions-filter-${name}`,
  filterOption: (name: string, value: string) => `transactions-filter-${name}-${value}`,
  clearFilters: 'transactions-clear-filters',
  detailPage: 'transaction-detail-page',
  detailError: 'transaction-detail-error',
  detailTitle: 'transaction-detail-title',
  state: 'transaction-state',
  field: (field: string) => `transaction-field-${field}`,
  rawToggle: 'transaction-raw-toggle',
  raw: 'transaction-raw',
} as const;
