export const shippingIds = {
  panel: 'shipping-panel',
  countries: 'shipping-countries',
  countryRow: 'shipping-country-row',
  newCountry: 'shipping-new-country',
  methods: 'shipping-methods',
  methodRow: 'shipping-method-row',
  newMethod: 'shipping-new-method',
  rules: 'shipping-rules',
  ruleRow: 'shipping-rule-row',
  newRule: 'shipping-new-rule',
  methodRule: (id: number) => `shipping-method-rule-${id}`,
  remove: (kind: string, id: number) => `shipping-delete-${kind}-${id}`,
  dialog: 'shipping-dialog',
  ruleWarning: 'shipping-rule-warning',
  field: (name: string) => `shipping-field-${name}`,
  option: (name: string, value: string) => `shipping-option-${name}-${value}`,
  form: 'shipping-form',
  formError: 'shipping-form-error',
  save: 'shipping-save',
  cancel: 'shipping-cancel',
} as const;

export const shippingFormIds = {
  form: shippingIds.form,
  problems: shippingIds.formError,
  cancel: shippingIds.cancel,
  save: shippingIds.save,
};

/** Where the shipping screens live: the Settings page's shipping section. */
export const SHIPPING_HOME = '/admin/settings?section=checkout_shipping';
