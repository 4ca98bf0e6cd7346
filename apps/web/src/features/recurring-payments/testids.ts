export const recurringPaymentsIds = {
  listPage: 'recurring-payments-page',
  filter: (name: string) => `recurring-payments-filter-${name}`,
  filterOption: (name: string, value: string) => `recurring-payments-filter-${name}-${value}`,
  clearFilters: 'recurring-payments-clear-filters',
  dunning: (id: number) => `recurring-payment-dunning-${id}`,
  charge: 'recurring-payments-charge',
  chargeDialog: 'recurring-payments-charge-dialog',
  chargeConfirm: 'recurring-payments-charge-confirm',
  chargeResult: 'recurring-payments-charge-result',
  chargeResultRow: (id: number) => `recurring-payments-charge-result-${id}`,
  chargeDone: 'recurring-payments-charge-done',
} as const;
