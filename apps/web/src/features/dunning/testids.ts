export const dunningIds = {
  /** The dunning line of a subscription's or an order's page. */
  notice: 'dunning-notice',
} as const;
