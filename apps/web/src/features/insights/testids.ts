export const insightsIds = {
  page: 'insights-page',
  customersTotal: 'insights-customers-total',
  customersNewThisMonth: 'insights-customers-new-this-month',
  productsTotal: 'insights-products-total',
  catalogValue: 'insights-catalog-value',
  stockValue: 'insights-stock-value',
  breakdown: (name: string) => `insights-breakdown-${name}`,
  bar: 'insights-bar',
  error: 'insights-error',
} as const;
