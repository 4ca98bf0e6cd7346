export const insightsIds = {
  page: 'insights-page',
  customersTotal: 'insights-customers-total',
  customersNewThisMonth: 'insights-customers-new-this-month',
} as const;
